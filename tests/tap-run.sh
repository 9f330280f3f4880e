#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tap-run.sh SUITE...: run each suite (an executable printing TAP), check
# its plan, and end with one line "N passed, N failed, N skipped".
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
# Guest suites (tests/vm/, one single-threaded QEMU each) run up to
# FCAPS_JOBS at a time (default: the number of CPUs), every other suite
# alone; results are reported in the order given either way.
jobs=${FCAPS_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
parallel_ok() {
	case $1 in tests/vm/*) return 0 ;; esac
	return 1
}
logname() {
	echo "$logs/$(echo "$1" | sed 's|^build/san/||; s|/|_|g').log"
}
start_suite() {	# SUITE: in the background, exit status and seconds in LOG.rc
	log=$(logname "$1")
	rm -f "$log.rc"
	(
		# where the suite keeps its --json output (keep_json, tests/tap.sh)
		FCAPS_JSON_DIR="$logs/json/$(basename "$log" .log)"
		export FCAPS_JSON_DIR
		t0=$(date +%s)
		cd "$top" || exit 1
		if [ -x "$1" ]; then
			"./$1" >"$log" 2>"$log.err" </dev/null
		else
			sh "./$1" >"$log" 2>"$log.err" </dev/null
		fi
		echo "$? $(( $(date +%s) - t0 ))" >"$log.rc"
	) &
}
report_suite() {	# SUITE
	suite=$1
	log=$(logname "$suite")
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
n=$#
i=1
for suite; do
	eval "suite_$i=\$suite"
	i=$((i + 1))
done
next=1 done_n=1 running=0 alone=
while [ "$done_n" -le "$n" ]; do
	while [ "$next" -le "$n" ] && [ "$running" -lt "$jobs" ] && [ -z "$alone" ]; do
		eval "suite=\$suite_$next"
		if ! parallel_ok "$suite"; then
			# a host suite starts once everything before it is done
			[ "$next" -eq "$done_n" ] || break
			alone=1
		fi
		start_suite "$suite"
		eval "pid_$next=\$!"
		running=$((running + 1))
		next=$((next + 1))
	done
	eval "suite=\$suite_$done_n pid=\$pid_$done_n"
	wait "$pid"
	report_suite "$suite"
	running=$((running - 1))
	alone=
	done_n=$((done_n + 1))
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
