#!/bin/sh
# tests/planted.sh on the unpatched kernel, which stores a zero-length
# value for root (and for anyone): no case may skip for want of one.
exec sh tests/vm/run.sh build/kernel/stock/bzImage planted \
	planted_require=zero_length
