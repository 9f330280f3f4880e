# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the drivers that boot a guest (tests/vm/run.sh,
# tests/vm/debian.sh), after kernel/kver.sh.
#
# vm_kver KERNEL: kver_of KERNEL, or, when no line's directory holds it,
# a failed plan that says so and status 1.
vm_kver() {
	kver_of "$1" && return 0
	echo "1..1"
	echo "not ok 1 - $1 is under no version's directory (kernel/kver.sh)"
	return 1
}

# vm_verdict KERNEL CONSOLE RESULT QEMU-STATUS: what a boot of KERNEL
# proved.  CONSOLE is the kernel's console, RESULT the guest's markers and
# TAP (the same file when the guest writes to the console).  A panic, a
# kernel complaint, lockdep switched off, missing markers or another
# release than the line's is "Bail out!" and status 1; otherwise the TAP
# between the markers is printed and the status is the guest's.
vm_verdict() {
	_k=$1 _con=$2 _res=$3 _qrc=$4
	if grep -q "Kernel panic" "$_con"; then
		echo "Bail out! kernel panic (see $_con)"
		return 1
	fi
	# A boot whose kernel complained fails, whatever its suite said:
	# lockdep reports, WARN()s, BUG()s, sleeping in atomic context.
	_oops=$(grep -m 1 -E -e '(WARNING|BUG):' \
		-e 'sleeping function called from invalid context' \
		-e 'possible (recursive|circular) locking' \
		-e 'inconsistent lock state' -e 'suspicious RCU usage' "$_con")
	if [ -n "$_oops" ]; then
		echo "Bail out! the kernel complained: $_oops (see $_con)"
		return 1
	fi
	# On a kernel built with lockdep, lockdep must still be on at the
	# end, so that the check above could have fired.
	if grep -qx 'CONFIG_PROVE_LOCKING=y' "$_k.config" 2>/dev/null &&
	   grep -q "^FCAPS-TAP-END" "$_res" &&
	   ! grep -qx 'FCAPS-LOCKDEP 1' "$_res"; then
		echo "Bail out! lockdep is not validating at the end of the boot ($(grep -m1 FCAPS-LOCKDEP "$_res"); see $_con)"
		return 1
	fi
	if ! grep -q "^FCAPS-TAP-END" "$_res"; then
		echo "Bail out! guest gave no result (qemu exit $_qrc; $_res)"
		return 1
	fi
	# The guest runs the version its place says (build/kernel/7.3/:
	# 7.3.*), which fcaps_kver= told its programs.
	_rel=$(sed -n 's/^FCAPS-KVER //p' "$_res" | head -n 1)
	case $_rel in
	"$kver".*) ;;
	*)	echo "Bail out! $_k is Linux ${_rel:-unknown}, not $kver (see $_res)"
		return 1 ;;
	esac
	sed -n '/FCAPS-TAP-BEGIN$/,/^FCAPS-TAP-END/p' "$_res" | sed '1d;$d'
	_grc=$(sed -n 's/^FCAPS-TAP-END rc=//p' "$_res")
	return "${_grc:-1}"
}
