#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/archive.sh FSCK-CHECK: the archive benchmark (not a test).  The
# tree of bench/tree.sh (200,000 names, 2,000 values; kept in
# $BENCH_SCAN_DIR, default /tmp/fcaps-bench-scan) archived once by GNU
# tar --xattrs, plain and gzip (kept in $BENCH_ARCHIVE_DIR, default
# /tmp/fcaps-bench-archive); fsck-check --archive --list against
# bsdtar -tvf and tar -tvv --xattrs on the same archive, and for gzip the
# floor, zcat >/dev/null, alternated for $ROUNDS rounds; medians and
# ratios.  Then fsck-check's peak RSS on that archive and on one of a
# tenth of the names holding the same 2,000 values: memory must not grow
# with the number of entries.  Targets: no slower than bsdtar -tvf,
# within 1.2x of the floor for gzip, memory flat.  Wall-clock times on a
# shared 2-core machine are noisy: the load is printed with the results.
set -eu
fc=$1
dir=${BENCH_SCAN_DIR:-/tmp/fcaps-bench-scan}
small=$dir-small-2k
out=${BENCH_ARCHIVE_DIR:-/tmp/fcaps-bench-archive}
rounds=${ROUNDS:-7}

here=$(dirname "$0")
sh "$here/tree.sh" "$dir"
sh "$here/tree.sh" "$small" 4 10
mkdir -p "$out"
xa="--xattrs --xattrs-include=security.capability"
mk() {	# mk ARCHIVE TREE [TAR OPTIONS]: once
	a=$1 tree=$2
	shift 2
	[ -s "$a" ] && return 0
	echo "archiving $tree to $a..."
	# shellcheck disable=SC2086
	tar $xa "$@" -cf "$a.tmp" -C "$tree" . && mv "$a.tmp" "$a"
}
mk "$out/big.tar" "$dir"
mk "$out/big.tar.gz" "$dir" -z
mk "$out/small.tar" "$small"

. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
entries=$(tar -tf "$out/big.tar" | wc -l)
values=$("$fc" --archive "$out/big.tar" --list 2>/dev/null | wc -l)
load0=$(cut -d ' ' -f 1-3 /proc/loadavg)
cat "$out/big.tar" "$out/big.tar.gz" >/dev/null
i=0
while [ $i -lt "$rounds" ]; do
	run fc "$fc" --archive "$out/big.tar" --list
	run bsdtar bsdtar -tvf "$out/big.tar"
	run tar tar -tvv --xattrs -f "$out/big.tar"
	run fcgz "$fc" --archive "$out/big.tar.gz" --list
	run bsdtargz bsdtar -tvf "$out/big.tar.gz"
	run targz tar -tvv --xattrs -zf "$out/big.tar.gz"
	run zcat sh -c "zcat '$out/big.tar.gz' >/dev/null"
	i=$((i + 1))
done
load1=$(cut -d ' ' -f 1-3 /proc/loadavg)
med() { sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
rss() {	# the median of three peak RSS (KiB), of the parent or the reader
	for _ in 1 2 3; do
		/usr/bin/time -f %M "$fc" --archive "$1" --list 2>&1 >/dev/null |
			tail -n 1
	done | sort -n | sed -n 2p
}
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
verdict() { # verdict RATIO OP TARGET
	if [ "$(echo "$1 $2 $3" | bc)" = 1 ]; then echo met; else echo missed; fi
}
f=$(med fc) b=$(med bsdtar) g=$(med tar)
fz=$(med fcgz) bz=$(med bsdtargz) gz=$(med targz) z=$(med zcat)
rbig=$(rss "$out/big.tar") rsmall=$(rss "$out/small.tar")
nsmall=$(tar -tf "$out/small.tar" | wc -l)
printf '%d rounds, medians; %s entries, %s values; load average %s before, %s after\n' \
	"$rounds" "$entries" "$values" "$load0" "$load1"
printf '%-34s %7s   %7s\n' "" plain gzip
printf '%-34s %6ss   %6ss\n' "fsck-check --archive --list" "$f" "$fz"
printf '%-34s %6ss   %6ss\n' "bsdtar -tvf" "$b" "$bz"
printf '%-34s %6ss   %6ss\n' "tar -tvv --xattrs" "$g" "$gz"
printf '%-34s %7s   %6ss\n' "zcat >/dev/null (floor)" - "$z"
r1=$(ratio "$f" "$b") r2=$(ratio "$fz" "$bz") r3=$(ratio "$fz" "$z")
printf 'fsck-check / bsdtar, plain  = %s  (target <= 1: %s)\n' "$r1" \
	"$(verdict "$r1" '<=' 1)"
printf 'fsck-check / bsdtar, gzip   = %s  (target <= 1: %s)\n' "$r2" \
	"$(verdict "$r2" '<=' 1)"
printf 'fsck-check / zcat, gzip     = %s  (target <= 1.2: %s)\n' "$r3" \
	"$(verdict "$r3" '<=' 1.2)"
printf 'fsck-check / tar -tvv       = %s plain, %s gzip\n' \
	"$(ratio "$f" "$g")" "$(ratio "$fz" "$gz")"
r4=$(ratio "$rbig" "$rsmall")
printf 'max RSS: %s KiB on %s entries, %s KiB on %s entries, 2,000 values each = %s  (target: flat, <= 1.2: %s)\n' \
	"$rbig" "$entries" "$rsmall" "$nsmall" "$r4" "$(verdict "$r4" '<=' 1.2)"
