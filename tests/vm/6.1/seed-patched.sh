#!/bin/sh
# The Oracle case on 6.1 with the series.
exec sh tests/vm/run.sh build/kernel/6.1/patched/bzImage seed
