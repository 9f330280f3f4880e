#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/image.sh FSCK-CHECK: the offline-scan benchmark (not a test).  The
# bench-scan tree (200,000 names, 2,000 values; bench/tree.sh) as a 1 GiB
# ext4 image made by mke2fs -d (kept as $BENCH_IMAGE, default
# /tmp/fcaps-bench-scan.img, between runs); fsck-check --image --list
# against e2fsck -fn on the same image, alternated for $ROUNDS rounds;
# medians and the ratio (target: at most 0.3).  The same on the other
# shapes of bench/tree.sh ($BENCH_SHAPES, default "wide"; the tree in
# $BENCH_SCAN_DIR-SHAPE, the image in $BENCH_IMAGE without .img, then
# -SHAPE.img), alternated in the same rounds.
set -eu
fc=$1
dir=${BENCH_SCAN_DIR:-/tmp/fcaps-bench-scan}
img=${BENCH_IMAGE:-/tmp/fcaps-bench-scan.img}
rounds=${ROUNDS:-7}

shapes=${BENCH_SHAPES-wide}

# mkimage DIR IMG [SHAPE]
mkimage() {
	SHAPE=${3:-deep} sh "$(dirname "$0")/tree.sh" "$1"
	if [ ! -f "$2" ] || [ "$1/.complete" -nt "$2" ]; then
		echo "generating $2 (1 GiB ext4, mke2fs -d)..."
		rm -f "$2"
		# 200,000 names need more inodes than the 1 GiB default
		# of 65,536.
		mke2fs -q -F -t ext4 -N 262144 -d "$1" "$2.tmp" 1G
		mv "$2.tmp" "$2"
	fi
	n=$("$fc" --image "$2" --list | wc -l)
	echo "fsck-check --image --list finds $n values in $2"
}
mkimage "$dir" "$img"
for sh in $shapes; do
	mkimage "$dir-$sh" "${img%.img}-$sh.img" "$sh"
done

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat "$img" >/dev/null	# both start from the page cache
for sh in $shapes; do
	cat "${img%.img}-$sh.img" >/dev/null
done
i=0
while [ $i -lt "$rounds" ]; do
	run fsck-check "$fc" --image "$img" --list
	run e2fsck e2fsck -fn "$img"
	for sh in $shapes; do
		run "fsck-check-$sh" "$fc" --image "${img%.img}-$sh.img" --list
		run "e2fsck-$sh" e2fsck -fn "${img%.img}-$sh.img"
	done
	i=$((i + 1))
done
med() { sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
f=$(med fsck-check) e=$(med e2fsck)
rss=$(/usr/bin/time -f %M "$fc" --image "$img" --list 2>&1 >/dev/null | tail -n 1)
printf 'fsck-check --image --list  %ss (max RSS %s KiB)\n' "$f" "$rss"
printf 'e2fsck -fn                 %ss\n' "$e"
verdict() { # verdict RATIO OP TARGET
	if [ "$(echo "$1 $2 $3" | bc)" = 1 ]; then echo met; else echo missed; fi
}
r=$(echo "scale=2; $f / $e" | bc | sed 's/^\./0./')
printf 'fsck-check / e2fsck = %s (target <= 0.3: %s)\n' "$r" \
	"$(verdict "$r" '<=' 0.3)"
for sh in $shapes; do
	f=$(med "fsck-check-$sh") e=$(med "e2fsck-$sh")
	r=$(echo "scale=2; $f / $e" | bc | sed 's/^\./0./')
	printf '\nshape %s:\n' "$sh"
	printf 'fsck-check --image --list  %ss\n' "$f"
	printf 'e2fsck -fn                 %ss\n' "$e"
	printf 'fsck-check / e2fsck = %s (target <= 0.3: %s)\n' "$r" \
		"$(verdict "$r" '<=' 0.3)"
done
