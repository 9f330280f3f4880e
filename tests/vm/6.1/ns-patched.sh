#!/bin/sh
# Idmapped mounts and overlayfs in a user namespace on 6.1 with the series.
exec sh tests/vm/ns.sh build/kernel/6.1/patched/bzImage patched
