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
