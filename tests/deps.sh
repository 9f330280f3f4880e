#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# deps.sh: install the Debian packages fcaps builds and tests with, only
# those missing.  Not root and something missing: print the apt-get line
# and fail.  The one set-up step; `make check` and `make demo` run it.
set -eu

PKGS="gcc make libc6-dev libcap-dev libcap2-bin libcap-ng-dev libattr1-dev
attr libext2fs-dev e2fsprogs libssl-dev linux-source-6.12 flex bison bc
libelf-dev cpio xz-utils kmod ccache qemu-system-x86 busybox-static
cppcheck perl python3 clang libjson-c-dev valgrind time
libarchive-dev libarchive-tools zstd bzip2 libseccomp-dev umoci skopeo
debhelper dpkg-dev fakeroot lintian
${FCAPS_DEPS_EXTRA:-}"

missing=
for p in $PKGS; do
	st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$st" = installed ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

line="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" -ne 0 ]; then
	echo "fcaps: missing Debian packages:$missing" >&2
	echo "fcaps: as root, run: apt-get update && $line" >&2
	exit 1
fi
echo "  DEPS$missing"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends $missing >/dev/null 2>&1; then
	apt-get update -q >/dev/null
	apt-get install -y -q --no-install-recommends $missing >/dev/null
fi
