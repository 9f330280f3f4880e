#!/bin/sh
# tests/planted.sh on the unpatched 6.1 kernel, which stores a zero-length
# value: no case may skip for want of one.
exec sh tests/vm/run.sh build/kernel/6.1/stock/bzImage planted \
	planted_require=zero_length
