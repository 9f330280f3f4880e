#!/bin/sh
# tests/planted.sh on 6.1 with the series, which refuses a zero-length value
# even from root: each case skips, naming the kernel and the errno.
exec sh tests/vm/run.sh build/kernel/6.1/patched/bzImage planted \
	planted_refuse=zero_length
