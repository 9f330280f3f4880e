#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel/port-diff.sh [N...]: for each patch pair of the two series
# (kernel/patches/6.12 and kernel/patches/6.1, paired by their place in
# each series file; all of them without arguments), print the diff of
# the two patches' code hunks: what the 6.1 port does differently.
# Changelogs, index lines and hunk line numbers are left out, so only the
# code and its context remain (a hunk header keeps its function name).
# kernel/patches/6.1/PORTING.md says why each difference is there.
# Exit status 0 whether the patches differ or not; 2 on a usage error.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
old=$top/kernel/patches/6.12
new=$top/kernel/patches/6.1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nth() {	# the Nth patch of series $1
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1/series" | sed -n "$2p"
}
hunks() {	# the code of patch $1: from its first diff line, normalised
	sed -n '/^diff --git /,$p' "$1" |
		sed -e '/^index [0-9a-f]*\.\.[0-9a-f]*/d' \
		    -e 's/^@@ -[0-9,]* +[0-9,]* @@/@@/' \
		    -e '/^-- $/,$d'
}

n_old=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$old/series" | wc -l)
n_new=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$new/series" | wc -l)
if [ "$n_old" != "$n_new" ]; then
	echo "port-diff: 6.12 has $n_old patches, 6.1 has $n_new" >&2
	exit 2
fi
[ $# -gt 0 ] || set -- $(seq 1 "$n_new")
for i in "$@"; do
	case $i in
	''|*[!0-9]*) echo "port-diff: $i: not a patch number" >&2; exit 2 ;;
	esac
	if [ "$i" -lt 1 ] || [ "$i" -gt "$n_new" ]; then
		echo "port-diff: $i: the series have patches 1..$n_new" >&2
		exit 2
	fi
	a=$(nth "$old" "$i")
	b=$(nth "$new" "$i")
	hunks "$old/$a" > "$tmp/6.12"
	hunks "$new/$b" > "$tmp/6.1"
	echo "=== patch $i: $b"
	if diff -q "$tmp/6.12" "$tmp/6.1" >/dev/null; then
		echo "    same code as 6.12"
	else
		diff -u --label "6.12/$a" --label "6.1/$b" \
			"$tmp/6.12" "$tmp/6.1" || true
	fi
done
