#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan.sh KERNEL: ext4 on a virtio disk, on an unpatched kernel: an image built on the
# host with mke2fs -d (capabilities copied) plus values planted with
# debugfs ea_set; the guest's tools must find them; a value the guest
# writes must be visible from the host afterwards (debugfs ea_get), and
# fsck-check --image on the host must find everything on the disk.
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
. tests/tap.sh
kernel=${1:-build/kernel/stock/bzImage}
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to set capabilities in the source tree"
	exit 0
fi
. kernel/kver.sh
kver_of "$kernel" || { echo "Bail out! $kernel is under no version's directory"; exit 1; }
work=$top/build/vm/disk-$(basename "$(dirname "$kernel")")$ktag
rm -rf "$work" && mkdir -p "$work/tree"
for f in ping admin zero v1 odd guestset; do
	cp build/static/tests/vm/probe "$work/tree/$f"
	chmod 755 "$work/tree/$f"
done
setcap cap_net_raw+ep "$work/tree/ping"
setcap cap_sys_admin+ep "$work/tree/admin"
mke2fs -q -F -t ext4 -d "$work/tree" "$work/disk.img" 16M >/dev/null
. tests/ea-plant.sh
for v in zero: v1:010000010020000000000000 \
	odd:0300000200200000000000000000000000000000; do
	ea_plant "$work/disk.img" "/${v%%:*}" "${v#*:}" ||
		{ echo "Bail out! debugfs ea_set ${v%%:*} failed"; exit 1; }
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

# Offline, on the host: what the guest kernel wrote and what was planted.
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check
[ -x "$fc" ] || fc=$top/fsck-check/fsck-check
j=$work/image.json
"$fc" --image "$work/disk.img" --json >"$j" 2>"$work/image.err"
frc=$?
# the guest's own --json output, for the schema check (tests/json-lines.sh)
debugfs -R "dump /guest.json $work/guest.json" "$work/disk.img" >/dev/null 2>&1
keep_json "$j" "$work/guest.json"
# The guest stops with reboot -f: the journal may still want recovery.
grep -v 'the journal needs recovery' "$work/image.err" | sed 's/^/# /'
n=$((n + 1))
if [ $frc -eq 4 ]; then echo "ok $n - fsck-check --image on the guest's disk exits 4"
else echo "not ok $n - fsck-check --image on the guest's disk exits 4 (got $frc)"; fi
# has PATH PATTERN DESC: the --image JSON line for PATH matches PATTERN
has() {
	n=$((n + 1))
	if grep -F "\"path\":\"$1\"" "$j" | grep -q "$2"; then
		echo "ok $n - $3"
	else
		echo "not ok $n - $3"
	fi
}
has /guestset '"caps":"cap_ipc_lock=ep"' \
	"fsck-check --image finds the cap_ipc_lock+ep the guest kernel wrote"
has /guestset '"storage":"\(inode\|block\)"' \
	"and says where the guest kernel stored it"
has /ping '"caps":"cap_net_raw=ep"' "fsck-check --image finds the mke2fs -d value"
has /admin '"rule":"dangerous"' "fsck-check --image flags the dangerous one"
has /zero '"rule":"zero-length"' "fsck-check --image decodes the zero-length value"
has /v1 '"rule":"legacy-v1".*cap_net_raw=ep' \
	"fsck-check --image decodes the v1 value (cap_net_raw=ep)"
has /odd '"rule":"unknown-flags".*cap_net_raw=ep' \
	"fsck-check --image decodes the odd-flag value (cap_net_raw=ep)"
echo "1..$n"
exit $rc
