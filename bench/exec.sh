#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/exec.sh: make bench-exec.  For each supported kernel line
# (kernel/kver.sh's KERNEL_VERSIONS; BENCH_KVERS to choose) boots the stock kernel, the patched
# kernel and the patched kernel with a non-default policy (fcaps.mask
# without cap_sys_admin, fcaps.locked=1), alternated ROUNDS times; the
# test kernels' configuration without lockdep (make kernel-bench:
# kernel/config/bench.config), whose bookkeeping on every lock would
# count in each exec and dilute the series' share; in each
# boot uid 1000 runs a posix_spawn loop on a static binary, plain and with
# cap_ipc_lock+ep (bench/benchexec.c), three measurements of BENCH_N
# execs each.  Prints the median and best rate of each, their spread, and
# the ratio of stock's rate to each patched rate: 1.000 is as fast as
# stock, 1.002 is 0.2% slower.  Each version is compared with its own
# stock kernel, never across versions.
#
# BENCH_CLOCK=icount (the default) boots with -icount shift=0,sleep=off:
# guest time then counts instructions (one nanosecond each), so a "rate"
# is execs per 10^9 guest instructions and the ratios compare the
# instructions an exec costs, not cycles or wall time.  It repeats to a
# few hundredths of a percent whatever the host is doing; the target is
# <= 1.002.  BENCH_CLOCK=wall measures TCG wall-clock time instead, whose
# spread on a shared host is often tens of percent (target <= 1.01); a
# spread wider than the target's margin makes the verdict "cannot tell".
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
. bench/lib.sh
rounds=${ROUNDS:-2} n=${BENCH_N:-2000} clock=${BENCH_CLOCK:-icount}
case $clock in
icount)	qemu="-icount shift=0,sleep=off" target=1.002 margin=0.2
	unit="execs per 1e9 guest instructions" ;;
wall)	qemu= target=1.01 margin=5 unit="execs/s (TCG wall clock)" ;;
*)	echo "bench-exec: BENCH_CLOCK is icount or wall, not '$clock'" >&2
	exit 2 ;;
esac
out=$top/build/bench-exec
rm -rf "$out" && mkdir -p "$out"
boot() {	# NAME KERNEL [PARAMS]
	name=$1 k=$2
	shift 2
	FCAPS_VM_NAME=bench-$name FCAPS_VM_QEMU_ARGS=$qemu \
		sh tests/vm/run.sh "$k" benchexec fcaps_bench_n="$n" "$@" |
		sed -n 's/^BENCH //p' >>"$out/$name"
}
kvers=${BENCH_KVERS:-$(. "$top/kernel/kver.sh" && echo "$KERNEL_VERSIONS")}
kdir() {	# VERSION: where its bench kernels are (kernel/kver.sh says)
	(KVER=$1 && . "$top/kernel/kver.sh" && echo "$kdir")
}
i=0
while [ $i -lt "$rounds" ]; do
	for v in $kvers; do
		d=$(kdir "$v") || exit 2
		boot "$v-stock" "$d/stock/bzImage-bench"
		boot "$v-patched" "$d/patched/bzImage-bench"
		boot "$v-policy" "$d/patched/bzImage-bench" \
			fcaps.mask=1ffffdfffff fcaps.locked=1
	done
	i=$((i + 1))
done
best() {	# FILE KIND: the fastest measurement, the least disturbed by load
	awk -v k="$2" '$1 == k && $2 > m { m = $2 } END { print m + 0 }' "$1"
}
spread() {	# FILE KIND: (max - min) / median, in percent
	awk -v k="$2" '$1 == k { v[n++] = $2 } END {
		if (!n) { print 0; exit }
		lo = hi = v[0]
		for (i in v) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
		printf "%.3f", 100 * (hi - lo) / ((hi + lo) / 2) }' "$1"
}
echo "$clock: $unit; $rounds rounds of $n execs x 3 per kernel"
for v in $kvers; do
echo "Linux $v:"
printf '%-14s %12s %12s %9s %12s %12s %9s\n' kernel "plain med" "plain best" \
	spread "cap med" "cap best" spread
for k in stock patched policy; do
	f=$out/$v-$k
	printf '%-14s %12s %12s %8s%% %12s %12s %8s%%\n' "$v-$k" \
		"$(kmedian "$f" plain)" "$(best "$f" plain)" \
		"$(spread "$f" plain)" "$(kmedian "$f" cap)" \
		"$(best "$f" cap)" "$(spread "$f" cap)"
done
for k in patched policy; do
	for kind in plain cap; do
		s=$out/$v-stock p=$out/$v-$k
		awk -v s="$(kmedian "$s" $kind)" -v p="$(kmedian "$p" $kind)" \
		    -v sb="$(best "$s" $kind)" -v pb="$(best "$p" $kind)" \
		    -v ss="$(spread "$s" $kind)" -v ps="$(spread "$p" $kind)" \
		    -v k="$k" -v kind="$kind" -v t="$target" -v m="$margin" \
		    -v v="$v" 'BEGIN {
			r = p > 0 ? s / p : 0; rb = pb > 0 ? sb / pb : 0
			sp = ss > ps ? ss : ps
			v2 = sp > m ? sprintf("cannot tell, spread %.3f%%", sp) : \
				(r <= t ? "met" : "missed")
			if (p <= 0 || s <= 0) v2 = "no measurement"
			printf "%s stock/%-7s %-5s median %.4f  best %.4f  spread %.3f%%  (target <= %s: %s)\n",
				v, k, kind, r, rb, sp, t, v2 }'
	done
done
done
if [ "$clock" = icount ]; then
	echo "these ratios count guest instructions, not cycles: a patch that costs cache misses or locking but few instructions would not show here"
else
	echo "load: $(cut -d' ' -f1-3 /proc/loadavg); a spread above the margin means the ratios cannot resolve the target"
fi
