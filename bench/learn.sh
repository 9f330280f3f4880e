#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/learn.sh: make bench-learn.  What fcaps-learn's recorder costs the
# command it follows, on Debian's own kernels (BENCH_KVERS, default 7.3
# and 6.12; fexit/security_capable, the way it runs there).  Each is
# booted with a busybox initramfs holding fcaps-learn, its libraries and
# bench-exec's guest programs; in each boot uid 1000 runs an exec-heavy
# workload, a posix_spawn loop of a static program that exits at once
# (benchexec loop), alternately alone and as the command fcaps-learn
# learns that very program from (every exec of it tallied: the fork,
# exec and exit hooks and the capability hook all run for the tree),
# ROUNDS boots (default 2).  Prints the medians and the ratio of the rate
# alone to the rate traced: 1.000 costs nothing, 1.05 is 5% slower
# (target: < 1.05).  BENCH_CLOCK as bench-guard's: icount (the default)
# compares guest instructions, wall TCG time.
set -u
top=${FCAPS_TOP:-$(pwd)}
cd "$top" || exit 1
. bench/lib.sh
. kernel/qemu.sh
rounds=${ROUNDS:-2} n=${BENCH_N:-2000} clock=${BENCH_CLOCK:-icount}
bench_clock bench-learn || exit 2
st=build/static
for f in "$st/bench/benchexec" "$st/bench/nop" learn/fcaps-learn; do
	[ -x "$f" ] || { echo "bench-learn: $f not built (make static all)" >&2; exit 2; }
done
out=$top/build/bench-learn
rm -rf "$out" && mkdir -p "$out/root/bin" "$out/root/tests" "$out/root/proc" \
	"$out/root/sys" "$out/root/tmp" "$out/root/dev" "$out/root/etc" ||
	exit 1

# ---- the initramfs ------------------------------------------------------------
r=$out/root
cp /bin/busybox "$r/bin/" && ln -s busybox "$r/bin/sh" &&
	cp "$st/bench/benchexec" "$st/bench/nop" "$r/tests/" &&
	cp learn/fcaps-learn "$r/bin/" && bench_libs "$r" learn/fcaps-learn ||
	exit 1
printf 'root:x:0:0::/:/bin/sh\nbench:x:1000:1000::/tmp:/bin/sh\n' >"$r/etc/passwd"
printf 'root:x:0:\nbench:x:1000:\n' >"$r/etc/group"
cat >"$r/init" <<'EOF'
#!/bin/sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs -o mode=1777 tmp /tmp
mkdir -p /srv/bench && cp /tests/nop /srv/bench/nop && chmod 755 /srv/bench/nop
echo	# the first line is not glued to the firmware's last
i=0
while [ $i -lt 2 ]; do
	/tests/benchexec loop /srv/bench/nop | sed 's/^BENCH loop/BENCH alone/'
	fcaps-learn -v --user 1000 --timeout 1200 /srv/bench/nop -- \
		/tests/benchexec loop /srv/bench/nop >/tmp/learn.out 2>/tmp/learn.err
	echo "BENCH-LEARN status $? $(head -n1 /tmp/learn.out)"
	# the learning run's lines only (fcaps-learn -v: each run's output
	# follows its "... run, ...:" line)
	awk '/^fcaps-learn: learning run, / { on = 1; next }
	     /^fcaps-learn: / { on = 0 }
	     on && /^BENCH loop/ { sub(/^BENCH loop/, "BENCH traced"); print }' \
		/tmp/learn.err
	i=$((i + 1))
done
reboot -f
EOF
chmod 755 "$r/init"
(cd "$r" && find . | cpio -o -H newc 2>/dev/null | gzip -1) >"$out/initrd" ||
	exit 1

# ---- the kernels --------------------------------------------------------------
kvers=${BENCH_KVERS:-7.3 6.12}
for v in $kvers; do
	debian_vmlinuz "$out" "$v" bench-learn || exit 2
done

boot() {	# VERSION
	fcaps_qemu 2400 1024 "$out/vmlinuz-$1" "$out/initrd" \
		"console=ttyS0 quiet panic=-1 fcaps_bench_n=$n" \
		$qemu >"$out/console-$1-$i.log" 2>&1
	tr -d '\r' <"$out/console-$1-$i.log" |
		sed -n 's/^BENCH //p' >>"$out/$1"
	grep -q '^BENCH-LEARN status 0 ' "$out/console-$1-$i.log" || {
		echo "bench-learn: $1: fcaps-learn did not verify its run: see $out/console-$1-$i.log" >&2
		exit 1
	}
}
i=0
while [ $i -lt "$rounds" ]; do
	for v in $kvers; do
		boot "$v"
	done
	i=$((i + 1))
done
echo "$clock: rates $unit; $rounds boots, alone and traced alternated"
for v in $kvers; do
	echo "Debian's Linux $v:"
	printf '%-10s %14s %14s %8s\n' what alone traced ratio
	a=$(kmedian "$out/$v" alone) b=$(kmedian "$out/$v" traced)
	printf '%-10s %14s %14s %8s\n' exec "$a" "$b" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.4f", a / b; else print "?" }')"
done
