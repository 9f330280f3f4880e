#!/bin/sh
# lib's execve model (mainline 6.1 rules) against the unpatched 6.1 kernel.
exec sh tests/vm/run.sh build/kernel/6.1/stock/bzImage modelcheck fcaps_kernel=stock
