#!/bin/sh
# The seeds' case (CAP_IPC_LOCK for Oracle) on the unpatched kernel.
exec sh tests/vm/run.sh build/kernel/stock/bzImage seed
