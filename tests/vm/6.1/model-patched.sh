#!/bin/sh
# lib's execve model (fcaps rules) against 6.1 with the series' 6.1 port.
exec sh tests/vm/run.sh build/kernel/6.1/patched/bzImage modelcheck fcaps_kernel=patched
