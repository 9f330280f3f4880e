#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# ext4 on a virtio disk, on the unpatched kernel: an image built on the
# host with mke2fs -d (capabilities copied) plus values planted with
# debugfs ea_set; the guest's tools must find them; a value the guest
# writes must be visible from the host afterwards (debugfs ea_get).
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
kernel=${1:-build/kernel/stock/bzImage}
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to set capabilities in the source tree"
	exit 0
fi
work=$top/build/vm/disk-$(basename "$(dirname "$kernel")")
rm -rf "$work" && mkdir -p "$work/tree" "$work/val"
for f in ping admin zero v1 odd guestset; do
	cp build/static/tests/vm/probe "$work/tree/$f"
	chmod 755 "$work/tree/$f"
done
setcap cap_net_raw+ep "$work/tree/ping"
setcap cap_sys_admin+ep "$work/tree/admin"
mke2fs -q -F -t ext4 -d "$work/tree" "$work/disk.img" 16M >/dev/null
hexval() { python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1"; }
: >"$work/val/zero"
hexval 010000010020000000000000 >"$work/val/v1"
hexval 0300000200200000000000000000000000000000 >"$work/val/odd"
for f in zero v1 odd; do
	debugfs -w -R "ea_set -f $work/val/$f /$f security.capability" \
		"$work/disk.img" >/dev/null 2>&1
done
FCAPS_VM_DISK=$work/disk.img sh tests/vm/run.sh "$kernel" scan-guest >"$work/guest.tap"
rc=$?
grep -v '^1\.\.' "$work/guest.tap"
n=$(grep -c '^\(not \)\?ok' "$work/guest.tap")
got=$(debugfs -R "ea_get -x /guestset security.capability" "$work/disk.img" 2>/dev/null | tr -d ' \n')
n=$((n + 1))
case $got in
*0100000200400000000000000000000000000000*|*01000002004000000000000000000000*)
	echo "ok $n - host reads the guest's cap_ipc_lock+ep with debugfs ea_get" ;;
*)	echo "not ok $n - host reads the guest's value with debugfs ea_get (got '$got')" ;;
esac
echo "1..$n"
exit $rc
