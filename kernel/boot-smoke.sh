#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel/boot-smoke.sh BZIMAGE [APPEND...]
#
# Boot BZIMAGE under QEMU (TCG; KVM hangs on these machines) with a
# busybox-static initramfs whose /init prints a marker and a few facts
# about file capabilities, then `reboot -f` (with -no-reboot QEMU exits).
# Fails on a missing marker, a kernel panic or a timeout ($TIMEOUT, 60 s).
# RUN=/path/to/static-program copies it into the guest and runs it (as root,
# TMPDIR=/tmp on tmpfs) before the marker; its output lands in the log and
# on stdout, RUN_ARGS are its arguments.  DISK=image attaches a raw image
# as virtio disk /dev/vda, mounted (ext4) on /mnt before RUN.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bz=$1; shift
busybox=${BUSYBOX:-/bin/busybox}
work=$top/build/kernel/boot
mkdir -p "$work"
root=$(mktemp -d "$work/root.XXXXXX")
# the log is named after the kernel's directory under build/kernel/
# and its variant (stock, patched-nofcaps, 6.1-bisect-3, ...), the
# initramfs after this run's root
rel=$(cd "$(dirname "$bz")" && pwd -P)
case $rel in */build/kernel/*) rel=${rel##*/build/kernel/} ;; *) rel=${rel##*/} ;; esac
f=$(basename "$bz")
log=$work/$(echo "$rel" | tr / -)${f#bzImage}.log
initrd=$root.cpio.gz
trap 'rm -rf "$root" "$initrd"' EXIT

chmod 755 "$root"
mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/tmp"
cp "$busybox" "$root/bin/busybox"
[ -n "${RUN:-}" ] && cp "$RUN" "$root/bin/fcaps-run"
cat > "$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
echo "FCAPS-BOOT: $(uname -r) file_caps=$(cat /sys/kernel/fscaps 2>/dev/null)"
grep -q '^Cap' /proc/self/status && echo "FCAPS-BOOT: $(grep CapEff /proc/self/status)"
[ -b /dev/vda ] && mkdir -p /mnt && mount -t ext4 /dev/vda /mnt
if [ -x /bin/fcaps-run ]; then
	TMPDIR=/tmp /bin/fcaps-run $(cat /run-args) 2>&1 | sed 's/^/FCAPS-RUN: /'
fi
[ -b /dev/vda ] && umount /mnt
echo "FCAPS-BOOT-OK"
reboot -f
INIT
chmod 755 "$root/init"
echo "${RUN_ARGS:-}" > "$root/run-args"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$initrd"

echo "  BOOT $bz"
rc=0
. "$top/kernel/qemu.sh"
fcaps_qemu "${TIMEOUT:-60}" 256 "$bz" "$initrd" "console=ttyS0 panic=-1 $*" \
	${DISK:+-drive file="$DISK",format=raw,if=virtio} >"$log" 2>&1 || rc=$?
if grep -q 'Kernel panic' "$log"; then
	echo "boot-smoke: kernel panic, see $log" >&2; exit 1
fi
if ! grep -q '^FCAPS-BOOT-OK' "$log"; then
	[ "$rc" = 124 ] && echo "boot-smoke: timeout" >&2
	echo "boot-smoke: no marker (rc $rc), see $log" >&2; tail -20 "$log" >&2
	exit 1
fi
grep '^FCAPS-' "$log"
