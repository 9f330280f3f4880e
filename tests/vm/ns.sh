#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# ns.sh KERNEL FLAVOUR: idmapped mounts of tmpfs and of ext4 (an empty
# image made here, on /mnt in the guest) and overlayfs in a user namespace
# (tests/vm/ns.c), against lib's model; then the values the guest wrote
# through the ext4 mounts, read raw from the image with debugfs.
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
kernel=$1 flavour=$2
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to make the disk image"
	exit 0
fi
. kernel/kver.sh
kver_of "$kernel" || { echo "Bail out! $kernel is under no version's directory"; exit 1; }
work=$top/build/vm/ns-disk-$flavour$ktag
rm -rf "$work" && mkdir -p "$work"
mke2fs -q -F -t ext4 "$work/disk.img" 16M >/dev/null ||
	{ echo "Bail out! mke2fs failed"; exit 1; }
FCAPS_VM_DISK=$work/disk.img sh tests/vm/run.sh "$kernel" ns \
	fcaps_kernel="$flavour" >"$work/guest.tap"
rc=$?
n=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$work/guest.tap" | tail -n 1)
grep -v '^1\.\.[0-9]*$' "$work/guest.tap"
if [ "$rc" -ne 0 ] || [ -z "$n" ]; then
	[ -n "$n" ] && echo "1..$n"
	exit "$rc"
fi
# The bytes the guest's writes through the ext4 mounts left, read from the
# image (debugfs), against what the model said the file system stores.
debugfs -R "cat /t/expect" "$work/disk.img" 2>/dev/null >"$work/expect"
if [ ! -s "$work/expect" ]; then
	n=$((n + 1))
	echo "not ok $n - the guest's list of kept ext4 files (/t/expect)"
fi
while read -r f hex; do
	n=$((n + 1))
	got=$(debugfs -R "ea_get -x $f security.capability" "$work/disk.img" \
		2>/dev/null | sed -n 's/^security\.capability ([0-9]*) = //p' |
		tr -d ' \n')
	if [ "$got" = "$hex" ]; then
		echo "ok $n - host: $f holds $hex on the image"
	else
		echo "not ok $n - host: $f holds $hex on the image"
		echo "#   got '$got'"
	fi
done <"$work/expect"
echo "1..$n"
