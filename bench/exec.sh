#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/exec.sh: make bench-exec.  Boots the stock kernel, the patched
# kernel and the patched kernel with a non-default policy (fcaps.mask
# without cap_sys_admin, fcaps.log=1), alternated ROUNDS times; in each
# boot uid 1000 runs a vfork+execve loop on a static binary, plain and
# with cap_ipc_lock+ep (tests/vm/benchexec.c).  Prints the median
# execs/s of each and the ratio of stock's rate to each patched rate:
# 1.00 is as fast as stock, 1.01 is 1% slower (the target is <= 1.01).
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
rounds=${ROUNDS:-3} n=${BENCH_N:-1000}
out=$top/build/bench-exec
rm -rf "$out" && mkdir -p "$out"
boot() {	# NAME KERNEL [PARAMS]
	name=$1 k=$2
	shift 2
	FCAPS_VM_NAME=bench-$name sh tests/vm/run.sh "$k" benchexec \
		fcaps_bench_n="$n" "$@" | sed -n 's/^BENCH //p' >>"$out/$name"
}
i=0
while [ $i -lt "$rounds" ]; do
	boot stock build/kernel/stock/bzImage
	boot patched build/kernel/patched/bzImage
	boot policy build/kernel/patched/bzImage fcaps.mask=1ffffdfffff \
		fcaps.log=1
	i=$((i + 1))
done
median() {	# FILE KIND
	awk -v k="$2" '$1 == k { print $2 }' "$1" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print 0 }'
}
printf '%-28s %12s %12s\n' "kernel" "plain ex/s" "cap ex/s"
for k in stock patched policy; do
	printf '%-28s %12s %12s\n' "$k" "$(median "$out/$k" plain)" \
		"$(median "$out/$k" cap)"
done
for k in patched policy; do
	for kind in plain cap; do
		s=$(median "$out/stock" $kind) p=$(median "$out/$k" $kind)
		awk -v s="$s" -v p="$p" -v k="$k" -v kind="$kind" 'BEGIN {
			r = p > 0 ? s / p : 0
			printf "ratio stock/%s %-5s %.3f  (target <= 1.01: %s)\n",
				k, kind, r, r <= 1.01 ? "met" : "missed" }'
	done
done
