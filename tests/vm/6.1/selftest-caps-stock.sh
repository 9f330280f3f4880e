#!/bin/sh
# 6.1's own tools/testing/selftests/capabilities on the unpatched 6.1 kernel.
exec sh tests/vm/run.sh build/kernel/6.1/stock/bzImage selftest-caps
