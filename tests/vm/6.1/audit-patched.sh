#!/bin/sh
# BPRM_FCAPS audit records on 6.1 with the series (one decoder for exec
# and audit: the unknown-flags value grants and logs nothing).
exec sh tests/vm/offline.sh build/kernel/6.1/patched/bzImage patched audit audit=1
