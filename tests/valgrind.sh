#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# valgrind.sh: the CLI golden suites (and the fault-injection suite) with
# every tool run under valgrind --leak-check=full, on the plain
# (non-sanitized) build.
#
# A wrapper tree stands in for build/san/ (FCAPS_SAN), so each suite runs
# unchanged and asserts what it always asserts; every tool process writes
# a valgrind log under build/valgrind/.  Passes when each suite passes and
# every log says "ERROR SUMMARY: 0 errors" with leaks of every kind but
# "still reachable" counted as errors.  The fuzz harnesses' plain replay
# builds (fuzz/NAME-replay) go through their corpora the same way.
# `make valgrind` runs it; it is not part of `make check` (see
# doc/testing.md for the time it takes).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
suites=${VALGRIND_SUITES:-"cli-setfcap.sh cli-getfcap.sh cli-diff.sh scan.sh fault.sh"}
n=0
if ! command -v valgrind >/dev/null; then
	echo "1..0 # SKIP no valgrind (apt-get install valgrind)"
	exit 0
fi
for t in setfcap getfcap fsck-check; do
	if [ ! -x "$top/$t/$t" ]; then
		echo "Bail out! $top/$t/$t not built (make)"
		exit 1
	fi
done
out=$top/build/valgrind
rm -rf "$out"
mkdir -p "$out/logs"
# suites run some tools as nobody: they log here too
chmod 1777 "$out/logs"
for t in setfcap getfcap fsck-check; do
	mkdir -p "$out/wrap/$t"
	cat >"$out/wrap/$t/$t" <<W
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full \\
	--show-leak-kinds=definite,indirect,possible \\
	--errors-for-leak-kinds=definite,indirect,possible \\
	--track-fds=no --log-file="$out/logs/$t.%p.log" "$top/$t/$t" "\$@"
W
	chmod +x "$out/wrap/$t/$t"
done

# capxattr plants what setfcap refuses (scan.sh): a helper, not under test
if [ ! -x "$top/tests/capxattr" ]; then
	echo "Bail out! $top/tests/capxattr not built (make valgrind builds it)"
	exit 1
fi
mkdir -p "$out/wrap/tests"
ln -s "$top/tests/capxattr" "$out/wrap/tests/capxattr"

for s in $suites; do
	n=$((n + 1))
	log=$out/$s.tap
	FCAPS_SAN=$out/wrap sh "$top/tests/$s" >"$log" 2>"$log.err" </dev/null
	rc=$?
	planned=$(sed -n 's/^1\.\.\([0-9]*\).*/\1/p' "$log")
	passed=$(grep -c '^ok' "$log")
	failed=$(grep -c '^not ok' "$log")
	if [ "$rc" = 0 ] && [ "$failed" = 0 ] && [ -n "$planned" ] &&
		[ "$passed" = "$planned" ]; then
		echo "ok $n - $s under valgrind: $passed passed"
	else
		echo "not ok $n - $s under valgrind: exit $rc, $failed failed"
		grep '^not ok' "$log" | head -10 | sed 's/^/# /'
	fi
done

# the fuzz harnesses' plain replay builds over their corpora and
# regressions: the parsers' error paths, leak-checked
for h in ${VALGRIND_HARNESSES-xattr text manifest policy baseline json diff image \
	archive oci}; do
	n=$((n + 1))
	bin=$top/fuzz/$h-replay
	if [ ! -x "$bin" ]; then
		echo "ok $n - $h replay under valgrind # SKIP not built (make fuzz-replay)"
		continue
	fi
	dirs=$top/fuzz/corpus/$h
	[ -d "$top/tests/fuzz-regress/$h" ] && dirs="$dirs $top/tests/fuzz-regress/$h"
	# shellcheck disable=SC2086
	if valgrind -q --error-exitcode=99 --leak-check=full \
		--show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible \
		--log-file="$out/logs/replay-$h.%p.log" "$bin" $dirs \
		>"$out/replay-$h.out" 2>&1; then
		echo "ok $n - $h replay under valgrind: $(cat "$out/replay-$h.out")"
	else
		echo "not ok $n - $h replay under valgrind"
		sed 's/^/# /' "$out/replay-$h.out" | tail -5
	fi
done

n=$((n + 1))
runs=$(find "$out/logs" -name '*.log' | wc -l)
bad=$(grep -L 'ERROR SUMMARY: 0 errors' "$out/logs"/*.log 2>/dev/null)
# with -q, a clean run writes nothing at all
bad=$(for f in $bad; do [ -s "$f" ] && echo "$f"; done)
if [ "$runs" -gt 0 ] && [ -z "$bad" ]; then
	echo "ok $n - no valgrind error or leak in $runs tool runs"
else
	echo "not ok $n - valgrind errors or leaks in $(echo "$bad" | wc -l) of $runs runs"
	for f in $(echo "$bad" | head -3); do
		sed 's/^/# /' "$f" | head -30
	done
fi
echo "1..$n"
