#!/bin/sh
# The seeds' case (CAP_IPC_LOCK for Oracle) on the patched kernel.
exec sh tests/vm/run.sh build/kernel/patched/bzImage seed
