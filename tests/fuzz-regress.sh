#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# fuzz-regress.sh: replay every committed fuzz input through the sanitizer
# builds of the harnesses (build/san/fuzz/NAME-replay, driver.c in place
# of libFuzzer): the seed corpora fuzz/corpus/NAME and the inputs that
# once broke something, tests/fuzz-regress/NAME.  No fuzzing happens
# here; `make fuzz` does that.  A regression file is an input that made
# a harness crash or broke an invariant before its fix: the harness must
# get through it.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
san=${FCAPS_SAN:-$top/build/san}
cd "$top" || exit 1
n=0
harnesses="xattr text manifest policy baseline json diff image archive oci runcfg"
for h in $harnesses; do
	bin=$san/fuzz/$h-replay
	n=$((n + 1))
	if [ ! -x "$bin" ]; then
		echo "not ok $n - $h: $bin not built (make san)"
		continue
	fi
	if [ "$h" = diff ] && [ "$(id -u)" != 0 ]; then
		echo "ok $n - $h # SKIP needs root (fsetxattr on tmpfs)"
		continue
	fi
	dirs=fuzz/corpus/$h
	[ -d "tests/fuzz-regress/$h" ] && dirs="$dirs tests/fuzz-regress/$h"
	# shellcheck disable=SC2086
	want=$(find $dirs -maxdepth 1 -type f ! -name '.*' | wc -l)
	# shellcheck disable=SC2086
	out=$("$bin" $dirs 2>&1)
	rc=$?
	if [ "$rc" = 0 ] && [ "$out" = "replayed $want inputs" ]; then
		echo "ok $n - $h: $want inputs replayed clean ($dirs)"
	else
		echo "not ok $n - $h: exit $rc"
		echo "$out" | tail -20 | sed 's/^/# /'
	fi
done
# the regressions must be a part of what was replayed
n=$((n + 1))
stray=
for d in tests/fuzz-regress/*/; do
	[ -d "$d" ] || continue
	h=$(basename "$d")
	case " $harnesses " in *" $h "*) ;; *) stray="$stray $h" ;; esac
done
if [ -z "$stray" ]; then
	echo "ok $n - every tests/fuzz-regress/ directory names a harness"
else
	echo "not ok $n - no harness for tests/fuzz-regress/:$stray"
fi
echo "1..$n"
