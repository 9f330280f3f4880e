#!/bin/sh
# Offline-planted values on stock 6.1 with the 6.1 series' first patch alone
# (make kernel-6.1-fix1): the zero-length fix stands on its own on 6.1 too.
k=build/kernel/6.1/fix1/bzImage
if [ ! -f "$k" ]; then
	echo "1..0 # SKIP no $k (make kernel-6.1-fix1 builds it)"
	exit 0
fi
exec sh tests/vm/offline.sh "$k" fix1
