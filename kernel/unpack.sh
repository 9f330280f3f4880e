#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=7.3] kernel/unpack.sh: unpack Debian's linux-source-$KVER once into
# build/linux-source-$KVER.  For a version the machine's own apt sources
# carry (6.12, 6.1: scripts/deps.sh installs the package) the tarball is
# /usr/src's; for one from a suite the machine does not use (7.3, from
# trixie-backports) the package is fetched with `apt-get download` under a
# private apt configuration in build/apt/$apt_suite (kernel/apt.sh: its
# own sources list, lists and cache), never touching the machine's
# sources, and the tarball is taken out of the .deb.  build/linux-source-$KVER/.fcaps-version names
# the Debian version unpacked.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
[ -f "$pristine/Makefile" ] && exit 0
mkdir -p "$top/build"
if [ -z "$apt_suite" ]; then
	[ -f "$tarball" ] || { echo "kernel/unpack.sh: $tarball missing (apt-get install linux-source-$KVER)" >&2; exit 1; }
	echo "  TAR  $tarball"
	rm -rf "$pristine.tmp" && mkdir -p "$pristine.tmp"
	tar -C "$pristine.tmp" -xf "$tarball"
	dpkg-query -W -f='${Version}\n' "linux-source-$KVER" \
		>"$pristine.tmp/linux-source-$KVER/.fcaps-version" 2>/dev/null || true
else
	. "$top/kernel/apt.sh"
	kapt_suite "$apt_suite"
	echo "  APT  linux-source-$KVER ($apt_suite)"
	kapt_update ||
		{ echo "kernel/unpack.sh: apt-get update of $apt_suite failed (see $kapt_dir/update.log)" >&2; exit 1; }
	ver=$(kapt apt-cache show "linux-source-$KVER" 2>/dev/null |
		sed -n 's/^Version: //p' | sort -V | tail -n 1)
	[ -n "$ver" ] || { echo "kernel/unpack.sh: $apt_suite has no linux-source-$KVER" >&2; exit 1; }
	deb=$kapt_dir/deb/linux-source-${KVER}_$(echo "$ver" | sed 's/:/%3a/')_all.deb
	if [ ! -f "$deb" ]; then
		(cd "$kapt_dir/deb" && kapt apt-get -q download "linux-source-$KVER=$ver" \
			>"$kapt_dir/download.log" 2>&1) ||
			{ echo "kernel/unpack.sh: apt-get download linux-source-$KVER=$ver failed (see $kapt_dir/download.log)" >&2; exit 1; }
	fi
	echo "  TAR  $(basename "$deb")"
	rm -rf "$pristine.tmp" && mkdir -p "$pristine.tmp"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xOf - "./usr/src/linux-source-$KVER.tar.xz" |
		tar -C "$pristine.tmp" -xJf -
	echo "$ver" >"$pristine.tmp/linux-source-$KVER/.fcaps-version"
fi
rm -rf "$pristine"
mv "$pristine.tmp/linux-source-$KVER" "$pristine"
rmdir "$pristine.tmp"
