#!/bin/sh
# lib's execve model (fcaps flavour) against the patched kernel.
exec sh tests/vm/run.sh build/kernel/patched/bzImage modelcheck fcaps_kernel=patched
