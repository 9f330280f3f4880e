#!/bin/sh
# Idmapped mounts and overlayfs in a user namespace, unpatched 6.12.
exec sh tests/vm/ns.sh build/kernel/stock/bzImage stock
