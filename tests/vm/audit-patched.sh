#!/bin/sh
# BPRM_FCAPS audit records (audit=1) with the series: as stock except
# where a patch changes the grant.
exec sh tests/vm/offline.sh build/kernel/patched/bzImage patched audit audit=1
