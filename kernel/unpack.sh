#!/bin/sh
# Unpack Debian's linux-source-$KVER (6.12 by default, or 6.1) once into
# build/linux-source-$KVER.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
tarball=/usr/src/linux-source-$KVER.tar.xz
[ -f "$pristine/Makefile" ] && exit 0
[ -f "$tarball" ] || { echo "kernel/unpack.sh: $tarball missing (apt-get install linux-source-$KVER)" >&2; exit 1; }
mkdir -p "$top/build"
echo "  TAR  $tarball"
tar -C "$top/build" -xf "$tarball"
