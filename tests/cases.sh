#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# cases.sh: fsck-check's input cases, one directory each under
# tests/cases/, as e2fsprogs' tests/ are (TAP, one test per case):
#
#   recipe   Python run in a scratch directory (tests/ on its path, for
#            mkoci.py) that writes the input there; its first line says
#            what the case is
#   cmd      fsck-check's arguments, one shell line, run in that
#            directory under a 60 s timeout
#   expect   what it printed: standard output, a line "--- stderr",
#            standard error, a line "exit status N" (then a line
#            "wrote: FILE" for anything it wrote there: nothing)
#
# A new archive or OCI case is a new directory.  FCAPS_CASES_UPDATE=1
# writes expect from what ran (then read the diff before committing).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check
[ -x "$fc" ] || bail "$fc not built (make san)"
for c in python3 timeout; do
	command -v "$c" >/dev/null 2>&1 || { echo "1..0 # SKIP no $c"; exit 0; }
done
t=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-cases.XXXXXX") || bail "no scratch directory"
trap 'rm -rf "$t"' EXIT
trap 'exit 1' HUP INT PIPE TERM

for d in "$top"/tests/cases/*/; do
	d=${d%/}
	name=${d##*/}
	w=$t/$name
	mkdir "$w" || bail "cannot make $w"
	what=$(sed -n '1s/^# *//p' "$d/recipe")
	if ! (cd "$w" && PYTHONPATH=$top/tests python3 "$d/recipe") \
		>"$w.recipe" 2>&1; then
		notok "$name: its recipe failed: $(tail -n 1 "$w.recipe")"
		continue
	fi
	touch "$w.stamp"
	(
		cd "$w" || exit 1
		eval "timeout 60 \"\$fc\" $(cat "$d/cmd")" >"$w.out" 2>"$w.err"
		rc=$?
		cat "$w.out"
		echo "--- stderr"
		cat "$w.err"
		echo "exit status $rc"
	) >"$w.got"
	# fsck-check reads; it writes nothing where it runs
	find "$w" -newer "$w.stamp" | sed 's/^/wrote: /' >>"$w.got"
	if [ "${FCAPS_CASES_UPDATE:-}" = 1 ]; then
		cp "$w.got" "$d/expect"
	fi
	if [ -f "$d/expect" ] && cmp -s "$d/expect" "$w.got"; then
		ok "$name: $what"
	else
		notok "$name: $what"
		diff "$d/expect" "$w.got" 2>&1 | head -n 20 | sed 's/^/# /'
	fi
done
done_testing
