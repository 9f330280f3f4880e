#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/guard.sh: make bench-guard.  What fcaps-guard costs on Debian's own
# kernels (kernel/distro.sh fetches them; BENCH_KVERS, default 7.3 and
# 6.12): each is booted with a busybox initramfs holding the guard, its
# libraries and bench-exec's guest programs, once with the guard loaded
# (mask = all, deny_write = 1: every program runs all of its checks and
# refuses nothing) and once without, alternated ROUNDS times (default 2).
# In each boot uid 1000 runs bench-exec's posix_spawn loops (plain and
# cap_ipc_lock+ep, bench/benchexec.c) and root rewrites a value
# (bench/benchxattr.c).  Prints the medians and the ratio of the rate
# without the guard to the rate with it: 1.000 costs nothing, 1.002 is
# 0.2% slower (target for exec: <= 1.002).  BENCH_CLOCK as bench-exec's:
# icount (the default) compares guest instructions, wall TCG time.
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
. bench/lib.sh
. kernel/qemu.sh
rounds=${ROUNDS:-2} n=${BENCH_N:-2000} clock=${BENCH_CLOCK:-icount}
bench_clock bench-guard || exit 2
st=build/static
for f in "$st/bench/benchexec" "$st/bench/nop" "$st/bench/benchxattr" \
	guard/fcaps-guard; do
	[ -x "$f" ] || { echo "bench-guard: $f not built (make static all)" >&2; exit 2; }
done
out=$top/build/bench-guard
rm -rf "$out" && mkdir -p "$out/root/bin" "$out/root/tests" "$out/root/proc" \
	"$out/root/sys" "$out/root/tmp" "$out/root/run" "$out/root/dev" \
	"$out/root/etc/fcaps" || exit 1

# ---- the initramfs ------------------------------------------------------------
r=$out/root
cp /bin/busybox "$r/bin/" && ln -s busybox "$r/bin/sh" &&
	cp "$st/bench/benchexec" "$st/bench/nop" "$st/bench/benchxattr" \
		"$r/tests/" && cp guard/fcaps-guard "$r/bin/" || exit 1
bench_libs "$r" guard/fcaps-guard || exit 1
printf 'mask = all\ndeny_write = 1\n' >"$r/etc/fcaps/guard.conf"
cat >"$r/init" <<'EOF'
#!/bin/sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t securityfs sec /sys/kernel/security
mount -t bpf bpf /sys/fs/bpf
mount -t tmpfs -o mode=1777 tmp /tmp
mount -t tmpfs run /run
if [ "$fcaps_guard" = 1 ]; then
	fcaps-guard 2>/tmp/guard.log &
	i=0
	until fcaps-guard --status >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt 300 ] && { echo "BENCH-ERROR the guard did not load: $(tail -n1 /tmp/guard.log)"; reboot -f; }
		sleep 0.1
	done
fi
echo "BENCH-GUARD $(fcaps-guard --status | tr '\n' ' ')"
/tests/benchexec
/tests/benchxattr
reboot -f
EOF
chmod 755 "$r/init"
(cd "$r" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$out/initrd" ||
	exit 1

# ---- the kernels --------------------------------------------------------------
kvers=${BENCH_KVERS:-7.3 6.12}
for v in $kvers; do
	debian_vmlinuz "$out" "$v" bench-guard || exit 2
done

boot() {	# VERSION 0|1
	fcaps_qemu 1200 1024 "$out/vmlinuz-$1" "$out/initrd" \
		"console=ttyS0 quiet panic=-1 fcaps_bench_n=$n fcaps_guard=$2" \
		$qemu >"$out/console-$1-$2-$i.log" 2>&1
	tr -d '\r' <"$out/console-$1-$2-$i.log" |
		sed -n 's/^BENCH //p' >>"$out/$1-$2"
	if grep -q 'BENCH-ERROR' "$out/console-$1-$2-$i.log"; then
		grep 'BENCH-ERROR' "$out/console-$1-$2-$i.log" >&2
		exit 1
	fi
	grep -q "BENCH-GUARD loaded=$2" "$out/console-$1-$2-$i.log" || {
		echo "bench-guard: $1: the guard is not as asked ($2): see $out/console-$1-$2-$i.log" >&2
		exit 1
	}
}
i=0
while [ $i -lt "$rounds" ]; do
	for v in $kvers; do
		boot "$v" 0
		boot "$v" 1
	done
	i=$((i + 1))
done
echo "$clock: rates $unit; $rounds rounds, guard off and on alternated"
for v in $kvers; do
	echo "Debian's Linux $v:"
	printf '%-10s %14s %14s %8s\n' what "without" "with guard" ratio
	for kind in plain cap setxattr; do
		a=$(kmedian "$out/$v-0" $kind) b=$(kmedian "$out/$v-1" $kind)
		printf '%-10s %14s %14s %8s\n' $kind "$a" "$b" \
			"$(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.4f", a / b; else print "?" }')"
	done
done
