#!/bin/sh
# Idmapped mounts and overlayfs in a user namespace on the unpatched 6.1 kernel.
exec sh tests/vm/ns.sh build/kernel/6.1/stock/bzImage stock
