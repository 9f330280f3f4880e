#!/bin/sh
# Offline-planted values on stock 6.12 with the series' first patch alone
# (kernel/build.sh bisect 1): the zero-length value is refused, stands for
# nothing at exec and goes on chown; every other value as on stock.
# The kernel is not built by make check (one more full kernel build):
# make check-fix1 builds it and runs this suite.
k=build/kernel/bisect/bzImage-1
if [ ! -f "$k" ]; then
	echo "1..0 # SKIP no $k (make check-fix1 builds it)"
	exit 0
fi
exec sh tests/vm/offline.sh "$k" fix1
