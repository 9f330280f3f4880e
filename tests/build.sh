#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# build.sh: the Makefile's promises: quiet "  CC  lib/xattr.o" lines, V=1
# full commands, CFLAGS honoured, every object built declared in OBJS
# (whose dependency files make reads), install/uninstall into DESTDIR (tools,
# man pages, bash completion, systemd units, docs, each tool's --version),
# deps.sh's message for a user who cannot install, no include cycle
# among the modules of lib/, common/, fsck-check/ and the tools' directories
# (a script that finds one, shown one to find), and what the machine
# offers probed when the build runs (scripts/probe.sh): a library missing
# stops the build naming the package, a probe result or CFLAGS that
# changed rebuilds what it touches (a cc on PATH that hides libext2fs
# plays the machine before make deps, or one with an older e2fsprogs).
set -u
# a parent make -s would silence the V=1 commands this suite looks for
unset MAKEFLAGS MFLAGS
top=${FCAPS_TOP:-$(pwd)}
. "$top/tests/tap.sh"
cd "$top" || exit 1
echo "1..27"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=build/test/
rm -rf "$B"

make --no-print-directory B=$B all >"$tmp/quiet" 2>&1
ok_rc $? "make all (B=$B) builds"
grep -q "^  CC  ${B}lib/xattr.o$" "$tmp/quiet"
ok_rc $? "quiet output names the object: '  CC  ${B}lib/xattr.o'"
! grep -v -E '^  (CC|AR|LD|GEN)  ' "$tmp/quiet" | grep -q .
ok_rc $? "quiet output has nothing but CC/AR/LD/GEN lines"
make --no-print-directory -s B=$B print-objs 2>/dev/null | tr ' ' '\n' |
	sort >"$tmp/objs"
undeclared=$(find "$B" -name '*.o' | sort | comm -13 "$tmp/objs" - | tr '\n' ' ')
[ -s "$tmp/objs" ] && [ -z "$undeclared" ]
ok_rc $? "every object built is in OBJS, so its .d file is read${undeclared:+ (not: $undeclared)}"

rm -f ${B}lib/xattr.o
make --no-print-directory B=$B V=1 CFLAGS="-O1 -DFCAPS_CFLAGS_PROBE" \
	${B}lib/xattr.o >"$tmp/loud" 2>&1
grep -q -- "-DFCAPS_CFLAGS_PROBE.*-c -o ${B}lib/xattr.o lib/xattr.c" "$tmp/loud"
ok_rc $? "V=1 prints the full command, with CFLAGS honoured"

make --no-print-directory B=$B DESTDIR="$tmp/root" PREFIX=/usr install \
	>"$tmp/inst" 2>&1
ok_rc $? "make install into DESTDIR"
tools=$(make --no-print-directory -s B=$B print-tools 2>/dev/null)
missing=0
for t in $tools; do
	[ -x "$tmp/root/usr/sbin/$(basename "$t")" ] || missing=1
done
[ -n "$tools" ] && [ $missing -eq 0 ]
ok_rc $? "every tool installed under DESTDIR/usr/sbin ($(echo $tools | wc -w))"
ver=$(sed -n 's/^#define FCAPS_VERSION[[:space:]]*"\(.*\)"$/\1/p' lib/version.h)
bad=
for t in $tools; do
	t=$(basename "$t")
	got=$("$tmp/root/usr/sbin/$t" --version 2>&1)
	[ "$got" = "$t (fcaps) $ver" ] || bad="$bad $t:'$got'"
done
[ -n "$ver" ] && [ -z "$bad" ]
ok_rc $? "each installed tool's --version says '<tool> (fcaps) $ver'$bad"
missing=
for t in $tools; do
	m=$tmp/root/usr/share/man/man8/$(basename "$t").8
	[ -f "$m" ] && MANWIDTH=80 man -l "$m" 2>/dev/null | grep -q '^NAME' ||
		missing="$missing $(basename "$t").8"
done
[ -z "$missing" ]
ok_rc $? "a man page that renders under DESTDIR/usr/share/man/man8 for every tool$missing"
missing=
for t in $tools; do
	f=$tmp/root/usr/share/bash-completion/completions/$(basename "$t")
	[ -f "$f" ] || missing="$missing $(basename "$t")"
done
[ -z "$missing" ]
ok_rc $? "bash completion installed for every tool$missing"
bash -c ". $tmp/root/usr/share/bash-completion/completions/fsck-check
	COMP_WORDS=(fsck-check --fail); COMP_CWORD=1; _fsck_check
	[ \"\${COMPREPLY[*]}\" = --fail-on ]" 2>/dev/null
ok_rc $? "fsck-check completion completes --fail to --fail-on"
for d in admin-guide.md kernel.md examples/postinst \
	examples/fsck-check.rules.yml examples/fsck-check.rules.test.yml \
	examples/fsck-check-fleet.yml; do
	[ -f "$tmp/root/usr/share/doc/fcaps/$d" ] || missing="$missing $d"
done
[ -z "$missing" ]
ok_rc $? "the guides and the example postinst under DESTDIR/usr/share/doc/fcaps$missing"
missing=
for u in fsck-check.service fsck-check.timer; do
	[ -f "$tmp/root/usr/lib/systemd/system/$u" ] || missing="$missing $u"
done
grep -q '	exec /usr/sbin/fsck-check ' \
	"$tmp/root/usr/lib/systemd/system/fsck-check.service" 2>/dev/null ||
	missing="$missing ExecStart"
[ -z "$missing" ]
ok_rc $? "systemd units installed, ExecStart under SBINDIR$missing"
make --no-print-directory B=$B DESTDIR="$tmp/root" PREFIX=/usr uninstall \
	>"$tmp/uninst" 2>&1
left=$(find "$tmp/root" -type f | wc -l)
[ "$left" -eq 0 ]
ok_rc $? "make uninstall removes every installed file ($left left)"

if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	# a copy: the tree may be in a directory only root may enter
	chmod 755 "$tmp" && cp scripts/deps.sh "$tmp/deps.sh" &&
	FCAPS_DEPS_EXTRA=fcaps-no-such-package setpriv --reuid=65534 \
		--regid=65534 --clear-groups sh "$tmp/deps.sh" >"$tmp/deps" 2>&1
	rc=$?
	[ $rc -ne 0 ]
	ok_rc $? "deps.sh as a user with a package missing fails (exit $rc)"
	grep -q "apt-get install -y --no-install-recommends.* fcaps-no-such-package" "$tmp/deps"
	ok_rc $? "deps.sh prints the exact apt-get line"
else
	skip "deps.sh as a user with a package missing fails" \
		"needs root and setpriv to drop to a user"
	skip "deps.sh prints the exact apt-get line" \
		"needs root and setpriv to drop to a user"
fi

# ---- probes and flags: the machine as it was before make deps ----------
# fakecc MODE: a cc on PATH that plays a machine without libext2fs-dev
# (noext2fs) or with an e2fsprogs older than 1.47 (old); stdin ("-") too,
# which is how a probe at parse time would compile.
realcc=$(command -v cc)
fakecc() {
	mkdir -p "$tmp/$1"
	cat >"$tmp/$1/cc" <<EOF
#!/bin/sh
for a; do
	f=\$a
	if [ "\$a" = - ]; then
		f=$tmp/$1/stdin.c
		cat >"\$f"
	fi
	case \$f in *.c) ;; *) continue ;; esac
	case $1 in
	noext2fs) grep -q 'ext2fs/ext2fs.h' "\$f" &&
		{ echo "\$f: fatal error: ext2fs/ext2fs.h: No such file or directory" >&2; exit 1; } ;;
	old) grep -q 'return !ext2fs_xattrs_read_inode' "\$f" &&
		{ echo "undefined reference to ext2fs_xattrs_read_inode" >&2; exit 1; } ;;
	esac
done
for a; do
	[ "\$a" = - ] && exec $realcc "\$@" <"$tmp/$1/stdin.c"
done
exec $realcc "\$@"
EOF
	chmod 755 "$tmp/$1/cc"
}
fakecc noext2fs
fakecc old
# storage IMG: the "storage" of fsck-check --image IMG's one value
storage() {
	"$B/fsck-check/fsck-check" --image "$1" --json 2>/dev/null |
		sed -n 's/.*"storage":"\([a-z]*\)".*/\1/p'
}
B=build/test/
if command -v mke2fs >/dev/null && command -v debugfs >/dev/null; then
	. "$top/tests/ea-plant.sh"
	mkdir -p "$tmp/src" && cp /bin/true "$tmp/src/f" &&
	mke2fs -q -t ext4 -d "$tmp/src" "$tmp/inode.img" 8M >/dev/null 2>&1 &&
	mke2fs -q -t ext4 -I 128 -d "$tmp/src" "$tmp/block.img" 8M \
		>/dev/null 2>&1 &&
	ea_plant "$tmp/inode.img" /f 0000000200200000000000000000000000000000 &&
	ea_plant "$tmp/block.img" /f 0000000200200000000000000000000000000000
	imgs=$?
else
	imgs=1
fi

rm -f ${B}fsck-check/image.o
PATH=$tmp/noext2fs:$PATH make --no-print-directory B=$B CC=cc all \
	>"$tmp/noext2fs.out" 2>&1
rc=$?
[ $rc -ne 0 ] &&
	grep -q 'install the Debian package libext2fs-dev' "$tmp/noext2fs.out"
ok_rc $? "no <ext2fs/ext2fs.h>: the build fails, naming libext2fs-dev (exit $rc)"
! grep -q "^  CC  " "$tmp/noext2fs.out"
ok_rc $? "... before it compiles anything"

PATH=$tmp/old:$PATH make --no-print-directory B=$B CC=cc all \
	>"$tmp/old.out" 2>&1
rc=$?
if [ $imgs -eq 0 ]; then
	[ $rc -eq 0 ] && [ "$(storage "$tmp/inode.img")" = unknown ]
	ok_rc $? "an older libext2fs: built, image values' storage unknown (exit $rc, '$(storage "$tmp/inode.img")')"
else
	skip "an older libext2fs: storage unknown" "no mke2fs/debugfs or a value not planted"
fi
make --no-print-directory B=$B CC=cc all >"$tmp/new.out" 2>&1
grep -q "^  CC  ${B}fsck-check/image.o$" "$tmp/new.out"
ok_rc $? "the library as it is: the probe result changed, fsck-check/image.o rebuilt"
if [ $imgs -eq 0 ]; then
	[ "$(storage "$tmp/inode.img")" = inode ] &&
		[ "$(storage "$tmp/block.img")" = block ]
	ok_rc $? "... and the values' storage is inode and block ('$(storage "$tmp/inode.img")', '$(storage "$tmp/block.img")')"
else
	skip "the values' storage is inode and block" "no mke2fs/debugfs or a value not planted"
fi
make --no-print-directory B=$B CC=cc CFLAGS="-O1 -g" all >"$tmp/cflags.out" 2>&1
grep -q "^  CC  ${B}lib/xattr.o$" "$tmp/cflags.out" &&
	grep -q "^  CC  ${B}fsck-check/fsck-check.o$" "$tmp/cflags.out" &&
	make --no-print-directory B=$B CC=cc CFLAGS="-O1 -g" all 2>&1 |
	{ ! grep -q '^  CC  '; }
ok_rc $? "CFLAGS changed: every object rebuilt, and nothing the time after"

# ---- no build output in git ---------------------------------------------
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	elf=$(git ls-files -z | xargs -0 file -N 2>/dev/null |
		awk -F': *' '$2 ~ /^ELF/ { printf " %s", $1 }')
	[ -z "$elf" ]
	ok_rc $? "git tracks no ELF program or object${elf:+ (tracked:$elf)}"
	loose=
	for p in $(make --no-print-directory -s print-progs 2>/dev/null); do
		git check-ignore -q "$p" || loose="$loose $p"
	done
	[ -z "$loose" ]
	ok_rc $? "every program a plain build makes is ignored by git${loose:+ (not:$loose)}"
else
	skip "git tracks no ELF program or object" "not a git checkout"
	skip "every program a plain build makes is ignored by git" \
		"not a git checkout"
fi

# ---- a fragment renamed stops the build ---------------------------------
# the Makefile, its fragments and what they read, copied; setfcap's
# fragment "renamed"
mkdir -p "$tmp/frag"
if git ls-files Makefile '*.mk' debian/changelog tests/vm/suites.tab \
	tests/vm/suites.awk 2>/dev/null |
	cpio -pdm --quiet "$tmp/frag" 2>/dev/null &&
	[ -f "$tmp/frag/setfcap/module.mk" ]; then
	mv "$tmp/frag/setfcap/module.mk" "$tmp/frag/setfcap/module.mk.old"
	(cd "$tmp/frag" && make --no-print-directory -s print-tools) \
		>"$tmp/frag.out" 2>&1
	rc=$?
	[ $rc -ne 0 ] && grep -q 'setfcap/module.mk' "$tmp/frag.out"
	ok_rc $? "a tool's fragment missing stops make, naming it (exit $rc)"
else
	skip "a tool's fragment missing stops make" "not a git checkout"
fi

# ---- no include cycle among the modules ----------------------------------
sh scripts/include-cycles.sh "$top" >"$tmp/cycles" 2>&1
ok_rc $? "no include cycle among the modules of lib/, common/, fsck-check/ and the tools$(sed -n '1s/^/ (/p' "$tmp/cycles" | sed 's/$/)/')"
# a tree of two modules whose sources include each other's header
mkdir -p "$tmp/cyc/lib" "$tmp/cyc/common" "$tmp/cyc/fsck-check"
printf '#include "b.h"\n' >"$tmp/cyc/fsck-check/a.c"
printf '#include "a.h"\n' >"$tmp/cyc/fsck-check/b.c"
: >"$tmp/cyc/fsck-check/a.h"
: >"$tmp/cyc/fsck-check/b.h"
sh scripts/include-cycles.sh "$tmp/cyc" >"$tmp/cycles" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q 'fsck-check/a -> fsck-check/b -> fsck-check/a' \
	"$tmp/cycles"
ok_rc $? "include-cycles.sh finds the cycle a -> b -> a (exit $rc: $(head -c 120 "$tmp/cycles"))"
