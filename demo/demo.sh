#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# demo.sh: the host side of `make demo` (run it through make, which builds
# what it needs).  Builds the guest's disk -- an ext4 image of /opt with
# oracle-sim, its manifest and three planted files, the bad values written
# with debugfs as no kernel would -- boots the patched kernel under QEMU,
# shows the guest's narration (steps 1-5, demo/guest.sh) and then runs
# step 6, fsck-check --image on the disk the guest left behind.
#
# V=1 shows the whole serial console, kernel messages included.
# FCAPS_DEMO_KERNEL=path boots another kernel (default: the patched one).
# Exit status: 0 when every step went as the story says, 1 otherwise.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 1
kernel=${FCAPS_DEMO_KERNEL:-build/kernel/patched/bzImage}
work=build/demo
S=build/static
start=$(date +%s)

for f in "$kernel" $S/demo/oracle-sim $S/demo/setxattr $S/setfcap/setfcap \
	$S/getfcap/getfcap $S/fsck-check/fsck-check fsck-check/fsck-check; do
	if [ ! -f "$f" ]; then
		echo "demo: $f is missing: run 'make demo'" >&2
		exit 1
	fi
done

# ---- the guest's disk ------------------------------------------------------
rm -rf "$work/tree" "$work/root" "$work/val" "$work/disk.img"
mkdir -p "$work/tree/opt/oracle-sim/bin" "$work/tree/opt/oracle-sim/share" \
	"$work/tree/opt/tools/bin" "$work/val"
cp $S/demo/oracle-sim "$work/tree/opt/oracle-sim/bin/"
echo "cap_ipc_lock+ep /opt/oracle-sim/bin/oracle-sim" \
	>"$work/tree/opt/oracle-sim/share/fcaps.manifest"
for f in diag report legacy-backup; do
	cp $S/demo/oracle-sim "$work/tree/opt/tools/bin/$f"
done
chmod -R go-w "$work/tree"
hexval() {
	python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1"
}
# diag: v2 cap_sys_admin+ep; report: zero-length; legacy-backup: v1
# cap_dac_read_search+ep.  Everything owned by root, as a package installs.
hexval 0100000200002000000000000000000000000000 >"$work/val/diag"
: >"$work/val/report"
hexval 010000010400000000000000 >"$work/val/legacy-backup"
{
	for p in / /opt /opt/oracle-sim /opt/oracle-sim/bin \
		/opt/oracle-sim/bin/oracle-sim /opt/oracle-sim/share \
		/opt/oracle-sim/share/fcaps.manifest /opt/tools /opt/tools/bin \
		/opt/tools/bin/diag /opt/tools/bin/report \
		/opt/tools/bin/legacy-backup; do
		echo "set_inode_field $p uid 0"
		echo "set_inode_field $p gid 0"
	done
	for f in diag report legacy-backup; do
		echo "ea_set -f $work/val/$f /opt/tools/bin/$f security.capability"
	done
} >"$work/debugfs.cmd"
if ! mke2fs -q -F -t ext4 -d "$work/tree" "$work/disk.img" 32M \
	>"$work/mke2fs.log" 2>&1 ||
	! debugfs -w -f "$work/debugfs.cmd" "$work/disk.img" \
	>"$work/debugfs.log" 2>&1; then
	echo "demo: cannot build the guest disk (see $work/*.log)" >&2
	exit 1
fi
if grep -q -i -e error -e 'not found' "$work/debugfs.log"; then
	echo "demo: debugfs failed (see $work/debugfs.log)" >&2
	exit 1
fi

# ---- the guest's initramfs -------------------------------------------------
mkdir -p "$work/root/bin" "$work/root/etc" "$work/root/demo" \
	"$work/root/proc" "$work/root/sys" "$work/root/dev" "$work/root/tmp" \
	"$work/root/mnt" "$work/root/opt"
cp /bin/busybox "$work/root/bin/busybox"
ln -s busybox "$work/root/bin/sh"
cp demo/init "$work/root/init"
cp demo/guest.sh "$work/root/demo/"
chmod 755 "$work/root/init"
cp $S/setfcap/setfcap $S/getfcap/getfcap $S/fsck-check/fsck-check \
	$S/demo/setxattr "$work/root/bin/"
printf 'root:x:0:0:root:/:/bin/sh\noracle:x:1000:1000:oracle-sim:/tmp:/bin/sh\n' \
	>"$work/root/etc/passwd"
printf 'root:x:0:\noracle:x:1000:\n' >"$work/root/etc/group"
(cd "$work/root" && find . | cpio -o -H newc --quiet) | gzip -1 \
	>"$work/initrd.gz"

# ---- narration -------------------------------------------------------------
bold='' plain=''
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
	bold=$(printf '\033[1m') plain=$(printf '\033[0m')
fi
cat <<EOF
fcaps demo: the 2004 "let Oracle lock memory" case, end to end, in a QEMU
guest running $kernel.
The guest's /opt is an ext4 image made on the host with mke2fs -d; three
values were planted in it with debugfs -w ea_set (the last two are values
no kernel writes):
  /opt/tools/bin/diag            cap_sys_admin+ep, an over-privileged tool
  /opt/tools/bin/report          a zero-length value
  /opt/tools/bin/legacy-backup   a revision 1 value, cap_dac_read_search+ep
Prompts: 'root#' runs as root, 'oracle\$' as uid 1000 (su oracle -c ...).
EOF

append="console=ttyS0 panic=-1"
[ "${V:-}" = 1 ] || append="$append quiet loglevel=1"
# The filter shows what lies between the guest's markers, as it comes.
# shellcheck disable=SC2016
filter='
	/^FCAPS-DEMO-BEGIN$/ { on = 1; next }
	/^FCAPS-DEMO-END / { on = 0; next }
	on || v {
		if ($0 ~ /^== /) print bold $0 plain; else print
		fflush()
	}'
. kernel/qemu.sh
fcaps_qemu "${FCAPS_DEMO_TIMEOUT:-180}" 512 "$kernel" "$work/initrd.gz" \
	"$append" -drive "file=$work/disk.img,format=raw,if=virtio" 2>&1 |
	tr -d '\r' | tee "$work/console.txt" |
	awk -v v="${V:-0}" -v bold="$bold" -v plain="$plain" "$filter"
failed=0
if grep -q 'Kernel panic' "$work/console.txt" ||
	! grep -q '^FCAPS-DEMO-END rc=' "$work/console.txt"; then
	echo "[FAILED] the guest did not finish (see $work/console.txt)"
	failed=5
else
	failed=$(sed -n 's/^FCAPS-DEMO-END rc=//p' "$work/console.txt")
fi

# ---- 6: offline, on the host -----------------------------------------------
echo
echo "${bold}== 6. Offline: the guest is off; the host reads its disk${plain}"
fsck=./fsck-check/fsck-check
if ! $fsck -h 2>&1 | grep -q -- '--image'; then
	echo "host\$ fsck-check --image $work/disk.img"
	echo "    fsck-check --image is not available in this build"
	echo "[FAILED] step 6: fsck-check --image not available"
	failed=$((failed + 1))
else
	echo "host\$ fsck-check --image $work/disk.img"
	$fsck --image "$work/disk.img" >"$work/fsck-image.txt" 2>&1
	rc=$?
	sed 's/^/    /' "$work/fsck-image.txt"
	[ $rc -ne 0 ] && echo "    [exit $rc]"
	# The same findings as in the guest: the guest judged what its
	# kernel returned, the host the raw bytes.
	ok=0
	[ $rc -eq 4 ] || ok=1
	grep -q '^/opt/tools/bin/diag: .*\[dangerous\]' "$work/fsck-image.txt" || ok=1
	grep -q '^/opt/tools/bin/report: .*\[zero-length\]' "$work/fsck-image.txt" || ok=1
	grep -q '^/opt/tools/bin/legacy-backup: .*\[legacy-v1\]' "$work/fsck-image.txt" || ok=1
	# ... and the same files as fsck-check in the guest (step 5).
	sed -n 's|^\(/opt/[^:]*\): .*|\1|p' "$work/fsck-image.txt" | sort -u \
		>"$work/paths-image"
	sed -n '/^root# fsck-check \/opt$/,/^[^ ]/p' "$work/console.txt" |
		sed -n 's|^    \(/opt/[^:]*\): .*|\1|p' | sort -u >"$work/paths-guest"
	cmp -s "$work/paths-image" "$work/paths-guest" || ok=1
	if [ $ok -eq 0 ]; then
		echo "[ok] step 6: the guest's files; report zero-length, legacy-backup v1"
	else
		echo "[FAILED] step 6: not the planted values, or not the guest's files"
		failed=$((failed + 1))
	fi
fi

echo
if [ "$failed" -eq 0 ]; then
	echo "demo: all 6 steps went as described ($(( $(date +%s) - start )) s)."
else
	echo "demo: $failed step(s) FAILED ($(( $(date +%s) - start )) s; console: $work/console.txt)."
fi
[ "$failed" -eq 0 ]
