#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# deb.sh: `make deb` builds the two lintian-clean binary packages, fcaps
# and dh-fcaps, without touching the source tree; fcaps holds the tools,
# man pages, completion and systemd units, dh-fcaps the debhelper add-on
# (Provides: dh-sequence-fcaps); unpacked into a scratch root (and, as
# root, run inside a chroot of it), each tool answers --version with the
# package's version.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
cd "$top" || exit 1
for c in dpkg-buildpackage lintian dh; do
	if ! command -v $c >/dev/null; then
		echo "1..0 # SKIP $c not installed (scripts/deps.sh installs it as root)"
		exit 0
	fi
done
echo "1..12"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ver=$(sed -n 's/^#define FCAPS_VERSION[[:space:]]*"\(.*\)"$/\1/p' lib/version.h)
parent() { n_=0; for f in ../fcaps_*; do [ -e "$f" ] && n_=$((n_ + 1)); done; echo $n_; }
parent_before=$(parent)

make --no-print-directory deb >"$tmp/out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/out" | tail -n 20
ok_rc $rc "make deb builds the packages, lintian reports no error"

deb=build/deb/fcaps_${ver}_$(dpkg --print-architecture).deb
[ -f "$deb" ] && [ "$(dpkg-deb -f "$deb" Version)" = "$ver" ]
ok_rc $? "build/deb/$(basename "$deb"): package version = tools' version ($ver)"

[ -f build/deb/lintian.log ] && ! grep -q '^E: ' build/deb/lintian.log &&
	dpkg-deb -f "$deb" Depends 2>/dev/null | grep -q libcap2
ok_rc $? "no lintian E: lines; Depends carries libcap2 (shlibs)"
# fsck-check dlopen()s libarchive: no ELF of the package names it
dpkg-deb -f "$deb" Depends 2>/dev/null | grep -q 'libarchive13' &&
	dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/sbin/fsck-check \
		>"$tmp/fsck-check" && readelf -d "$tmp/fsck-check" >"$tmp/dyn" &&
	grep -q NEEDED "$tmp/dyn" && ! grep -q libarchive "$tmp/dyn"
ok_rc $? "Depends carries libarchive13, which fsck-check loads when it reads an archive"

dpkg-deb -c "$deb" 2>/dev/null | awk '{ print $6 }' | sed 's|^\./|/|' \
	>"$tmp/files"
missing=
for f in /usr/sbin/setfcap /usr/sbin/getfcap /usr/sbin/fsck-check \
	/usr/share/man/man8/setfcap.8.gz /usr/share/man/man8/getfcap.8.gz \
	/usr/share/man/man8/fsck-check.8.gz \
	/usr/share/bash-completion/completions/setfcap \
	/usr/share/bash-completion/completions/getfcap \
	/usr/share/bash-completion/completions/fsck-check \
	/lib/systemd/system/fsck-check.service \
	/lib/systemd/system/fsck-check.timer \
	/usr/share/doc/fcaps/copyright /usr/share/doc/fcaps/admin-guide.md \
	/usr/share/doc/fcaps/kernel.md /usr/share/doc/fcaps/README.md \
	/usr/share/doc/fcaps/examples/postinst; do
	grep -qx -e "$f" -e "$f.gz" "$tmp/files" || missing="$missing $f"
done
[ -z "$missing" ]
ok_rc $? "the package holds binaries, man pages, completion, units, docs${missing:+ (missing:$missing)}"

dhdeb=build/deb/dh-fcaps_${ver}_all.deb
[ -f "$dhdeb" ] && [ "$(dpkg-deb -f "$dhdeb" Provides)" = dh-sequence-fcaps ] &&
	dpkg-deb -f "$dhdeb" Depends | grep -q 'debhelper' &&
	dpkg-deb -f "$dhdeb" Depends | grep -q "fcaps (>= $ver)"
ok_rc $? "build/deb/$(basename "$dhdeb"): Provides dh-sequence-fcaps, needs debhelper and fcaps"

dpkg-deb -c "$dhdeb" 2>/dev/null | awk '{ print $6 }' | sed 's|^\./|/|' \
	>"$tmp/dhfiles"
missing=
for f in /usr/bin/dh_fcaps /usr/share/man/man1/dh_fcaps.1.gz \
	/usr/share/perl5/Debian/Debhelper/Sequence/fcaps.pm \
	/usr/share/debhelper/autoscripts/postinst-fcaps \
	/usr/share/debhelper/autoscripts/prerm-fcaps \
	/usr/share/doc/dh-fcaps/copyright; do
	grep -qx "$f" "$tmp/dhfiles" || missing="$missing $f"
done
[ -z "$missing" ]
ok_rc $? "dh-fcaps holds dh_fcaps, its man page, the sequence and the snippets${missing:+ (missing:$missing)}"

# The tree is left as it was: nothing of dh's in debian/, no result files
# in the parent directory, no package objects beside the sources.
left=
for f in debian/* debian/.[!.]*; do
	case ${f#debian/} in
	changelog | control | copyright | rules | source | module.mk | \
		fcaps.docs | fcaps.examples | fcaps.install | dh-fcaps.install | \
		'.[!.]*') ;;
	*) left="$left ${f#debian/}" ;;
	esac
done
parent_after=$(parent)
[ -z "$left" ] && [ "$parent_after" -eq "$parent_before" ] &&
	[ ! -e debian/fcaps ] && [ ! -e debian/files ]
ok_rc $? "the source tree is not polluted${left:+ (debian/: $left)}"

root=$tmp/root
dpkg-deb -x "$deb" "$root"
ok_rc $? "dpkg-deb -x into a scratch root"

bad=
for t in setfcap getfcap fsck-check; do
	got=$("$root/usr/sbin/$t" --version 2>&1)
	[ "$got" = "$t (fcaps) $ver" ] || bad="$bad $t:'$got'"
done
[ -z "$bad" ]
ok_rc $? "setfcap, getfcap, fsck-check --version from the scratch root$bad"

MANWIDTH=80 man -l "$root/usr/share/man/man8/fsck-check.8.gz" 2>/dev/null |
	grep -q -- '--version'
ok_rc $? "the installed fsck-check.8.gz renders and documents --version"

# A chroot with only the package and the libraries it links: the tools
# must not reach for anything else of the host's.
if [ "$(id -u)" -ne 0 ]; then
	skip "the same inside a chroot of the scratch root" "chroot needs root"
	exit 0
fi
bad=
chroot_libs "$root" "$root"/usr/sbin/setfcap "$root"/usr/sbin/getfcap \
	"$root"/usr/sbin/fsck-check || bad=" (cannot copy their libraries)"
for t in setfcap getfcap fsck-check; do
	got=$(chroot "$root" "/usr/sbin/$t" --version 2>&1)
	[ "$got" = "$t (fcaps) $ver" ] || bad="$bad $t:'$got'"
done
[ -z "$bad" ]
ok_rc $? "the same inside a chroot of the scratch root$bad"
