#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [PORT_KVER=6.1] kernel/port-diff.sh [N...]: for each patch pair of the
# upstream series (kernel/patches/7.3) and a backport (each of 6.12 and
# 6.1, or PORT_KVER's), paired by their place in each series file, all
# of them without arguments, print the diff of the two patches' code
# hunks: what the backport does differently.  Changelogs, index lines and
# hunk line numbers are left out, so only the code and its context remain
# (a hunk header keeps its function name).  Each backport's PORTING.md
# says why each difference is there.
# Exit status 0 whether the patches differ or not; 2 on a usage error.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
up=7.3
if [ -z "${PORT_KVER:-}" ]; then
	for v in 6.12 6.1; do PORT_KVER=$v sh "$0" "$@"; done
	exit 0
fi
old=$top/kernel/patches/$up
new=$top/kernel/patches/$PORT_KVER
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nth() {	# the Nth patch of series $1
	series_entries "$1/series" | sed -n "$2p"
}
hunks() {	# the code of patch $1: from its first diff line, normalised
	sed -n '/^diff --git /,$p' "$1" |
		sed -e '/^index [0-9a-f]*\.\.[0-9a-f]*/d' \
		    -e 's/^@@ -[0-9,]* +[0-9,]* @@/@@/' \
		    -e '/^-- $/,$d'
}

n_old=$(series_entries "$old/series" | wc -l)
n_new=$(series_entries "$new/series" | wc -l)
if [ "$n_old" != "$n_new" ]; then
	echo "port-diff: $up has $n_old patches, $PORT_KVER has $n_new" >&2
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
	hunks "$old/$a" > "$tmp/up"
	hunks "$new/$b" > "$tmp/port"
	echo "=== $PORT_KVER patch $i: $b"
	if diff -q "$tmp/up" "$tmp/port" >/dev/null; then
		echo "    same code as $up"
	else
		diff -u --label "$up/$a" --label "$PORT_KVER/$b" \
			"$tmp/up" "$tmp/port" || true
	fi
done
