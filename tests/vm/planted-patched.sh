#!/bin/sh
# tests/planted.sh on the patched kernel, which refuses a zero-length
# value even from root: each case skips, naming the kernel and the errno,
# as on a host kernel that refuses it.
exec sh tests/vm/run.sh build/kernel/patched/bzImage planted \
	planted_refuse=zero_length
