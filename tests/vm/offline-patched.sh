#!/bin/sh
# Offline-planted values on the patched kernel (patches 1 and 4).
exec sh tests/vm/offline.sh build/kernel/patched/bzImage patched
