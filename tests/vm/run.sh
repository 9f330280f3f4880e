#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh KERNEL SUITE [KEY=VALUE...]: boot KERNEL under QEMU (TCG: KVM
# guests hang on these machines) with an initramfs of busybox-static and
# the static test programs, run /tests/SUITE in the guest and print its TAP.
# A timeout, a panic or missing markers is a failed suite.
# The kernel's version is where it was built (kernel/kver.sh's kver_of:
# build/kernel/7.3/... is 7.3): the guest is told (fcaps_kver=, for lib's
# model), gets the programs built from that version's tree (the kernel's
# selftests, the series' kselftest: build/static/tests/vm/VERSION/) and
# its own work directory.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1
kernel=$1 suite=$2
shift 2
if [ ! -f "$kernel" ]; then
	echo "1..1"
	echo "not ok 1 - $kernel missing (make kernel)"
	exit 1
fi
. kernel/kver.sh
. kernel/qemu.sh
. tests/vm/verdict.sh
vm_kver "$kernel" || exit 1
ksel=build/static/tests/vm/$kver
# one work directory per suite and kernel (suites may run side by side):
# NAME-DIR[-VARIANT][-VERSION], VARIANT from bzImage-VARIANT, no VERSION
# for 6.12
kfile=$(basename "$kernel")
kvariant=${kfile#bzImage}
work=$top/build/vm/${FCAPS_VM_NAME:-$suite}-$(basename "$(dirname "$kernel")")$kvariant$ktag
rm -rf "$work"
mkdir -p "$work/root/bin" "$work/root/tests" "$work/root/proc" \
	"$work/root/sys" "$work/root/dev" "$work/root/tmp" "$work/root/mnt"
cp /bin/busybox "$work/root/bin/busybox"
ln -s busybox "$work/root/bin/sh"
cp tests/vm/init "$work/root/init"
chmod 755 "$work/root/init"
cp build/static/tests/vm/probe build/static/tests/vm/modelcheck \
	build/static/tests/vm/seed build/static/tests/vm/offline \
	build/static/tests/vm/policy build/static/bench/benchexec \
	build/static/bench/nop build/static/tests/vm/ns \
	build/static/tests/vm/audit \
	"$ksel/test_execve" "$ksel/validate_cap" \
	tests/vm/selftest-caps tests/vm/scan-guest tests/vm/fcaps-selftest \
	tests/vm/empty-fcaps tests/vm/kunit \
	"$work/root/tests/"
cp build/static/tests/capxattr tests/tap.sh tests/kprobe.sh "$work/root/tests/"
install -m 0755 tests/planted.sh "$work/root/tests/planted"
# the fix series' test and the policy series' kselftest (installed with
# kselftest's runner) exist only once the patched tree is built
[ -x "$ksel/test_empty_fcaps" ] && cp "$ksel/test_empty_fcaps" "$work/root/tests/"
[ -x "$ksel/kselftest/run_kselftest.sh" ] &&
	cp -R "$ksel/kselftest" "$work/root/tests/kselftest"
for t in setfcap getfcap fsck-check; do
	[ -x build/static/$t/$t ] && cp build/static/$t/$t "$work/root/bin/"
done
(cd "$work/root" && find . | cpio -o -H newc --quiet) | gzip -1 > "$work/initrd.gz"

# FCAPS_VM_DISK=IMG: attach IMG as a virtio disk (the guest mounts it on /mnt)
disk=
[ -n "${FCAPS_VM_DISK:-}" ] &&
	disk="-drive file=$FCAPS_VM_DISK,format=raw,if=virtio"
# FCAPS_VM_QEMU_ARGS: more QEMU options (bench-exec's -icount)
# shellcheck disable=SC2086
fcaps_qemu "${FCAPS_VM_TIMEOUT:-300}" 512 "$kernel" "$work/initrd.gz" \
	"console=ttyS0 panic=-1 quiet fcaps_suite=$suite fcaps_kver=$kver $*" \
	$disk ${FCAPS_VM_QEMU_ARGS:-} >"$work/console.log" 2>&1
rc=$?
tr -d '\r' <"$work/console.log" >"$work/console.txt"
vm_verdict "$kernel" "$work/console.txt" "$work/console.txt" "$rc"
