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
for suite in "$@"; do
	name=$(echo "$suite" | sed 's|^build/san/||; s|/|_|g')
	log=$logs/$name.log
	# where the suite keeps its --json output (keep_json, tests/tap.sh)
	export FCAPS_JSON_DIR="$logs/json/$name"
	start=$(date +%s)
	if [ -x "$suite" ]; then
		( cd "$top" && "./$suite" ) >"$log" 2>"$log.err" </dev/null
	else
		( cd "$top" && sh "./$suite" ) >"$log" 2>"$log.err" </dev/null
	fi
	rc=$?
	secs=$(( $(date +%s) - start ))
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
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
