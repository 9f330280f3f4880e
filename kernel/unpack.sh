#!/bin/sh
# Unpack Debian's linux-source-6.12 once into build/linux-source-6.12.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux-source-6.12
tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$src/Makefile" ] && exit 0
[ -f "$tarball" ] || { echo "kernel/unpack.sh: $tarball missing (apt-get install linux-source-6.12)" >&2; exit 1; }
mkdir -p "$top/build"
echo "  TAR  $tarball"
tar -C "$top/build" -xf "$tarball"
