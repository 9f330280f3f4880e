#!/bin/sh
# The 6.1 series' own kselftest (its patch 5) on 6.1 with the series.
exec sh tests/vm/run.sh build/kernel/6.1/patched/bzImage fcaps-selftest
