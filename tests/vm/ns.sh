#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# ns.sh KERNEL FLAVOUR: idmapped mounts of tmpfs and of ext4 (an empty
# image made here, on /mnt in the guest) and overlayfs in a user namespace
# (tests/vm/ns.c), against lib's model.
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
kernel=$1 flavour=$2
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to make the disk image"
	exit 0
fi
work=$top/build/vm/ns-disk-$flavour
rm -rf "$work" && mkdir -p "$work"
mke2fs -q -F -t ext4 "$work/disk.img" 16M >/dev/null ||
	{ echo "Bail out! mke2fs failed"; exit 1; }
FCAPS_VM_DISK=$work/disk.img exec sh tests/vm/run.sh "$kernel" ns \
	fcaps_kernel="$flavour"
