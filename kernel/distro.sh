#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=6.12] kernel/distro.sh [--cached]: fetch Debian's own kernel of
# the line, the newest linux-image-$KVER.*-amd64 of the line's
# distro_suite (kernel/kver.sh: with its -updates and -security), with
# `apt-get download` under the private apt configuration build/apt/$distro_suite
# (kernel/apt.sh), into build/apt/$distro_suite/deb, and print the
# packages it is made of, one path a line: the image's -unsigned twin
# where the suite has one (vmlinuz and modules in one package: 6.1,
# 6.12), else the image, and the packages of the same release it depends
# on (7.3: linux-base-, linux-binary-, linux-modules-RELEASE); from a
# -backports suite, also the other packages of the suite it needs (7.3:
# linux-base 4.17~bpo13+1, which its image pre-depends on).  The list
# is kept in build/apt/$distro_suite/linux-image-$KVER.list: when the
# archive cannot be reached, or with --cached (the guest suites: they boot
# what make check fetched while the kernels built), the packages fetched
# before are used.
# Exit 0; 77 with the reason on stderr when there is nothing to use (no
# network, no such package): the Debian guest's distro suites skip.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
. "$top/kernel/apt.sh"
kapt_suite "$distro_suite" || exit 1
list=$kapt_dir/linux-image-$KVER.list
# cached: the list of the last fetch, every file present
cached() {
	[ -s "$list" ] || return 1
	while read -r _f; do [ -f "$_f" ] || return 1; done <"$list"
	cat "$list"
}
[ "${1:-}" = --cached ] && cached && exit 0
if ! kapt_update; then
	cached && { echo "kernel/distro.sh: apt-get update of $distro_suite failed; the packages fetched before are used" >&2; exit 0; }
	echo "apt-get update of $distro_suite failed: $(grep -m1 -E '^(E|W):' "$kapt_dir/update.log")" >&2
	exit 77
fi
# the newest release of the line's generic flavour (not cloud, rt, dbg)
rel=$(kapt apt-cache pkgnames "linux-image-$KVER." |
	sed -n "s/^linux-image-\($KVER\.[^ ]*-amd64\)\$/\1/p" |
	grep -v -E -e '-(cloud|rt)-amd64$' | sort -V | tail -n 1)
if [ -z "$rel" ]; then
	echo "$distro_suite has no linux-image-$KVER.*-amd64" >&2
	exit 77
fi
top_pkg=linux-image-$rel
kapt apt-cache show "$top_pkg-unsigned" >/dev/null 2>&1 &&
	top_pkg=$top_pkg-unsigned
# what the image depends on (the real packages, not <virtual> ones): a
# release's own packages but the release's kernel come with the guest's
# system; a -backports suite holds nothing but what is newer than its
# release, all of it needed
pkgs=$(kapt apt-cache depends --recurse --no-recommends --no-suggests \
	--no-conflicts --no-breaks --no-replaces --no-enhances "$top_pkg" |
	grep -v -e '^ ' -e '^<' | sort -u)
case $distro_suite in
*-backports)	;;
*)		pkgs=$(echo "$pkgs" | grep -F -- "$rel") ;;
esac
cd "$kapt_dir/deb" || exit 1
: >"$list.new"
for p in $pkgs; do
	# apt-get download's name for it: NAME_VERSION_ARCH.deb, : as %3a
	ver=$(kapt apt-cache show --no-all-versions "$p" | sed -n 's/^Version: //p')
	arch=$(kapt apt-cache show --no-all-versions "$p" |
		sed -n 's/^Architecture: //p')
	f=$kapt_dir/deb/${p}_$(echo "$ver" | sed 's/:/%3a/')_$arch.deb
	if [ ! -f "$f" ]; then
		echo "  APT  $p=$ver ($distro_suite)" >&2
		if ! kapt apt-get -q download "$p=$ver" >"$kapt_dir/download.log" 2>&1 ||
		   [ ! -f "$f" ]; then
			echo "apt-get download $p=$ver failed: $(tail -n1 "$kapt_dir/download.log")" >&2
			exit 77
		fi
	fi
	echo "$f" >>"$list.new"
done
mv "$list.new" "$list"
# the line's older releases, fetched before, are of no further use
for f in "$kapt_dir"/deb/linux-*-"$KVER".*.deb; do
	[ -f "$f" ] && ! grep -qxF "$f" "$list" && rm -f "$f"
done
cat "$list"
