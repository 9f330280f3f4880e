#!/bin/sh
# The kernel's tools/testing/selftests/capabilities on the patched kernel.
exec sh tests/vm/run.sh build/kernel/patched/bzImage selftest-caps
