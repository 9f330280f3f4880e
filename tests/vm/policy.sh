#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# policy.sh KERNEL: the fcaps admin policy (kernel.fcaps.*) in three boots
# of KERNEL: the run-time knobs and the lock, then fcaps.mask=
# fcaps.locked=1, then no_file_caps (the one enable state).  The guest's
# TAP streams (tests/vm/policy.c) are merged into one.
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
kernel=${1:-build/kernel/patched/bzImage}
n=0 rc=0
boot() {	# PART [KERNEL PARAMETERS...]
	part=$1
	shift
	out=$(FCAPS_VM_NAME=policy-$part sh tests/vm/run.sh "$kernel" policy \
		fcaps_policy="$part" "$@")
	r=$?
	[ $r -ne 0 ] && rc=$r
	printf '%s\n' "$out" | grep -v '^1\.\.' | while IFS= read -r line; do
		case $line in
		"ok "*|"not ok "*)
			n=$((n + 1))
			printf '%s\n' "$line" | sed "s/^\(\(not \)\?ok\) [0-9]*/\1 $n/;s/ - / - [$part] /"
			;;
		*)	printf '%s\n' "$line" ;;
		esac
	done
	n=$((n + $(printf '%s\n' "$out" | grep -c '^\(not \)\?ok ')))
}
boot runtime
boot boot-set fcaps.mask=4000 fcaps.locked=1
boot no-fcaps no_file_caps
echo "1..$n"
exit $rc
