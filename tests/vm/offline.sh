#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# offline.sh KERNEL FLAVOUR [SUITE [BOOT-ARG]]: values no kernel write path produces
# (zero-length, v1, unknown flag bits, wrong sizes, oversized), planted
# with debugfs ea_set into an ext4 image built on the host, then read,
# executed, chowned and rewritten in the guest (tests/vm/offline.c); or
# given to another guest SUITE (audit, with audit=1).
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
kernel=$1 flavour=$2
. tests/ea-plant.sh
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to build the image as root's files"
	exit 0
fi
suite=${3:-offline}
. kernel/kver.sh
kver_of "$kernel" || { echo "Bail out! $kernel is under no version's directory"; exit 1; }
work=$top/build/vm/$suite-disk-$flavour$ktag
rm -rf "$work" && mkdir -p "$work/tree/x" "$work/tree/val"
# name:hex (empty hex: a zero-length value)
set -- \
	v2-ipc_lock+ep:0100000200400000000000000000000000000000 \
	v3-root0-ipc_lock+ep:010000030040000000000000000000000000000000000000 \
	zero-length: \
	v1-ipc_lock+ep:010000010040000000000000 \
	v1-ipc_lock+p:000000010040000000000000 \
	odd-flags-ipc_lock+ep:0300000200400000000000000000000000000000 \
	v2-in-12-bytes:010000020040000000000000 \
	revision-9:0100000900400000000000000000000000000000 \
	oversized-28:01000003004000000000000000000000000000000000000000000000
for c; do
	n=${c%%:*}
	cp build/static/tests/vm/probe "$work/tree/x/$n"
	chmod 755 "$work/tree/x/$n"
	ea_hex "${c#*:}" >"$work/tree/val/$n"
done
mke2fs -q -F -t ext4 -d "$work/tree" "$work/disk.img" 16M >/dev/null ||
	{ echo "Bail out! mke2fs -d failed"; exit 1; }
for c; do
	n=${c%%:*}
	ea_set_file "$work/disk.img" "/x/$n" "$work/tree/val/$n" ||
		{ echo "Bail out! debugfs ea_set $n failed"; exit 1; }
done
# shellcheck disable=SC2086
FCAPS_VM_DISK=$work/disk.img exec sh tests/vm/run.sh "$kernel" "$suite" \
	fcaps_kernel="$flavour" ${4:-}
