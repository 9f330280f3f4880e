#!/bin/sh
# Idmapped mounts and overlayfs in a user namespace, with the series
# (and kernel.fcaps.mask narrowing what a namespace's value grants).
exec sh tests/vm/ns.sh build/kernel/patched/bzImage patched
