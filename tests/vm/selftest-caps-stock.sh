#!/bin/sh
# The kernel's tools/testing/selftests/capabilities on the unpatched kernel.
exec sh tests/vm/run.sh build/kernel/stock/bzImage selftest-caps
