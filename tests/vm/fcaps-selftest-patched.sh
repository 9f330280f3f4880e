#!/bin/sh
# The series' kselftest (tools/testing/selftests/fcaps) on the patched kernel.
exec sh tests/vm/run.sh build/kernel/patched/bzImage fcaps-selftest
