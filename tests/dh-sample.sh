# SPDX-License-Identifier: GPL-2.0-only
# dh-sample.sh: the sample source package of the dh_fcaps suites (sourced
# by tests/dh-fcaps.sh, which builds and installs it in chroots, and by
# tests/vm/debian-image.sh, whose booted Debian system installs it through
# apt).  Needs $top, the source tree.
#
#   DH_SAMPLE_VERSIONS             the versions both suites build, each
#                                  VERSION:VALUE (the value of "ping")
#   dh_addon DIR                   the add-on from the tree in DIR: bin/
#                                  (dh_fcaps) and perl/ (the sequence)
#   dh_sample DIR VERSION VALUE    the source tree of fcaps-sample VERSION
#                                  in DIR, whose "ping" gets VALUE
#   dh_sample_build DIR ADDON SETFCAP
#                                  dpkg-buildpackage in DIR with the add-on
#                                  and SETFCAP; the log in DIR.log, the
#                                  .debs beside DIR

DH_SAMPLE_VERSIONS="1.0:cap_net_raw+ep 2.0:cap_net_raw,cap_net_admin+ep"

dh_addon() {
	mkdir -p "$1/bin" "$1/perl/Debian/Debhelper/Sequence" &&
	ln -sf "$top/dh/dh_fcaps" "$1/bin/dh_fcaps" &&
	ln -sf "$top/dh/fcaps.pm" \
		"$1/perl/Debian/Debhelper/Sequence/fcaps.pm"
}

dh_sample() {
	d=$1
	mkdir -p "$d/debian/source"
	echo '3.0 (native)' >"$d/debian/source/format"
	cat >"$d/debian/changelog" <<EOC
fcaps-sample ($2) unstable; urgency=medium

  * Version $2.

 -- fcaps developers <dev@fcaps.invalid>  Thu, 03 Dec 2026 13:00:00 +0000
EOC
	cat >"$d/debian/control" <<'EOC'
Source: fcaps-sample
Section: misc
Priority: optional
Maintainer: fcaps developers <dev@fcaps.invalid>
Build-Depends: debhelper-compat (= 13), dh-sequence-fcaps
Standards-Version: 4.6.2
Rules-Requires-Root: no

Package: fcaps-sample
Architecture: all
Depends: ${misc:Depends}
Description: dh_fcaps test package
 Programs with file capabilities and fallbacks.

Package: fcaps-sample-strict
Architecture: all
Depends: ${misc:Depends}
Description: dh_fcaps test package, no fallback
 A program whose capability is required.
EOC
	cat >"$d/debian/rules" <<'EOC'
#!/usr/bin/make -f
%:
	dh $@

override_dh_auto_install:
	for f in ping dump lock "with space"; do \
		install -D -m 0755 prog "debian/fcaps-sample/usr/lib/fcaps-sample/$$f"; \
	done
	install -D -m 0755 prog debian/fcaps-sample-strict/usr/lib/fcaps-sample-strict/tool
EOC
	chmod 755 "$d/debian/rules"
	cp "$top/debian/copyright" "$d/debian/copyright"
	printf '#!/bin/sh\necho sample %s\n' "$2" >"$d/prog"
	cat >"$d/debian/fcaps-sample.fcaps" <<EOC
# programs of fcaps-sample
$3;fallback=setuid /usr/lib/fcaps-sample/ping
cap_net_raw+eip;fallback=setuid:adm:4750 /usr/lib/fcaps-sample/dump

cap_ipc_lock+ep;fallback=none /usr/lib/fcaps-sample/lock
cap_kill=p\\040cap_chown+i;quoted;fallback=none "/usr/lib/fcaps-sample/with space"
EOC
	echo 'cap_sys_nice+ep /usr/lib/fcaps-sample-strict/tool' \
		>"$d/debian/fcaps-sample-strict.fcaps"
}

dh_sample_build() {
	(cd "$1" && PATH="$2/bin:$PATH" PERL5LIB="$2/perl" \
		DH_AUTOSCRIPTDIR="$top/dh/autoscripts" \
		DH_FCAPS_SETFCAP="$3" \
		dpkg-buildpackage -us -uc -b -d) >"$1.log" 2>&1
}
