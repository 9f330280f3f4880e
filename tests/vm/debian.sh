#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# debian.sh KERNEL VARIANT: boot the Debian 13 system that
# tests/vm/debian-image.sh makes on KERNEL under QEMU (TCG), its root file
# system on a virtio disk, and print the TAP of its checks
# (tests/vm/debian-guest: systemd, AppArmor, a package's postinst,
# apt and dh-sequence-fcaps, the sysctl.d policy, systemd-run contexts,
# the audit timer and service, node_exporter).  VARIANT (stock, patched)
# tells the guest what the kernel should do.  VARIANT distro boots
# Debian's own kernel of the line instead, KERNEL (build/kernel/.../
# distro/vmlinuz), with its initramfs beside it, both put there by
# debian-image.sh --distro with the image they boot: the system with the
# kernels and tests/vm/guard-guest, which runs debian-guest's checks
# (told stock: Debian's kernels are mainline) and then the stock kernel's
# own.  The kernel's console goes to console.txt, the guest's TAP to a
# second serial port (ttyS1); both are judged as run.sh's are
# (tests/vm/verdict.sh).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1
kernel=$1 variant=$2
. kernel/kver.sh
. kernel/qemu.sh
. tests/vm/verdict.sh
vm_kver "$kernel" || exit 1
work=$top/build/vm/${FCAPS_VM_NAME:-debian-$variant}$ktag
rm -rf "$work"
mkdir -p "$work" || exit 1
initrd= told=$variant
if [ "$variant" = distro ]; then
	initrd=${kernel%/*}/initrd.img told=stock
	sh tests/vm/debian-image.sh --distro "$work/root.img" 2>"$work/image.log"
else
	sh tests/vm/debian-image.sh "$work/root.img" 2>"$work/image.log"
fi
rc=$?
if [ $rc = 77 ]; then
	echo "1..0 # SKIP $(tail -n1 "$work/image.log")"
	exit 0
elif [ $rc != 0 ]; then
	echo "Bail out! the Debian image: $(tail -n1 "$work/image.log")"
	exit 1
fi
if [ ! -f "$kernel" ] || { [ -n "$initrd" ] && [ ! -f "$initrd" ]; }; then
	echo "Bail out! the Debian image gave no $kernel${initrd:+ and $initrd}"
	exit 1
fi
start=$(date +%s)
fcaps_qemu "${FCAPS_VM_TIMEOUT:-1800}" 1024 "$kernel" "$initrd" \
	"console=ttyS0 root=/dev/vda rw panic=-1 fcaps_variant=$told fcaps_kver=$kver" \
	-drive "file=$work/root.img,format=raw,if=virtio" \
	-serial mon:stdio -serial "file:$work/tap.log" >"$work/console.log" 2>&1
rc=$?
echo "# QEMU ran $(( $(date +%s) - start )) s (the boot, the checks, the shutdown)"
tr -d '\r' <"$work/console.log" >"$work/console.txt"
tr -d '\r' <"$work/tap.log" >"$work/tap.txt" 2>/dev/null
# the disk is 1-2 GiB; the logs tell what happened
vm_verdict "$kernel" "$work/console.txt" "$work/tap.txt" "$rc"
rc=$?
rm -f "$work/root.img"
exit $rc
