#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-scan.sh FSCK-CHECK FLOOR-PROBE: the audit-scan benchmark (not a
# test).  A generated tree of 200,000 names with 2,000 capability values
# (kept in $BENCH_SCAN_DIR, default /tmp/fcaps-bench-scan, between runs);
# fsck-check --list against getcap -r and a 1- and 2-thread readdir +
# lgetxattr floor, alternated for $ROUNDS rounds; medians and ratios.
set -eu
fc=$1 floor=$2
dir=${BENCH_SCAN_DIR:-/tmp/fcaps-bench-scan}
rounds=${ROUNDS:-5}

sh "$(dirname "$0")/bench-tree.sh" "$dir"

now() { date +%s.%N; }
run() {	# run NAME CMD...: append the seconds to $tmp/NAME
	name=$1
	shift
	s=$(now)
	"$@" >/dev/null 2>&1 || true
	e=$(now)
	echo "$e - $s" | bc >>"$tmp/$name"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$rounds" ]; do
	run fsck-check "$fc" --list "$dir"
	run getcap getcap -r "$dir"
	run floor1 "$floor" 1 "$dir"
	run floor2 "$floor" 2 "$dir"
	i=$((i + 1))
done
med() { sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
f=$(med fsck-check) g=$(med getcap) f1=$(med floor1) f2=$(med floor2)
rss=$(/usr/bin/time -f %M "$fc" --list "$dir" 2>&1 >/dev/null | tail -n 1)
printf 'fsck-check --list  %ss (max RSS %s KiB)\n' "$f" "$rss"
printf 'getcap -r          %ss\n' "$g"
printf 'floor, 1 thread    %ss\n' "$f1"
printf 'floor, 2 threads   %ss\n' "$f2"
printf 'getcap / fsck-check = %s (target >= 2.5)\n' "$(echo "scale=2; $g / $f" | bc)"
printf 'fsck-check / 2-thread floor = %s (target <= 1.2)\n' \
	"$(echo "scale=2; $f / $f2" | bc)"
