#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-man.sh: the SYNOPSIS of doc/setfcap.8, doc/getfcap.8 and
# doc/fsck-check.8 matches each tool's usage(), every long option a tool
# accepts is documented in its man page, the pages render without
# warnings, and every example in every page, run as printed in a scratch
# root (chroot) with the plain tools, succeeds or fails as its text says,
# each command of a pipeline by its own exit status
# (TAP).
set -u
. "$(dirname "$0")/cli-lib.sh"

if ! command -v man >/dev/null || ! command -v col >/dev/null; then
	echo "1..0 # SKIP man or col not installed"
	exit 0
fi
for t in setfcap getfcap; do
	"$san/$t/$t" -h | sed -n '/^usage:/,/^$/p' | sed 's/^usage: //' |
		grep . | sed 's/^ *//; s/  */ /g' >"$t.usage"
	MANWIDTH=300 man -l "$top/doc/$t.8" 2>/dev/null | col -b |
		sed -n '/^SYNOPSIS/,/^[A-Z]/p' | sed '1d;$d' | grep . |
		sed 's/^ *//; s/  */ /g' >"$t.synopsis"
	if [ -s "$t.usage" ] && cmp -s "$t.usage" "$t.synopsis"; then
		ok "$t.8 SYNOPSIS matches $t -h"
	else
		notok "$t.8 SYNOPSIS matches $t -h"
		diff "$t.usage" "$t.synopsis" | sed 's/^/# /'
	fi
	if MANWIDTH=80 man --warnings -l "$top/doc/$t.8" 2>&1 >/dev/null |
		grep -q .; then
		notok "$t.8 renders without warnings"
	else
		ok "$t.8 renders without warnings"
	fi
done

# fsck-check's usage wraps differently from its SYNOPSIS: compare the words.
"$san/fsck-check/fsck-check" -h | sed -n '/^usage:/,/^$/p' |
	sed 's/^usage: //' | tr -s ' \t\n' '   ' | sed 's/ *$//' >fsck-check.usage
MANWIDTH=300 man -l "$top/doc/fsck-check.8" 2>/dev/null | col -b |
	sed -n '/^SYNOPSIS/,/^[A-Z]/p' | sed '1d;$d' | tr -s ' \t\n' '   ' |
	sed 's/^ *//; s/ *$//' >fsck-check.synopsis
if [ -s fsck-check.usage ] && cmp -s fsck-check.usage fsck-check.synopsis; then
	ok "fsck-check.8 SYNOPSIS matches fsck-check -h"
else
	notok "fsck-check.8 SYNOPSIS matches fsck-check -h"
	diff fsck-check.usage fsck-check.synopsis | sed 's/^/# /'
fi
if MANWIDTH=80 man --warnings -l "$top/doc/fsck-check.8" 2>&1 >/dev/null |
	grep -q .; then
	notok "fsck-check.8 renders without warnings"
else
	ok "fsck-check.8 renders without warnings"
fi

# Every long option in the sources (getopt_long tables; setfcap compares
# strings itself) appears in the man page.
for t in setfcap getfcap fsck-check; do
	{
		grep -h -o '{ *"[a-z][a-z-]*", *[a-z_]*argument' "$top/$t"/*.c |
			sed 's/{ *"\([a-z-]*\)".*/\1/'
		grep -h -o 'strcmp(arg, "--[a-z-]*")' "$top/$t"/*.c |
			sed 's/.*"--\([a-z-]*\)".*/\1/'
	} | sort -u >"$t.opts"
	MANWIDTH=300 man -l "$top/doc/$t.8" 2>/dev/null | col -b >"$t.man"
	missing=
	while read -r o; do
		grep -q -e "--$o\b" "$t.man" || missing="$missing --$o"
	done <"$t.opts"
	if [ -s "$t.opts" ] && [ -z "$missing" ]; then
		ok "$t.8 documents all $(wc -l <"$t.opts") long options"
	else
		notok "$t.8 documents every long option (missing:${missing:- none found})"
	fi
done
# -h lists every option the page's option list has, long forms too, and
# nothing the page has neither in that list nor in its SYNOPSIS.
optwords() { grep -oE '(^|[ ,|[(])--?[a-zA-Z][a-zA-Z-]*' | tr -d ' ,|[(' | sort -u; }
for t in setfcap getfcap fsck-check; do
	"$san/$t/$t" -h | sed -n '/^$/,$p' | grep -E '^ +-' |
		sed -E 's/^ +//; s/  .*//' | optwords >"$t.hopts"
	MANWIDTH=300 man -l "$top/doc/$t.8" 2>/dev/null | col -b >"$t.man"
	grep -E '^ {5}-' "$t.man" | optwords >"$t.manopts"
	sed -n '/^SYNOPSIS/,/^[A-Z]/p' "$t.man" | optwords >"$t.synopts"
	missing=$(comm -23 "$t.manopts" "$t.hopts" | tr '\n' ' ')
	extra=$(sort -u "$t.manopts" "$t.synopts" | comm -13 - "$t.hopts" |
		tr '\n' ' ')
	if [ -s "$t.hopts" ] && [ -z "$missing$extra" ]; then
		ok "$t -h lists the options of $t.8, long forms too ($(wc -l <"$t.hopts"))"
	else
		notok "$t -h lists the options of $t.8 (not in -h: ${missing:-none}; not in the page: ${extra:-none})"
	fi
done

# A bad option is reported under the program's name, not the path it was
# run by (getopt prints argv[0]).
for t in setfcap getfcap fsck-check; do
	"$san/$t/$t" --bogus >/dev/null 2>"$t.opterr"
	first=$(head -n 1 "$t.opterr")
	case $first in
	"$t: "*) ok "$t --bogus: '$first'" ;;
	*) notok "$t --bogus is reported as '$t: ...' (got '$first')" ;;
	esac
done

# ---- every example of every man page, run as printed -------------------
# An example is a .Dl line (not one describing a format with Ar, Ns, Li
# macros) or a line of a literal display in EXAMPLES.  Each page's examples
# run in order, in one shell (a cd carries over), chrooted into a scratch
# root of their own: the plain tools, busybox, rsync and jq with their
# libraries, and the files the examples name.  docker and skopeo are stubs
# there that copy an image tests/mkoci.py wrote (no daemon runs here).
examples() {	# PAGE: one example per line, as a reader copies it
	awk '
	/^\.Sh / { sec = substr($0, 5); lit = 0; next }
	/^\.Bd -literal/ { lit = (sec == "EXAMPLES"); next }
	/^\.Ed/ { lit = 0; next }
	lit { print "Bd\t" $0; next }
	/^\.Dl / {
		t = substr($0, 5)
		if (t !~ /(^| )[A-Z][a-z]( |$)/) print "Dl\t" t
	}' "$1" | while IFS='	' read -r kind src; do
		render "$kind" "$src"
	done
}
# render Dl|Bd SOURCE: the line as the page shows it (groff, as man(1))
render() {
	{
		printf '.Dd December 1, 2026\n.Dt T 8\n.Os\n.Sh EXAMPLES\n'
		if [ "$1" = Dl ]; then
			printf '.Dl %s\n' "$2"
		else
			printf '.Bd -literal\n%s\n.Ed\n' "$2"
		fi
	} | groff -mandoc -Tutf8 -P-c -rLL=300n 2>/dev/null | col -b |
		sed -n '/^EXAMPLES/,$p' | sed -n '2,/^$/p' | grep . |
		sed 's/^[[:space:]]*//'
}
# What the text says fails: the first pair checks cap_kill+p with no
# rootid, the second with rootid 1000, and one file holds one value.
expect_fail='setfcap -v cap_kill+p f -n 1000 cap_kill+p f'
# want_rc EXAMPLE: the status of each command of EXAMPLE its text gives
# when not 0: the restricted profile's listing finds programs ("the exit
# status is 4 when there are any"), which jq then prints
want_rc() {
	case $1 in
	"fsck-check --oci app.tar --context k8s-restricted --json | jq "*)
		echo "4 0" ;;
	esac
}

# mkroot DIR: the scratch root
mkroot() {
	mkdir -p "$1/bin" "$1/usr/sbin" "$1/usr/bin" "$1/etc" "$1/proc" \
		"$1/dev" "$1/tmp" "$1/root" "$1/.fixtures" &&
	cp "$(command -v busybox)" "$1/bin/busybox" &&
	for a in $(busybox --list); do
		[ -e "$1/bin/$a" ] || ln -s busybox "$1/bin/$a" || return 1
	done &&
	for t in setfcap/setfcap getfcap/getfcap fsck-check/fsck-check \
		learn/fcaps-learn; do
		cp "$top/$t" "$1/usr/sbin/" || return 1
	done &&
	cp "$(command -v rsync)" "$(command -v jq)" "$1/usr/bin/" &&
	# fsck-check loads libarchive for --archive and --oci (dlopen): what
	# the package's Depends installs beside it, here with its libraries
	la=$(ldconfig -p | awk '$1 == "libarchive.so.13" { print $NF; exit }') &&
	[ -n "$la" ] &&
	mkdir -p "$1$(dirname "$la")" && cp -L "$la" "$1$la" &&
	copy_prog "$1" "$(command -v bash)" &&
	chroot_libs "$1" "$1"/usr/sbin/* "$1"/usr/bin/* "$la" &&
	cp /etc/passwd /etc/group "$1/etc/" && : >"$1/dev/null" &&
	chmod 1777 "$1/tmp"
}
# copy_prog ROOT PATH: the host's program at PATH, with its libraries
copy_prog() {
	mkdir -p "$1$(dirname "$2")" && cp "$2" "$1$2" && chroot_libs "$1" "$2"
}
# file PATH [CAPS]: a program at PATH, with CAPS set
file() {
	mkdir -p "$(dirname "$1")" && cp /bin/true "$1" &&
	{ [ $# -lt 2 ] || setcap "$2" "$1"; }
}
fixtures_setfcap() {
	file "$1/f" cap_kill+p && file "$1/usr/bin/ping" &&
	file "$1/server" && file "$1/usr/lib/db/bin/db-server" &&
	mkdir -p "$1/usr/share/db" "$1/mnt" &&
	echo "cap_ipc_lock+ep /usr/lib/db/bin/db-server" \
		>"$1/usr/share/db/fcaps.manifest" &&
	file "$1/srv/data/bin/ping" cap_net_raw+ep &&
	file "$1/srv/data/sbin/db" cap_ipc_lock+ep &&
	file "$1/srv/data/plain"
}
fixtures_getfcap() {
	file "$1/srv/tree/bin/ping" cap_net_raw+ep &&
	file "$1/srv/tree/sbin/db" cap_ipc_lock,cap_sys_nice+ep &&
	file "$1/srv/tree/plain" &&
	cp -r "$1/srv/tree" "$1/srv/copy"	# cp -r keeps no xattrs
}
# fcaps-learn's examples learn the host's fping, which needs /sys (BTF)
fixtures_fcaps_learn() {
	copy_prog "$1" /usr/bin/fping && cp /etc/protocols "$1/etc/" &&
	mkdir -p "$1/sys" &&
	echo 'mount -t sysfs sysfs /sys' >"$1/.pre.sh"
}
# fcaps-learn runs here: as root, BPF sees capability checks, fping is
# installed
learn_runs() {
	[ -x /usr/bin/fping ] && [ -x "$top/learn/fcaps-learn" ] &&
		"$top/learn/fcaps-learn" --user nobody /bin/true -- /bin/true \
		>/dev/null 2>&1
}
fixtures_fsck_check() {
	v=0000000200200000000000000000000000000000	# cap_net_raw+p
	mkdir -p "$1/var/lib/fsck-check" "$tmp/img" &&
	file "$tmp/img/usr/bin/ping" cap_net_raw+ep &&
	mke2fs -q -t ext4 -E offset=1048576 -d "$tmp/img" "$1/disk.img" 8M \
		>/dev/null 2>&1 &&
	tar --xattrs --xattrs-include=security.capability -C "$tmp/img" \
		-cf - . | zstd -q >"$1/rootfs.tar.zst" &&
	echo "/usr/bin/ping cap_net_raw" >"$1/fcaps.policy" &&
	python3 - "$top/tests" "$1/.fixtures" "$v" <<'EOF' &&
import sys
sys.path.insert(0, sys.argv[1])
import mkoci
d, v = sys.argv[2], sys.argv[3]
layer = mkoci.layer_bytes([("usr/bin/ping", v)], "gzip")
mkoci.layout(d + "/app", [("1.4", [layer])])
mkoci.docker_save(d + "/app.tar", [("app:1.4", [layer])])
EOF
	cat >"$1/usr/bin/skopeo" <<'EOF' &&
#!/bin/sh
# stub: skopeo copy docker-daemon:REF oci:DIR:TAG, from /.fixtures/app
[ "$1" = copy ] || exit 1
d=${3#oci:}
mkdir -p "${d%:*}" && cp -r /.fixtures/app/. "${d%:*}/"
EOF
	cat >"$1/usr/bin/docker" <<'EOF' &&
#!/bin/sh
# stub: docker save REF, from /.fixtures/app.tar
[ "$1" = save ] && cat /.fixtures/app.tar
EOF
	chmod 755 "$1/usr/bin/skopeo" "$1/usr/bin/docker"
}

if ! is_root; then
	skip "the man pages' examples run" "needs root (chroot, setcap)"
elif ! command -v unshare >/dev/null || ! command -v busybox >/dev/null ||
	! command -v groff >/dev/null ||
	! command -v rsync >/dev/null || ! command -v jq >/dev/null ||
	! command -v zstd >/dev/null || ! command -v mke2fs >/dev/null; then
	skip "the man pages' examples run" \
		"needs unshare, busybox, groff, rsync, jq, zstd and mke2fs"
elif [ ! -x "$top/fsck-check/fsck-check" ]; then
	notok "the man pages' examples run: no plain build (make all)"
else
	for page in "$top"/doc/*.8; do
		name=$(basename "$page" .8)
		root=$tmp/root-$name
		examples "$page" >"$name.examples"
		if ! [ -s "$name.examples" ]; then
			ok "$name.8 has no examples"
			continue
		fi
		if [ "$name" = fcaps-learn ] && ! learn_runs; then
			skip "$name.8 examples" "fcaps-learn cannot learn here (no fping, or no BPF view of capability checks)"
			continue
		fi
		if ! mkroot "$root" ||
			! "fixtures_$(echo "$name" | tr - _)" "$root"; then
			notok "$name.8 examples: set up their scratch root"
			continue
		fi
		{
			[ -f "$root/.pre.sh" ] && cat "$root/.pre.sh"
			echo "cd /"
			# each command of a pipeline by its own status
			while IFS= read -r e; do
				printf '%s\necho "${PIPESTATUS[*]}" >>/.rc\n' "$e"
			done <"$name.examples"
		} >"$root/.examples.sh"
		unshare -m sh -c 'mount --bind /dev/null "$1/dev/null" &&
			mount -t proc proc "$1/proc" &&
			PATH=/usr/sbin:/usr/bin:/bin chroot "$1" bash /.examples.sh' \
			sh "$root" >"$name.out" 2>"$name.err"
		i=0
		while IFS= read -r e; do
			i=$((i + 1))
			rc=$(sed -n "${i}p" "$root/.rc" 2>/dev/null)
			if [ "$e" = "$expect_fail" ]; then
				[ -n "$rc" ] && [ "$rc" != 0 ]
				ok_rc $? "$name.8 example fails, as its text says: $e (exit ${rc:-none})"
			elif [ -n "$(want_rc "$e")" ]; then
				[ "$rc" = "$(want_rc "$e")" ]
				ok_rc $? "$name.8 example exits as its text says ($(want_rc "$e")): $e (exit ${rc:-none})"
			else
				[ -n "$rc" ] &&
					[ -z "$(echo "$rc" | tr -d '0 ')" ]
				ok_rc $? "$name.8 example succeeds: $e (exit ${rc:-none})"
			fi
		done <"$name.examples"
		sed 's/^/# /' "$name.err" | head -n 20
	done
	# what the restore examples promise: the copy carries the tree's values
	for c in "setfcap /srv/data /mnt/copy" "getfcap /srv/tree /srv/copy"; do
		set -- $c
		r=$tmp/root-$1
		(cd "$r$2" && "$top/getfcap/getfcap" -r . | sort) >"$1.from"
		(cd "$r$3" && "$top/getfcap/getfcap" -r . | sort) >"$1.to"
		[ -s "$1.from" ] && cmp -s "$1.from" "$1.to"
		ok_rc $? "$1.8: after the examples $3 carries what $2 does"
	done
fi
done_testing
