#!/bin/sh
# Offline-planted values on 6.1 with the series.
exec sh tests/vm/offline.sh build/kernel/6.1/patched/bzImage patched
