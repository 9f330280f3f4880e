#!/bin/sh
# The series with CONFIG_SECURITY_FILE_CAPABILITIES=n: values ignored, writes refused.
exec sh tests/vm/offline.sh build/kernel/patched/bzImage-nofcaps nofcaps
