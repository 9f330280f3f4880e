#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/scan.sh FSCK-CHECK FLOOR-PROBE: the audit-scan benchmark (not a
# test).  A generated tree of 200,000 names with 2,000 capability values
# (kept in $BENCH_SCAN_DIR, default /tmp/fcaps-bench-scan, between runs;
# bench/tree.sh); fsck-check --list against getcap -r and the floor probe
# (floor-probe.c: the same calls fsck-check makes, nothing else) on 1 and
# 2 threads, and the naive floor (lgetxattr on every full path, 2
# threads), alternated for $ROUNDS rounds; medians, ratios, and whether
# each target is met.  Then fsck-check's peak RSS on that tree and on one
# a tenth of its size holding the same 2,000 values: memory must not grow
# with the tree.  (What fsck-check keeps grows with the values, which it
# sorts, links and judges: that is the list, not the tree.)
# Targets: >= 2.5x faster than getcap -r, <= 1.2x the 2-thread
# floor, memory flat in the tree size.  Wall-clock times on a shared
# 2-core machine are noisy: the load is printed with the results.
# FSCK_CHECK_BEFORE=path/to/another/fsck-check adds it to every round
# (before and after a change, in the same run).
# The same measurements, bar RSS, on the other shapes of bench/tree.sh
# ($BENCH_SHAPES, default "wide": 10,000 directories of 20 names, the
# 2,000 values of mixed kinds spread at random, in $BENCH_SCAN_DIR-wide):
# each shape's ratios against the peers measured in the same rounds.
set -eu
before=${FSCK_CHECK_BEFORE:-}
fc=$1 floor=$2
dir=${BENCH_SCAN_DIR:-/tmp/fcaps-bench-scan}
small=$dir-small-2k
rounds=${ROUNDS:-7}

here=$(dirname "$0")
sh "$here/tree.sh" "$dir"
sh "$here/tree.sh" "$small" 4 10
shapes=${BENCH_SHAPES-wide}
for sh in $shapes; do
	SHAPE=$sh sh "$here/tree.sh" "$dir-$sh"
done

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load0=$(cut -d ' ' -f 1-3 /proc/loadavg)
# warm the caches once, then alternate
"$fc" --list "$dir" >/dev/null 2>&1 || true
for sh in $shapes; do
	"$fc" --list "$dir-$sh" >/dev/null 2>&1 || true
done
i=0
while [ $i -lt "$rounds" ]; do
	run fsck-check "$fc" --list "$dir"
	[ -n "$before" ] && run before "$before" --list "$dir"
	run getcap getcap -r "$dir"
	run floor1 "$floor" 1 "$dir"
	run floor2 "$floor" 2 "$dir"
	run naive2 "$floor" -p 2 "$dir"
	for sh in $shapes; do
		run "fsck-check-$sh" "$fc" --list "$dir-$sh"
		[ -n "$before" ] && run "before-$sh" "$before" --list "$dir-$sh"
		run "getcap-$sh" getcap -r "$dir-$sh"
		run "floor2-$sh" "$floor" 2 "$dir-$sh"
	done
	i=$((i + 1))
done
load1=$(cut -d ' ' -f 1-3 /proc/loadavg)
med() { sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
f=$(med fsck-check) g=$(med getcap) f1=$(med floor1) f2=$(med floor2)
n2=$(med naive2)
# peak RSS (KiB), the median of three runs, for each tree size
rss() {
	for _ in 1 2 3; do
		/usr/bin/time -f %M "$fc" --list "$1" 2>&1 >/dev/null | tail -n 1
	done | sort -n | sed -n 2p
}
rbig=$(rss "$dir") rsmall=$(rss "$small")
nbig=$(find "$dir" | wc -l) nsmall=$(find "$small" | wc -l)

ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
verdict() { # verdict RATIO OP TARGET
	if [ "$(echo "$1 $2 $3" | bc)" = 1 ]; then echo met; else echo missed; fi
}
printf '%d rounds, medians; load average %s before, %s after\n' \
	"$rounds" "$load0" "$load1"
printf 'fsck-check --list          %ss\n' "$f"
printf 'getcap -r                  %ss\n' "$g"
printf 'floor, 1 thread            %ss\n' "$f1"
printf 'floor, 2 threads           %ss\n' "$f2"
printf 'naive floor, 2 threads     %ss  (lgetxattr on full paths)\n' "$n2"
if [ -n "$before" ]; then
	b=$(med before)
	printf 'FSCK_CHECK_BEFORE          %ss  (getcap / it = %s)\n' "$b" \
		"$(echo "scale=2; $g / $b" | bc | sed 's/^\./0./')"
fi
r1=$(ratio "$g" "$f") r2=$(ratio "$f" "$f2")
printf 'getcap / fsck-check         = %s  (target >= 3.0: %s)\n' \
	"$r1" "$(verdict "$r1" '>=' 3.0)"
printf 'fsck-check / 2-thread floor = %s  (target <= 1.1: %s)\n' \
	"$r2" "$(verdict "$r2" '<=' 1.1)"
printf 'getcap / 2-thread floor     = %s  (the best any scanner could do)\n' \
	"$(ratio "$g" "$f2")"
r3=$(ratio "$rbig" "$rsmall")
printf 'max RSS: %s KiB on %s names, %s KiB on %s names, 2,000 values each = %s  (target: flat, <= 1.2: %s)\n' \
	"$rbig" "$nbig" "$rsmall" "$nsmall" "$r3" "$(verdict "$r3" '<=' 1.2)"
for sh in $shapes; do
	f=$(med "fsck-check-$sh") g=$(med "getcap-$sh") f2=$(med "floor2-$sh")
	printf '\nshape %s (%s names):\n' "$sh" "$(find "$dir-$sh" | wc -l)"
	printf 'fsck-check --list          %ss\n' "$f"
	printf 'getcap -r                  %ss\n' "$g"
	printf 'floor, 2 threads           %ss\n' "$f2"
	if [ -n "$before" ]; then
		b=$(med "before-$sh")
		printf 'FSCK_CHECK_BEFORE          %ss  (getcap / it = %s)\n' \
			"$b" "$(ratio "$g" "$b")"
	fi
	r1=$(ratio "$g" "$f") r2=$(ratio "$f" "$f2")
	printf 'getcap / fsck-check         = %s  (target >= 3.0: %s)\n' \
		"$r1" "$(verdict "$r1" '>=' 3.0)"
	printf 'fsck-check / 2-thread floor = %s  (target <= 1.1: %s)\n' \
		"$r2" "$(verdict "$r2" '<=' 1.1)"
	printf 'getcap / 2-thread floor     = %s\n' "$(ratio "$g" "$f2")"
done
