#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest.sh: steps 1-5 of the demo, run as root by the guest's /init.
# Each command is printed with a prompt ("root#" or "oracle$", the latter
# run as uid 1000 through su) and followed by its real output, indented;
# a non-zero exit status is shown as "[exit N]".  Each step ends with one
# verdict line, "[ok] step N: ..." or "[FAILED] step N: ...", decided from
# that output.  Exit status: the number of failed steps.
failed=0
out=/tmp/out
M=/opt/oracle-sim/share/fcaps.manifest
SIM=/opt/oracle-sim/bin/oracle-sim
SYS=/proc/sys/kernel/fcaps

step() { printf '\n== %s\n' "$*"; }
note() { printf '   %s\n' "$*"; }

# run PROMPT CMD: print, run (as uid 1000 for "oracle$"), show the output
run() {
	printf '%s %s\n' "$1" "$2"
	if [ "$1" = 'oracle$' ]; then
		su oracle -c "$2" >$out 2>&1
	else
		sh -c "$2" >$out 2>&1
	fi
	rc=$?
	sed 's/^/    /' $out
	[ $rc -ne 0 ] && printf '    [exit %d]\n' $rc
	return $rc
}

# verdict N TEXT STATUS: the step's outcome, from the status of the checks
verdict() {
	n=$1 text=$2
	if [ "$3" -eq 0 ]; then
		printf '[ok] step %s: %s\n' "$n" "$text"
	else
		printf '[FAILED] step %s: %s\n' "$n" "$text"
		failed=$((failed + 1))
	fi
}

has() { grep -q -- "$1" $out; }

# ---- 1 ------------------------------------------------------------------
step "1. The problem: a database that must lock its memory, run as a user"
note "oracle-sim (uid 1000, ulimit -l 64) locks a 32 MiB SGA and asks for a"
note "SHM_HUGETLB segment; root has reserved the huge pages."
run 'root#' 'echo 8 > /proc/sys/vm/nr_hugepages; cat /proc/sys/vm/nr_hugepages'
run 'oracle$' "ulimit -l 64; $SIM"
r=$?
[ $r -eq 1 ] && has 'mlock(32 MiB SGA) *refused' &&
	has 'SHM_HUGETLB) *refused' && has 'CapEff: 0000000000000000'
verdict 1 "both refused, CapEff is 0" $?

# ---- 2 ------------------------------------------------------------------
step "2. The post-install script: root applies the package's manifest"
run 'root#' "cat $M"
run 'root#' "setfcap --dry-run --manifest $M"
run 'root#' "setfcap --manifest $M"
r=$?
run 'root#' "getfcap $SIM"
[ $r -eq 0 ] && grep -qx "$SIM cap_ipc_lock=ep" $out
v=$?
run 'root#' "setfcap --dry-run --manifest $M"
note "(nothing left to change: running the post-install script again is a no-op)"
verdict 2 "setfcap applied the manifest, getfcap shows cap_ipc_lock=ep" $v

# ---- 3 ------------------------------------------------------------------
step "3. The fix: uid 1000 runs oracle-sim again"
run 'oracle$' "ulimit -l 64; $SIM"
r=$?
cp $out /tmp/out3
run 'oracle$' "getfcap --explain $SIM"
e=$?
[ $r -eq 0 ] && [ $e -eq 0 ] &&
	grep -q 'mlock(32 MiB SGA) *locked' /tmp/out3 &&
	grep -q 'SHM_HUGETLB) *created' /tmp/out3 &&
	grep -q 'CapEff: 0000000000004000 (cap_ipc_lock)$' /tmp/out3 &&
	has '^ *permitted: *cap_ipc_lock$' && has '^ *effective: *cap_ipc_lock$'
verdict 3 "both work; CapEff is cap_ipc_lock alone, as getfcap --explain says" $?

# ---- 4 ------------------------------------------------------------------
step "4. The admin's policy: a capability mask, then lock it"
if [ ! -d $SYS ]; then
	run 'root#' "ls $SYS"
	note "This kernel has no $SYS: the policy sysctls"
	note "(enabled, mask, locked) are not in it yet."
	false
	verdict 4 "policy sysctls present" $?
else
	run 'oracle$' '/opt/tools/bin/diag --caps'
	before=$(cat $out)
	run 'root#' "cd $SYS && grep . enabled mask locked"
	note "mask = cap_ipc_lock (bit 14) | cap_net_bind_service (bit 10)"
	run 'root#' "echo 0000000000004400 > $SYS/mask"
	m=$?
	run 'root#' "echo 1 > $SYS/locked"
	l=$?
	note "diag is cap_sys_admin+ep: a capability-dumb binary the mask does not"
	note "cover, so the kernel refuses to start it (EPERM), as it would outside"
	note "the bounding set, rather than run it without cap_sys_admin."
	run 'oracle$' '/opt/tools/bin/diag --caps'
	d=$?
	has 'Operation not permitted'
	dp=$?
	after=$(cat $out)
	run 'oracle$' "ulimit -l 64; $SIM"
	s=$?
	run 'root#' "echo 0 > $SYS/locked"
	u=$?
	run 'root#' "echo 000001ffffffffff > $SYS/mask"
	w=$?
	run 'root#' "cd $SYS && grep . mask locked"
	[ $m -eq 0 ] && [ $l -eq 0 ] && [ $s -eq 0 ] &&
		[ $u -ne 0 ] && [ $w -ne 0 ] && [ $d -ne 0 ] && [ $dp -eq 0 ] &&
		case $before in *cap_sys_admin*) true ;; *) false ;; esac &&
		case $after in *CapEff*) false ;; *) true ;; esac &&
		has 'locked:1' && has 'mask:0*4400$'
	verdict 4 "diag (cap_sys_admin+ep) no longer starts: EPERM; oracle-sim still works; the lock holds" $?
fi

# ---- 5 ------------------------------------------------------------------
step "5. The audit: fsck-check on the installed system"
note "Planted before boot: diag (cap_sys_admin+ep), report (a zero-length"
note "value written offline with debugfs), legacy-backup (a v1 value)."
run 'oracle$' "setxattr $SIM security.capability"
z=$?
note "(on mainline any user can store a zero-length value on any file it can"
note "reach, and every exec of it fails from then on; this kernel refuses)"
run 'oracle$' '/opt/tools/bin/report --caps'
x=$?
note "(report carries the zero-length value: on mainline this exec fails"
note "with EINVAL, for root too; this kernel treats it as no value)"
run 'root#' 'getfcap -r /opt'
run 'root#' 'fsck-check /opt'
r=$?
cp $out /tmp/fsck-guest
[ $z -ne 0 ] && [ $x -eq 0 ] && [ $r -eq 4 ] &&
	has '^/opt/tools/bin/diag: .*\[dangerous\]' &&
	has '^/opt/tools/bin/report: error: ' &&
	has '^/opt/tools/bin/legacy-backup: .*\[dangerous\]'
verdict 5 "fsck-check exits 4, reporting diag, report and legacy-backup" $?
exit $failed
