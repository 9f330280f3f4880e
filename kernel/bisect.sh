#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# [KVER=6.1] kernel/bisect.sh: build every prefix of
# kernel/patches/$KVER/series (1..N: the fix series, then the policy
# series on top of it), one object tree, and boot each
# (kernel/boot-smoke.sh: to /init and a clean reboot, no panic).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
n=$(series_entries "$series" | wc -l)
i=1
while [ "$i" -le "$n" ]; do
	echo "  BISECT $KVER $i/$n"
	sh "$top/kernel/build.sh" bisect "$i" ||
		{ echo "kernel-bisect: $KVER prefix $i/$n does not build" >&2; exit 1; }
	sh "$top/kernel/boot-smoke.sh" "$kdir/bisect/bzImage-$i" >/dev/null ||
		{ echo "kernel-bisect: $KVER prefix $i/$n does not boot" >&2; exit 1; }
	i=$((i + 1))
done
echo "  BISECT $KVER: all $n prefixes build and boot"
