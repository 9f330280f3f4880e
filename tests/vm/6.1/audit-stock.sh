#!/bin/sh
# BPRM_FCAPS audit records of planted values on the unpatched 6.1 kernel.
exec sh tests/vm/offline.sh build/kernel/6.1/stock/bzImage stock audit audit=1
