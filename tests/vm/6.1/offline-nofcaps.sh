#!/bin/sh
# Offline-planted values on 6.1 with the series and CONFIG_SECURITY_FILE_CAPABILITIES=n.
exec sh tests/vm/offline.sh build/kernel/6.1/patched/bzImage-nofcaps nofcaps
