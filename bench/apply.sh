#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/apply.sh [N]: apply an N-entry manifest (default 10000) and compare
# (a benchmark, not a test; it exits 0 whenever it could run):
#
#   setfcap --manifest   the tool
#   setcap loop          N setcap processes (libcap)
#   raw loop             open + fsetxattr + close per file, in C: the least
#                        any tool can do, with none of setfcap's guarantees
#   safe floor           the calls setfcap's guarantees need, in C, one
#                        thread: open(O_PATH|O_NOFOLLOW) + fstat (refuse
#                        what is not a regular file without opening it),
#                        open(/proc/self/fd/N) + close (a real descriptor of
#                        the very file checked), fgetxattr (the old value,
#                        for the roll back), every file checked before the
#                        first fsetxattr, then the closes
#
# Every file starts without a value.  The fast runs alternate $ROUNDS
# times (default 7) and the setcap loop runs in $SETCAP_ROUNDS of them
# (default 3); medians.  Targets: >= 50x faster than the setcap
# loop, <= 1.2x the raw loop.  On a shared machine the load is printed.
# SETFCAP_BEFORE=path/to/another/setfcap adds it as a column (before and
# after a change, in the same run).
set -u
before=${SETFCAP_BEFORE:-}
n=${1:-10000}
rounds=${ROUNDS:-7}
setcap_rounds=${SETCAP_ROUNDS:-3}
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
setf=$top/setfcap/setfcap
cc=${CC:-cc}
tmp=$(mktemp -d /tmp/fcaps-bench.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

mkdir a b
i=0
while [ $i -lt "$n" ]; do
	: >a/$i; : >b/$i
	echo "cap_net_raw+ep a/$i"
	i=$((i + 1))
done >manifest

cat >loop.c <<'C'
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#define X "security.capability"
static const unsigned char le[20] = { 1, 0, 0, 2, 0, 0x20 };
int main(int argc, char **argv)
{
	int i, fd, pfd, n = atoi(argv[3]), *fds;
	unsigned char old[24];
	char path[64], self[40];
	struct stat st;

	fds = calloc(n, sizeof(*fds));
	for (i = 0; i < n && fds; i++) {
		snprintf(path, sizeof(path), "%s/%d", argv[2], i);
		if (!strcmp(argv[1], "reset")) {
			if (removexattr(path, X) && errno != ENODATA)
				return 1;
		} else if (!strcmp(argv[1], "raw")) {
			fd = open(path, O_RDONLY | O_NOFOLLOW);
			if (fd < 0 || fsetxattr(fd, X, le, sizeof(le), 0))
				return 1;
			close(fd);
		} else {
			pfd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
			if (pfd < 0 || fstat(pfd, &st) || !S_ISREG(st.st_mode))
				return 1;
			snprintf(self, sizeof(self), "/proc/self/fd/%d", pfd);
			fds[i] = open(self, O_RDONLY | O_NONBLOCK | O_NOCTTY |
				      O_CLOEXEC);
			close(pfd);
			if (fds[i] < 0 ||
			    (fgetxattr(fds[i], X, old, sizeof(old)) < 0 &&
			     errno != ENODATA))
				return 1;
		}
	}
	if (!fds || argc < 4)
		return 1;
	if (!strcmp(argv[1], "safe")) {
		for (i = 0; i < n; i++)
			if (fsetxattr(fds[i], X, le, sizeof(le), 0))
				return 1;
		for (i = 0; i < n; i++)
			close(fds[i]);
	}
	return 0;
}
C
$cc -O2 -o loop loop.c || exit 1

now() { date +%s.%N; }
run() {	# run NAME DIR CMD...: reset DIR, time CMD, append to NAME
	name=$1 d=$2
	shift 2
	./loop reset "$d" "$n" || exit 1
	s=$(now)
	"$@" || { echo "bench-apply: $name failed" >&2; exit 1; }
	e=$(now)
	echo "$e - $s" | bc >>"$name"
}
setcap_loop() {
	i=0
	while [ $i -lt "$n" ]; do
		setcap cap_net_raw+ep b/$i || return 1
		i=$((i + 1))
	done
}
load0=$(cut -d ' ' -f 1-3 /proc/loadavg)
r=0
while [ $r -lt "$rounds" ]; do
	run setfcap a "$setf" --manifest manifest
	[ -n "$before" ] && run before a "$before" --manifest manifest
	run raw a ./loop raw a "$n"
	run safe a ./loop safe a "$n"
	[ $r -lt "$setcap_rounds" ] && run setcap b setcap_loop
	r=$((r + 1))
done
load1=$(cut -d ' ' -f 1-3 /proc/loadavg)
med() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
m=$(med setfcap) s=$(med setcap) w=$(med raw) f=$(med safe)
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
verdict() { [ "$(echo "$1 $2 $3" | bc)" = 1 ] && echo met || echo missed; }
us() { echo "scale=2; $1 * 1000000 / $n" | bc | sed 's/^\./0./'; }
printf '%d entries, medians of %d rounds (setcap loop: %d); load %s before, %s after\n' \
	"$n" "$rounds" "$setcap_rounds" "$load0" "$load1"
printf '  setfcap --manifest  %8.3f s  %6s us/file  (%s threads)\n' "$m" "$(us "$m")" \
	"$(nproc | awk '{ print ($1 > 8 ? 8 : $1) }')"
if [ -n "$before" ]; then
	b=$(med before)
	printf '  SETFCAP_BEFORE      %8.3f s  %6s us/file  (%s x the raw loop)\n' \
		"$b" "$(us "$b")" "$(ratio "$b" "$w")"
fi
printf '  setcap loop         %8.3f s  %6s us/file\n' "$s" "$(us "$s")"
printf '  raw loop            %8.3f s  %6s us/file\n' "$w" "$(us "$w")"
printf '  safe floor          %8.3f s  %6s us/file  (1 thread)\n' "$f" "$(us "$f")"
r1=$(ratio "$s" "$m") r2=$(ratio "$m" "$w")
printf 'setcap loop / setfcap = %s  (target >= 50: %s)\n' "$r1" "$(verdict "$r1" '>=' 50)"
printf 'setfcap / raw loop    = %s  (target <= 1.2: %s)\n' "$r2" "$(verdict "$r2" '<=' 1.2)"
printf 'safe floor / raw loop = %s  (what the guarantees cost on one thread)\n' \
	"$(ratio "$f" "$w")"
printf 'setfcap / safe floor  = %s\n' "$(ratio "$m" "$f")"
