#!/bin/sh
# The kernel.fcaps policy, three boots, on 6.1 with the series.
exec sh tests/vm/policy.sh build/kernel/6.1/patched/bzImage
