#!/bin/sh
# Offline-planted values on the unpatched 6.1 kernel.
exec sh tests/vm/offline.sh build/kernel/6.1/stock/bzImage stock
