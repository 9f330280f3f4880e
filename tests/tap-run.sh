#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tap-run.sh SUITE...: run each suite (an executable printing TAP, or
# vm/VERSION/NAME: the guest suite NAME of tests/vm/suites.tab on that
# kernel line, run by tests/vm/suite.sh), check its plan, and end with one
# line "N passed, N failed, N skipped".
# A suite fails as a whole (counted as one failure) when it has no plan,
# runs fewer tests than planned, exits non-zero (exit 4 with a skip plan
# is kselftest's skip) or prints "Bail out!".  Logs: build/test-logs/.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
logs=$top/build/test-logs
mkdir -p "$logs"
pass=0 fail=0 skip=0
# The --json output the suites of this run keep, for tests/json-lines.sh
rm -rf "$logs/json"
# What this kernel does with the values the suites plant, probed once for
# all of them (tests/kprobe.sh reads it).
capx=${FCAPS_SAN:-$top/build/san}/tests/capxattr
if [ -z "${FCAPS_PROBE:-}" ] && [ "$(id -u)" = 0 ] && [ -x "$capx" ] &&
	"$capx" probe "${TMPDIR:-/tmp}" >"$logs/kernel-probe.env" \
		2>"$logs/kernel-probe.err"; then
	export FCAPS_PROBE="$logs/kernel-probe.env"
	sed -n 's/^probe_kernel=/host kernel /p; s/^probe_\(zero_length_[a-z]*\)=/  \1 /p' \
		"$FCAPS_PROBE" | tr -d "'" | sed 's/^  //' | paste -sd' '
fi
# Up to FCAPS_JOBS suites (default: the number of CPUs) run at a time:
# guest suites (tests/vm/, one single-threaded QEMU each) side by side,
# and at most one other suite among them; the others (host suites) run
# one after another, in order.  (Two guests beside a host suite, tried
# on two CPUs, did not shorten a cold make check's test phase: 15:12
# against 14:18 in one run each; the phase is CPU-bound either way.)
# An argument "--" is a barrier: what follows starts once everything
# before it has finished (a suite that reads what earlier ones left).
# Results are reported in the order given either way.
jobs=${FCAPS_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
parallel_ok() {
	case $1 in vm/*|tests/vm/*) return 0 ;; esac
	return 1
}
logname() {
	echo "$logs/$(echo "$1" | sed 's|^build/san/||; s|/|_|g').log"
}
start_suite() {	# SUITE LOG: in the background; exit status and seconds
	# in LOG.rc, written whole (renamed into place) once the suite ends
	rm -f "$2.rc"
	(
		# where the suite keeps its --json output (keep_json, tests/tap.sh)
		FCAPS_JSON_DIR="$logs/json/$(basename "$2" .log)"
		export FCAPS_JSON_DIR
		t0=$(date +%s)
		cd "$top" || exit 1
		case $1 in
		vm/*/*)	v=${1#vm/}
			sh tests/vm/suite.sh "${v%%/*}" "${v#*/}" ;;
		*)	if [ -x "$1" ]; then "./$1"; else sh "./$1"; fi ;;
		esac >"$2" 2>"$2.err" </dev/null
		echo "$? $(( $(date +%s) - t0 ))" >"$2.rc.tmp"
		mv "$2.rc.tmp" "$2.rc"
	) &
}
report_suite() {	# SUITE LOG
	suite=$1 log=$2
	read -r rc secs <"$log.rc" 2>/dev/null || { rc=1 secs=0; }
	res=$(awk -v rc="$rc" '
		/^1\.\.[0-9]+/ { planned = substr($1, 4) + 0; plan = 1
			if ($0 ~ /# *[Ss][Kk][Ii][Pp]/) skipall = 1; next }
		/^Bail out!/ { bail = 1; next }
		/^not ok/ { run++; if ($0 ~ /# *TODO/) p++; else f++; next }
		/^ok/ { run++; if ($0 ~ /# *[Ss][Kk][Ii][Pp]/) s++; else p++; next }
		END {
			why = ""
			if (!plan) why = "no plan"
			else if (run != planned) why = "ran " run+0 " of " planned
			else if (bail) why = "bailed out"
			else if (rc != 0 && !(skipall && (rc == 4))) why = "exit " rc
			if (skipall && planned == 0 && why == "") s = 1
			printf "%d %d %d %s\n", p, f, s, why
		}' "$log")
	read -r p f s why <<RES
$res
RES
	if [ -n "$why" ]; then f=$((f + 1)); fi
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	status=ok
	[ "$f" -gt 0 ] && status=FAIL
	printf '%-4s %-40s %4d passed, %d failed, %d skipped (%ss)%s\n' \
		"$status" "$suite" "$p" "$f" "$s" "$secs" "${why:+ [$why]}"
	if [ "$f" -gt 0 ]; then
		grep -E '^(not ok|Bail out!)' "$log" | sed 's/^/     /' | head -20
		tail -n 15 "$log.err" | sed 's/^/     stderr: /'
	fi
	grep -E '^ok .*# *[Ss][Kk][Ii][Pp]|^1\.\.0' "$log" | head -5 | sed 's/^/     /'
}
# state_I: "" waiting, run, done; log_I: its log, named once
n=0
for suite; do
	n=$((n + 1))
	eval "suite_$n=\$suite state_$n= log_$n=\$(logname \"\$suite\")"
done
running=0 host=
done_n=1
while [ "$done_n" -le "$n" ]; do
	# what has finished since (start_suite writes LOG.rc last)
	i=$done_n
	while [ "$i" -le "$n" ]; do
		eval "st=\$state_$i lg=\$log_$i su=\$suite_$i"
		if [ "$st" = run ] && [ -f "$lg.rc" ]; then
			eval "state_$i=done"
			running=$((running - 1))
			parallel_ok "$su" || host=
		fi
		i=$((i + 1))
	done
	# start, in order, what may start: guest suites while there are
	# slots, a host suite when no other runs (so host suites keep their
	# order), nothing past a barrier until all before it are done
	i=$done_n
	while [ "$i" -le "$n" ] && [ "$running" -lt "$jobs" ]; do
		eval "st=\$state_$i su=\$suite_$i"
		if [ -z "$st" ]; then
			if [ "$su" = -- ]; then
				[ "$i" -eq "$done_n" ] || break
				eval "state_$i=done"
			elif parallel_ok "$su" || [ -z "$host" ]; then
				parallel_ok "$su" || host=1
				eval "start_suite \"\$su\" \"\$log_$i\""
				eval "state_$i=run"
				running=$((running + 1))
			fi
		fi
		i=$((i + 1))
	done
	# report, in order, what is done
	progressed=
	while [ "$done_n" -le "$n" ]; do
		eval "st=\$state_$done_n su=\$suite_$done_n lg=\$log_$done_n"
		[ "$st" = done ] || break
		[ "$su" = -- ] || report_suite "$su" "$lg"
		done_n=$((done_n + 1)) progressed=1
	done
	[ -n "$progressed" ] || sleep 1
done
wait
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
