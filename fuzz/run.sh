#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh HARNESS...: run each libFuzzer harness (build/fuzz/NAME) for
# $FUZZ_SECONDS (default 10), one after another, niced.  New inputs go to
# build/fuzz/corpus/NAME (the committed fuzz/corpus/NAME is read, never
# written); crashes to build/fuzz/crashes/NAME-*.  Exits non-zero when a
# harness found a crash.  FUZZ_RUNS=N stops each after N executions
# too (whichever comes first); FUZZ_ARGS adds libFuzzer options.
#
# Each harness runs in libFuzzer's fork mode (-fork=1): a parent that
# starts one child after another on the shared corpus, each for a few
# seconds at first and at most 300, and counts the executions of them
# all.  A harness process slows as it ages (an hour-old policy process
# ran at a third of the rate of a fresh one on the same corpus), so long
# runs are made of fresh children.  A child's crash, leak, timeout or
# out-of-memory stops the run (-ignore_*=0: fork mode would count the
# last two and go on); its input is in build/fuzz/crashes/, its output
# in the log.
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
	nice -n 19 "$bin" -fork=1 -ignore_timeouts=0 -ignore_ooms=0 \
		$limit $dict -max_len=$maxlen -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="build/fuzz/crashes/$h-" ${FUZZ_ARGS:-} \
		"$work" "fuzz/corpus/$h" >"$log" 2>&1
	rc=$?
	# the parent's status lines: "#RUNS: cov: ... job: N ..."
	runs=$(sed -n 's/^#\([0-9][0-9]*\): cov: .* job: .*/\1/p' "$log" |
		tail -n 1)
	echo "        $h: ${runs:-?} executions, exit $rc (log: $log)"
	if [ "$rc" != 0 ]; then
		grep -E 'ERROR|invariant|SUMMARY|Test unit written|CRASH' "$log" |
			head -8 | sed 's/^/        /'
		bad=1
	fi
done
exit "$bad"
