#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel/smoke/offline.sh BZIMAGE
#
# Values that setxattr refuses, written offline into an ext4 image with
# debugfs (as a restored backup or a foreign image would carry them), then
# probed in the guest: getxattr, exec as uid 1000, killpriv on chown.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
bz=$1
work=$top/build/kernel/offline
rm -rf "$work" && mkdir -p "$work/tree" "$work/val"
gcc -static -O2 -Wall -Wextra -o "$work/probe" "$top/kernel/smoke/probe.c"

# name:hex value (empty hex = zero-length value)
set -- \
	v2:0100000200400000000000000000000000000000 \
	v2-noeff:0000000200400000000000000000000000000000 \
	empty: \
	v1:010000010040000000000000 \
	v1-odd:030000010040000000000000 \
	v2-odd:0300000200400000000000000000000000000000 \
	v2-size12:010000020040000000000000 \
	v9:0100000900400000000000000000000000000000
for c; do
	cp "$work/probe" "$work/tree/${c%%:*}"
	chmod 755 "$work/tree/${c%%:*}"
	chown 1000:1000 "$work/tree/${c%%:*}"
done
mke2fs -q -t ext4 -d "$work/tree" "$work/disk.img" 64M
names=
for c; do
	n=${c%%:*}; hex=${c#*:}
	printf '%s' "$hex" | xxd -r -p > "$work/val/$n"
	debugfs -w -R "ea_set -f $work/val/$n /$n security.capability" \
		"$work/disk.img" >/dev/null 2>&1
	names="$names /mnt/$n"
done
DISK=$work/disk.img RUN=$work/probe RUN_ARGS=$names sh "$top/kernel/boot-smoke.sh" "$bz"
