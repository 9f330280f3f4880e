#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# dh-fcaps.sh: dh_fcaps for real (TAP).  A sample source package using the
# add-on from this tree (dh_fcaps on PATH, the sequence through PERL5LIB,
# the snippets through DH_AUTOSCRIPTDIR) is built with dpkg-buildpackage
# in two versions, and its build errors are checked; then, in chroots of
# a Debian 12 minbase system (debootstrap, cached under build/chroot/),
# it is installed, upgraded, reinstalled, removed and purged on a file
# system with security xattrs and on one without (ramfs), with and
# without a dpkg-statoverride, with fcaps' tools, with only libcap's
# setcap and with neither; values, modes and owners are checked after
# each step.
set -u
. "$(dirname "$0")/cli-lib.sh"

for c in dpkg-buildpackage dh debootstrap; do
	if ! command -v $c >/dev/null; then
		echo "1..0 # SKIP $c not installed (scripts/deps.sh installs it as root)"
		exit 0
	fi
done
if ! is_root; then
	echo "1..0 # SKIP needs root (chroots, capabilities)"
	exit 0
fi
arch=$(dpkg --print-architecture)
ver=$(sed -n 's/^#define FCAPS_VERSION[[:space:]]*"\(.*\)"$/\1/p' \
	"$top/lib/version.h")
fcaps_deb=$top/build/deb/fcaps_${ver}_$arch.deb

# ---- the add-on from the tree, and the sample package ------------------
. "$top/tests/dh-sample.sh"
dh_addon addon
sample() { dh_sample "src-$1" "$1" "$2"; }
build() { dh_sample_build "$1" "$tmp/addon" "$SETF"; }

for v in $DH_SAMPLE_VERSIONS; do
	sample "${v%%:*}" "${v#*:}"
done
for v in 1.0 2.0; do
	if build src-$v; then
		ok "dpkg-buildpackage builds fcaps-sample $v with dh_fcaps"
	else
		notok "dpkg-buildpackage builds fcaps-sample $v with dh_fcaps"
		tail -n 5 src-$v.log | sed 's/^/# /'
	fi
done
deb1=fcaps-sample_1.0_all.deb deb2=fcaps-sample_2.0_all.deb
strict=fcaps-sample-strict_1.0_all.deb
check "both binary packages built" [ -f "$deb1" ] && [ -f "$deb2" ] \
	&& [ -f "$strict" ]
check "the build ran dh_fcaps after dh_fixperms" \
	sh -c 'grep -A1 "^ *dh_fixperms" src-1.0.log | grep -q dh_fcaps'
dpkg-deb -c "$deb1" | awk '{ print $6 }' >contents
check "the manifest is in /usr/share/fcaps/" \
	grep -qx './usr/share/fcaps/fcaps-sample.manifest' contents
dpkg-deb --fsys-tarfile "$deb1" | tar -xOf - \
	./usr/share/fcaps/fcaps-sample.manifest >manifest
check "the manifest has no fallback attributes" \
	sh -c '! grep -q fallback manifest && grep -qx "cap_net_raw+ep /usr/lib/fcaps-sample/ping" manifest'
rc_is 0 "the installed manifest is one setfcap parses" "$SETF" --dry-run \
	--root src-1.0/debian/fcaps-sample --manifest manifest
dpkg-deb -e "$deb1" ctl1
check "postinst and prerm carry the snippets" \
	sh -c 'grep -q dh_fcaps_each ctl1/postinst && grep -q dh_fcaps_strip ctl1/prerm'
check "the snippets parse (sh -n)" \
	sh -c 'sh -n ctl1/postinst && sh -n ctl1/prerm'
check "the path with a space is one quoted word" \
	grep -qF "'/usr/lib/fcaps-sample/with space' 'none' 'root:root' '755'" ctl1/postinst
lintian --fail-on error "$deb1" >lintian.out 2>&1
ok_rc $? "lintian: no error on the sample"
sed 's/^/# /' lintian.out

# build errors name the line
bad() {
	rm -rf src-bad && cp -a src-1.0 src-bad
	printf '%s\n' "$1" >>src-bad/debian/fcaps-sample.fcaps
	build src-bad
	rc=$?
	if [ $rc -ne 0 ] && grep -q "$2" src-bad.log; then
		ok "$3"
	else
		notok "$3 (exit $rc)"
		grep 'dh_fcaps' src-bad.log | sed 's/^/# /'
	fi
}
bad 'cap_bogus+ep /usr/lib/fcaps-sample/ping' \
	'dh_fcaps: error: debian/fcaps-sample.fcaps:7: invalid capability text' \
	"a text that does not parse is a build error naming the line"
bad 'cap_kill+p /usr/lib/fcaps-sample/nope' \
	'fcaps-sample.fcaps:7: .*nope' \
	"a path not in the package is a build error naming the line"
bad 'cap_kill+p;fallback=sometimes /usr/lib/fcaps-sample/ping' \
	'fcaps-sample.fcaps:7: unknown fallback' \
	"an unknown fallback is a build error"
bad 'cap_kill+p;fallback=setuid:adm:0750 /usr/lib/fcaps-sample/ping' \
	'fcaps-sample.fcaps:7: mode 0750.*set-uid' \
	"a group fallback without the set-uid bit is a build error"
bad 'cap_kill+p;rootid=1000 /usr/lib/fcaps-sample/ping' \
	'fcaps-sample.fcaps:7: ;rootid=' "a rootid is a build error"
bad 'cap_kill+p usr/lib/fcaps-sample/ping' \
	'fcaps-sample.fcaps:7: .*absolute' "a relative path is a build error"

# ---- chroots -----------------------------------------------------------
mirror=${FCAPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ ! -f "$fcaps_deb" ] || [ -n "$(find "$top/dh" "$top/setfcap" "$top/getfcap" "$top/fsck-check" "$top/common" "$top/lib" "$top/debian" -newer "$fcaps_deb" -type f ! -name "*.[oad]" ! -name setfcap)" ]; then
	make -C "$top" --no-print-directory deb >makedeb.log 2>&1 ||
		{ notok "make deb for the fcaps package"; done_testing; }
fi
# the base carries the libraries the fcaps package depends on (its
# first alternatives), and libcap's tools; one cached base per list
incl=$(dpkg-deb -f "$fcaps_deb" Depends | tr ',' '\n' |
	sed 's/|.*//; s/(.*)//; s/[[:space:]]//g' | grep . |
	grep -v '^libc6$' | sort -u | tr '\n' ',')libssl3,libcap2-bin
cache=$top/build/chroot/bookworm-minbase-$(echo "$incl" | sha256sum | cut -c1-12).tar
if [ ! -s "$cache" ]; then
	mkdir -p "$top/build/chroot" base
	if timeout 600 debootstrap --variant=minbase \
		--include="$incl" bookworm base "$mirror" \
		>debootstrap.log 2>&1 &&
		tar -C base -cf "$cache.new" . && mv "$cache.new" "$cache"; then
		:
	else
		rm -f "$cache.new"
		skip "the chroot cases" "debootstrap of bookworm from $mirror failed: $(tail -n1 debootstrap.log)"
		done_testing
	fi
	rm -rf base
fi

# The add-on as the dh-fcaps package installs it generates the same
# scripts as the tree's.
setup "dh-fcaps unpacked" dpkg-deb -x \
	"$top/build/deb/dh-fcaps_${ver}_all.deb" pkgroot
rm -rf src-pkg && cp -a src-1.0 src-pkg
(cd src-pkg && PATH="$tmp/pkgroot/usr/bin:$PATH" \
	PERL5LIB="$tmp/pkgroot/usr/share/perl5" \
	DH_AUTOSCRIPTDIR="$tmp/pkgroot/usr/share/debhelper/autoscripts" \
	DH_FCAPS_SETFCAP="$SETF" dpkg-buildpackage -us -uc -b -d) \
	>src-pkg.log 2>&1
ok_rc $? "the packaged dh-fcaps builds the sample too"
dpkg-deb -e "$deb1" ctlpkg
check "with the same maintainer scripts" sh -c \
	'cmp -s ctl1/postinst ctlpkg/postinst && cmp -s ctl1/prerm ctlpkg/prerm'

# fresh: a new chroot in $C with the packages in /tmp/debs
fresh() {
	mkdir "$C" && tar -C "$C" -xf "$cache" &&
		mkdir -p "$C/tmp/debs" &&
		cp "$tmp/$deb1" "$tmp/$deb2" "$tmp/$strict" "$fcaps_deb" \
			"$C/tmp/debs/" &&
		mount -t proc proc "$C/proc"
}
# inroot CMD...: run CMD in the chroot, output in ./out and ./errs
inroot() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
	chroot "$C" "$@"; }
P=/usr/lib/fcaps-sample
# state FILE: "owner:group mode caps" of a file in the chroot
state() {
	f=$C$1
	[ -e "$f" ] || { echo missing; return; }
	c=$("$GETF" "$f" | sed "s|^$C$1 ||; s|^$C$1\$||")
	echo "$(stat -c '%U:%G %a' "$f") ${c:-none}"
}
is() { # DESC PATH WANT
	got=$(state "$2")
	if [ "$got" = "$3" ]; then ok "$1"; else notok "$1 (got '$got', want '$3')"; fi
}
gone() { # DESC: no trace of fcaps-sample
	left=$( (ls "$C$P" 2>/dev/null;
		ls "$C/usr/share/fcaps/" 2>/dev/null | grep -x 'fcaps-sample.manifest';
		ls "$C/var/lib/dpkg/info/" | grep '^fcaps-sample[.:]') | tr '\n' ' ')
	if [ -z "$left" ]; then ok "$1"; else notok "$1 (left: $left)"; fi
}

# 1. file system with xattrs, fcaps' tools installed
C=$tmp/xattr-fcaps
setup "chroot 1" fresh || done_testing
rc_is 0 "fcaps installs in the chroot" inroot dpkg -i "/tmp/debs/${fcaps_deb##*/}"
rc_is 0 "fcaps-sample 1.0 installs (fcaps' setfcap)" inroot dpkg -i /tmp/debs/$deb1
is "ping: its capabilities, mode as shipped" $P/ping "root:root 755 cap_net_raw=ep"
is "dump: its capabilities" $P/dump "root:root 755 cap_net_raw=eip"
is "lock: its capabilities" $P/lock "root:root 755 cap_ipc_lock=ep"
is "a quoted path with a space, two clauses" "$P/with space" \
	"root:root 755 cap_chown=i cap_kill+p"
check "nothing said when all went well" sh -c '! grep -q "fcaps-sample:" errs'
grep '^fcaps-sample\\|^setfcap' errs | sed 's/^/# /'
rc_is 0 "setfcap -v checks the installed manifest" inroot setfcap -v \
	--manifest /usr/share/fcaps/fcaps-sample.manifest
setup "a hard link to ping" ln "$C$P/ping" "$C/root/ping-link"
rc_is 0 "upgrade to 2.0" inroot dpkg -i /tmp/debs/$deb2
is "ping: the new version's capabilities" $P/ping "root:root 755 cap_net_admin,cap_net_raw=ep"
is "dump: back on the new file" $P/dump "root:root 755 cap_net_raw=eip"
check "the old ping's hard link kept no capability" \
	[ -z "$("$GETF" "$C/root/ping-link")" ]
rc_is 0 "reinstall 2.0" inroot dpkg -i /tmp/debs/$deb2
is "ping after the reinstall" $P/ping "root:root 755 cap_net_admin,cap_net_raw=ep"
stat -c '%n %z' "$C$P"/* >ctime1
rc_is 0 "the postinst run again (configure)" inroot \
	/var/lib/dpkg/info/fcaps-sample.postinst configure 1.0
stat -c '%n %z' "$C$P"/* >ctime2
check "changes nothing: no ctime moved" cmp -s ctime1 ctime2
check "and says nothing" [ ! -s errs ]
rc_is 0 "a statoverride on ping" inroot dpkg-statoverride --add root adm 0750 $P/ping
rc_is 0 "reinstall with the statoverride" inroot dpkg -i /tmp/debs/$deb2
grep '^fcaps-sample\|^setfcap\|^Failed' errs | sed 's/^/# /'
is "ping: the admin's owner and mode, no capabilities" $P/ping "root:adm 750 none"
check "and the script says so" grep -q "$P/ping: has a dpkg-statoverride" errs
is "lock: unaffected" $P/lock "root:root 755 cap_ipc_lock=ep"
rc_is 0 "fcaps-sample-strict installs" inroot dpkg -i /tmp/debs/$strict
is "strict: its capability" /usr/lib/fcaps-sample-strict/tool "root:root 755 cap_sys_nice=ep"
rc_is 0 "remove" inroot dpkg -r fcaps-sample
check "the files are gone" [ ! -e "$C$P/lock" ]
rc_is 0 "purge" inroot dpkg -P fcaps-sample
gone "nothing of fcaps-sample is left"
rc_is 0 "the admin's statoverride is theirs to remove" inroot dpkg-statoverride \
	--remove $P/ping

# 2. file system with xattrs, only libcap's setcap
umount "$C/proc"
C=$tmp/xattr-libcap
setup "chroot 2" fresh || done_testing
rc_is 0 "fcaps-sample 1.0 installs with libcap's setcap" inroot dpkg -i /tmp/debs/$deb1
grep '^fcaps-sample\|^setfcap\|^Failed' errs | sed 's/^/# /'
is "ping: set by setcap" $P/ping "root:root 755 cap_net_raw=ep"
is "with space: set by setcap" "$P/with space" \
	"root:root 755 cap_chown=i cap_kill+p"
check "the script says setcap did it" grep -q "$P/ping: cap_net_raw+ep set with libcap's setcap" errs
rc_is 0 "upgrade to 2.0" inroot dpkg -i /tmp/debs/$deb2
is "ping: the new value" $P/ping "root:root 755 cap_net_admin,cap_net_raw=ep"
rc_is 0 "a statoverride on dump" inroot dpkg-statoverride --add root root 0700 $P/dump
rc_is 0 "reinstall" inroot dpkg -i /tmp/debs/$deb2
is "dump: the admin's mode, no capabilities" $P/dump "root:root 700 none"

# 3. neither tool: the fallbacks
rc_is 0 "libcap2-bin removed" inroot dpkg -r libcap2-bin
rc_is 0 "reinstall without any tool" inroot dpkg -i /tmp/debs/$deb2
grep '^fcaps-sample\|^setfcap\|^Failed' errs | sed 's/^/# /'
is "ping: set-uid root instead" $P/ping "root:root 4755 none"
is "dump: still the admin's" $P/dump "root:root 700 none"
is "lock: left without (fallback=none)" $P/lock "root:root 755 none"
check "the script says what it did" sh -c \
	"grep -q '$P/ping: neither setfcap (fcaps) nor setcap (libcap2-bin) is installed: set-uid root instead' errs &&
	 grep -q '$P/lock: .*left without cap_ipc_lock+ep (fallback=none)' errs"
rc_is 0 "the admin drops the statoverride" inroot dpkg-statoverride --remove $P/dump
rc_is 0 "reinstall" inroot dpkg -i /tmp/debs/$deb2
is "dump: set-uid root for group adm" $P/dump "root:adm 4750 none"
rc_is 1 "fcaps-sample-strict fails to configure: no fallback" inroot dpkg -i /tmp/debs/$strict
check "naming the file" grep -q 'tool: .*cap_sys_nice+ep is required' errs
setup "libcap2-bin back" inroot dpkg -i /var/cache/apt/archives/libcap2-bin_*.deb
rc_is 0 "dpkg --configure -a then configures it" inroot dpkg --configure -a
is "strict: its capability" /usr/lib/fcaps-sample-strict/tool "root:root 755 cap_sys_nice=ep"
rc_is 0 "reinstall with setcap again" inroot dpkg -i /tmp/debs/$deb2
is "ping: the fallback undone, capabilities on" $P/ping "root:root 755 cap_net_admin,cap_net_raw=ep"
is "dump: the fallback undone" $P/dump "root:root 755 cap_net_raw=eip"
rc_is 0 "remove and purge" inroot dpkg -P fcaps-sample fcaps-sample-strict
gone "nothing of fcaps-sample is left"

# 4. a file system without xattrs (ramfs), fcaps' tools installed
umount "$C/proc"
C=$tmp/ramfs-fcaps
setup "chroot 3" fresh || done_testing
mkdir -p "$C$P" "$C/usr/lib/fcaps-sample-strict"
setup "ramfs for the package's files" mount -t ramfs ramfs "$C$P"
setup "ramfs for the strict package's" mount -t ramfs ramfs \
	"$C/usr/lib/fcaps-sample-strict"
rc_is 0 "fcaps installs" inroot dpkg -i "/tmp/debs/${fcaps_deb##*/}"
rc_is 0 "fcaps-sample 1.0 installs on ramfs" inroot dpkg -i /tmp/debs/$deb1
grep '^fcaps-sample\|^setfcap\|^Failed' errs | sed 's/^/# /'
is "ping: set-uid root" $P/ping "root:root 4755 none"
is "dump: set-uid for group adm" $P/dump "root:adm 4750 none"
is "lock: without" $P/lock "root:root 755 none"
is "with space: without" "$P/with space" "root:root 755 none"
check "the script says setfcap could not" \
	grep -q "$P/ping: setfcap cannot store the capabilities: set-uid root instead" errs
rc_is 0 "upgrade to 2.0" inroot dpkg -i /tmp/debs/$deb2
is "ping: set-uid root again" $P/ping "root:root 4755 none"
is "dump: again" $P/dump "root:adm 4750 none"
rc_is 0 "a statoverride on ping" inroot dpkg-statoverride --add root root 0755 $P/ping
rc_is 0 "reinstall" inroot dpkg -i /tmp/debs/$deb2
is "ping: the admin's mode, no fallback" $P/ping "root:root 755 none"
rc_is 1 "fcaps-sample-strict fails to configure on ramfs" inroot dpkg -i /tmp/debs/$strict
check "naming the file" grep -q 'tool: setfcap cannot store the capabilities: cap_sys_nice+ep is required' errs
rc_is 0 "remove and purge" inroot dpkg -P fcaps-sample fcaps-sample-strict
gone "nothing of fcaps-sample is left"
inroot dpkg-statoverride --remove $P/ping
umount "$C/proc" "$C$P" "$C/usr/lib/fcaps-sample-strict"
done_testing
