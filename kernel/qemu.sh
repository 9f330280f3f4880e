# SPDX-License-Identifier: GPL-2.0-only
# Sourced by everything that boots a test kernel (kernel/boot-smoke.sh,
# tests/vm/run.sh, demo/demo.sh): the one QEMU recipe.
#
# fcaps_qemu SECONDS MEMORY KERNEL INITRD APPEND [QEMU OPTION...]
# Boots KERNEL with INITRD (none if empty) under QEMU's TCG (KVM guests hang on these
# machines), the serial console on stdout, no input; QEMU exits when the
# guest reboots (-no-reboot) and is killed after SECONDS.  Returns QEMU's
# status, or timeout's 124.  The kernel gets no_timer_check before APPEND:
# on a loaded host TCG's emulated timer can miss the IO-APIC timer check at
# boot, and the kernel panics ("IO-APIC + timer doesn't work!", seen on
# 6.1 with a kernel build beside two guests).  A disk: fcaps_qemu ... -drive
# file=IMG,format=raw,if=virtio.
fcaps_qemu() {
	_secs=$1 _mem=$2 _kernel=$3 _initrd=$4 _append=$5
	shift 5
	timeout "$_secs" qemu-system-x86_64 -accel tcg -m "$_mem" -nographic \
		-no-reboot -kernel "$_kernel" ${_initrd:+-initrd "$_initrd"} \
		"$@" -append "no_timer_check $_append" </dev/null
}
