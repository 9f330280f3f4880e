#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh HARNESS...: run each libFuzzer harness (build/fuzz/NAME) for
# $FUZZ_SECONDS (default 10), one after another, niced.  New inputs go to
# build/fuzz/corpus/NAME (the committed fuzz/corpus/NAME is read, never
# written); crashes to build/fuzz/crashes/NAME-*.  Exits non-zero when a
# harness found a crash.  FUZZ_RUNS=N stops each after N executions
# too (whichever comes first); FUZZ_ARGS adds libFuzzer options.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${FUZZ_SECONDS:-10}
bad=0
cd "$top" || exit 1
for h in "$@"; do
	bin=build/fuzz/$h
	work=build/fuzz/corpus/$h
	mkdir -p "$work" build/fuzz/crashes build/fuzz/logs
	if [ "$h" = diff ] && [ "$(id -u)" != 0 ]; then
		echo "  FUZZ  $h: skipped, needs root (fsetxattr on tmpfs)"
		continue
	fi
	limit="-max_total_time=$secs"
	[ -n "${FUZZ_RUNS:-}" ] && limit="$limit -runs=$FUZZ_RUNS"
	dict=
	[ -f "fuzz/$h.dict" ] && dict="-dict=fuzz/$h.dict"
	maxlen=4096
	[ "$h" = image ] && maxlen=262144
	[ "$h" = oci ] && maxlen=65536
	log=build/fuzz/logs/$h.log
	printf '  FUZZ  %s (%s)\n' "$h" "$limit"
	# shellcheck disable=SC2086
	nice -n 19 "$bin" $limit $dict -max_len=$maxlen \
		-timeout=10 -rss_limit_mb=1024 -print_final_stats=1 \
		-artifact_prefix="build/fuzz/crashes/$h-" ${FUZZ_ARGS:-} \
		"$work" "fuzz/corpus/$h" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	echo "        $h: ${runs:-?} executions, exit $rc (log: $log)"
	if [ "$rc" != 0 ]; then
		grep -E 'ERROR|invariant|SUMMARY|Test unit written' "$log" |
			head -8 | sed 's/^/        /'
		bad=1
	fi
done
exit "$bad"
