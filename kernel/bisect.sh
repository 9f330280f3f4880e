#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Build every prefix of kernel/patches/series (1..N), one object tree.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
n=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/kernel/patches/series" | wc -l)
i=1
while [ "$i" -le "$n" ]; do
	echo "  BISECT $i/$n"
	sh "$top/kernel/build.sh" bisect "$i" ||
		{ echo "kernel-bisect: prefix $i/$n does not build" >&2; exit 1; }
	i=$((i + 1))
done
echo "  BISECT all $n prefixes build"
