#!/bin/sh
# 6.1's own tools/testing/selftests/capabilities on 6.1 with the series.
exec sh tests/vm/run.sh build/kernel/6.1/patched/bzImage selftest-caps
