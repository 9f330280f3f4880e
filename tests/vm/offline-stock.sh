#!/bin/sh
# Offline-planted values on the unpatched kernel.
exec sh tests/vm/offline.sh build/kernel/stock/bzImage stock
