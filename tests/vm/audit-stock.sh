#!/bin/sh
# BPRM_FCAPS audit records (audit=1) on the unpatched 6.12.
exec sh tests/vm/offline.sh build/kernel/stock/bzImage stock audit audit=1
