#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/image.sh FSCK-CHECK: the offline-scan benchmark (not a test).  The
# bench-scan tree (200,000 names, 2,000 values; bench/tree.sh) as a 1 GiB
# ext4 image made by mke2fs -d (kept as $BENCH_IMAGE, default
# /tmp/fcaps-bench-scan.img, between runs); fsck-check --image --list
# against e2fsck -fn on the same image, alternated for $ROUNDS rounds;
# medians and the ratio (target: at most 0.5).
set -eu
fc=$1
dir=${BENCH_SCAN_DIR:-/tmp/fcaps-bench-scan}
img=${BENCH_IMAGE:-/tmp/fcaps-bench-scan.img}
rounds=${ROUNDS:-7}

sh "$(dirname "$0")/tree.sh" "$dir"
if [ ! -f "$img" ] || [ "$dir/.complete" -nt "$img" ]; then
	echo "generating $img (1 GiB ext4, mke2fs -d)..."
	rm -f "$img"
	# 200,000 names need more inodes than the 1 GiB default of 65,536.
	mke2fs -q -F -t ext4 -N 262144 -d "$dir" "$img.tmp" 1G
	mv "$img.tmp" "$img"
fi
n=$("$fc" --image "$img" --list | wc -l)
echo "fsck-check --image --list finds $n values"

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat "$img" >/dev/null	# both start from the page cache
i=0
while [ $i -lt "$rounds" ]; do
	run fsck-check "$fc" --image "$img" --list
	run e2fsck e2fsck -fn "$img"
	i=$((i + 1))
done
med() { sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
f=$(med fsck-check) e=$(med e2fsck)
rss=$(/usr/bin/time -f %M "$fc" --image "$img" --list 2>&1 >/dev/null | tail -n 1)
printf 'fsck-check --image --list  %ss (max RSS %s KiB)\n' "$f" "$rss"
printf 'e2fsck -fn                 %ss\n' "$e"
printf 'fsck-check / e2fsck = %s (target <= 0.5)\n' \
	"$(echo "scale=2; $f / $e" | bc)"
