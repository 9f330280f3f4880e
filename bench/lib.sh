# SPDX-License-Identifier: GPL-2.0-only
# bench/lib.sh: what the bench scripts share (sourced).  The caller sets
# $tmp, where each measurement's file is kept.

now() { date +%s.%N; }

# run NAME CMD...: time CMD (its output and status ignored) and append
# the seconds, to the millisecond, to $tmp/NAME
run() {
	name=$1
	shift
	s=$(now)
	"$@" >/dev/null 2>&1 || true
	e=$(now)
	printf '%.3f\n' "$(echo "$e - $s" | bc)" >>"$tmp/$name"
}

# kmedian FILE KIND: the median of the second field of FILE's lines whose
# first is KIND (the guests' "BENCH KIND RATE" lines); 0 when none
kmedian() {
	awk -v k="$2" '$1 == k { print $2 }' "$1" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print 0 }'
}

# debian_vmlinuz OUT VERSION WHO: Debian's own kernel of line VERSION
# (kernel/distro.sh) as OUT/vmlinuz-VERSION; WHO names the bench in errors
debian_vmlinuz() {
	_debs=$(KVER=$2 sh kernel/distro.sh) || {
		echo "$3: no Debian kernel of $2 to boot" >&2; return 1; }
	for _d in $_debs; do
		dpkg-deb --fsys-tarfile "$_d" | tar -xf - -C "$1" --wildcards \
			'./boot/vmlinuz-*' './usr/lib/modules/*/vmlinuz' \
			2>/dev/null
	done
	_k=$(ls "$1"/boot/vmlinuz-"$2".* "$1"/usr/lib/modules/"$2".*/vmlinuz \
		2>/dev/null | head -n1)
	[ -f "$_k" ] || { echo "$3: no vmlinuz in $_debs" >&2; return 1; }
	mv "$_k" "$1/vmlinuz-$2"
}

# bench_libs ROOT PROGRAM: PROGRAM's shared libraries into ROOT
bench_libs() {
	for _l in $(ldd "$2" | awk '/=>/ { print $3 } /ld-linux/ { print $1 }'); do
		mkdir -p "$1$(dirname "$_l")" && cp -L "$_l" "$1$_l" || return 1
	done
}

# bench_clock WHO: $qemu and $unit for BENCH_CLOCK ($clock): icount
# compares guest instructions, wall TCG time
bench_clock() {
	case $clock in
	icount)	qemu="-icount shift=0,sleep=off" unit="per 1e9 guest instructions" ;;
	wall)	qemu= unit="per second (TCG wall clock)" ;;
	*)	echo "$1: BENCH_CLOCK is icount or wall, not '$clock'" >&2
		return 1 ;;
	esac
}
