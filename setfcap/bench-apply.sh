#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-apply.sh [N]: apply an N-entry manifest (default 10000) three ways
# and print the times: setfcap --manifest, N setcap processes, and a bare
# open + fsetxattr loop in C.  Targets: >= 50x faster than the setcap loop,
# <= 1.2x the bare loop.  A benchmark, not a test: it always exits 0 when
# it could run.
set -u
n=${1:-10000}
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
setf=$top/setfcap/setfcap
cc=${CC:-cc}
tmp=$(mktemp -d /tmp/fcaps-bench.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc; }

mkdir a b c
i=0
while [ $i -lt "$n" ]; do
	: >a/$i; : >b/$i; : >c/$i
	echo "cap_net_raw+ep a/$i"
	i=$((i + 1))
done >manifest

cat >raw.c <<'C'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/xattr.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	unsigned char le[20] = { 1, 0, 0, 2, 0, 0x20 };
	char path[64];
	int i, fd, n = atoi(argv[1]);

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "c/%d", i);
		fd = open(path, O_RDONLY | O_NOFOLLOW);
		if (fd < 0 || fsetxattr(fd, "security.capability", le,
					sizeof(le), 0))
			return 1;
		close(fd);
	}
	return argc < 2;
}
C
$cc -O2 -o raw raw.c || exit 1

t0=$(now); "$setf" --manifest manifest || exit 1; t1=$(now)
i=0
while [ $i -lt "$n" ]; do
	setcap cap_net_raw+ep b/$i || exit 1
	i=$((i + 1))
done
t2=$(now); ./raw "$n" || exit 1; t3=$(now)

m=$(secs "$t0" "$t1") s=$(secs "$t1" "$t2") r=$(secs "$t2" "$t3")
printf '%d entries\n' "$n"
printf '  setfcap --manifest   %8.3f s\n' "$m"
printf '  setcap loop          %8.3f s  (%.0fx setfcap)\n' "$s" \
	"$(echo "$s / $m" | bc -l)"
printf '  open+fsetxattr loop  %8.3f s  (setfcap is %.2fx)\n' "$r" \
	"$(echo "$m / $r" | bc -l)"
