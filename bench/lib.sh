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
