#!/bin/sh
# lib's execve model against the unpatched 6.12 kernel.
exec sh tests/vm/run.sh build/kernel/stock/bzImage modelcheck fcaps_kernel=stock
