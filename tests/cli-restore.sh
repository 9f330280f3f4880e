#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-restore.sh: getfcap --manifest and setfcap --manifest [--root] as a
# backup and its restore, after copies that lose capabilities (rsync -a
# without -X, tar without --xattrs); --root never leads out of its
# directory, through openat2() and through the walk used without it (TAP).
set -u
. "$(dirname "$0")/cli-lib.sh"
SHIM=$top/build/fault/fault-shim.so
export ASAN_OPTIONS=verify_asan_link_order=0

touch plain
rc_is 0 "--manifest: a file without capabilities" "$GETF" --manifest plain
check "prints no line" [ ! -s out ]
rc_is 0 "--manifest -v prints no bare paths" "$GETF" --manifest -v plain
check "nothing on stdout" [ ! -s out ]
rc_is 2 "--root without --manifest is a usage error" "$SETF" --root . \
	cap_kill+p plain
check "and says so" grep -q -- '--root goes with --manifest' errs
printf 'cap_kill+p plain\n' >m
rc_is 1 "--root naming no directory fails" "$SETF" --root nodir \
	--manifest m
check "naming it" grep -q '^setfcap: nodir: ' errs

if ! is_root; then
	skip "backup and restore" "not root (CAP_SETFCAP needed)"
	done_testing
fi

# capdump DIR: "name hex" for every value under DIR, from getfattr (not
# our tools), its own escaping of names, sorted
capdump() {
	(cd "$1" && getfattr -R -P -m '^security\.capability$' -e hex -d . \
		2>/dev/null) | awk '/^# file: / { f = substr($0, 9) }
		/^security.capability=/ { print f, substr($0, 21) }' | sort
}
nl='
'
mkdir -p src/sub src/deep/er
setup "files" sh -c 'cd src && for f in ping "ns kill" plain empty \
	"sub/new${0}line" "sub/ lead and trail " "sub/#hash" "sub/-dash" \
	"sub/back\\slash" "sub/\"quoted\"" "sub/x;quoted" "sub/caf$1" \
	"sub/$2" "deep/er/tab	end	"; do echo data >"$f"; done' "$nl" \
	"$(printf '\303\251')" "$(printf '\377\376raw')"
setup "values" sh -c 'cd src && "$0" cap_net_raw+ep ping \
	-n 1000 cap_kill+p "ns kill" && "$0" "" empty \
	cap_net_raw+ep "sub/new${1}line" cap_net_bind_service=eip \
	"sub/ lead and trail " cap_kill+p "sub/#hash" cap_kill+p \
	"sub/-dash" cap_kill+p "sub/back\\slash" cap_kill+p \
	"sub/\"quoted\"" cap_kill+p "sub/x;quoted" cap_kill+p "sub/caf$2" \
	cap_sys_nice+ep "sub/$3" && "$0" -n 4294967294 cap_chown+i \
	"deep/er/tab	end	"' "$SETF" "$nl" "$(printf '\303\251')" \
	"$(printf '\377\376raw')"
setup "modes" chmod 0750 "src/ping"
capdump src >orig
check "13 values planted" [ "$(wc -l <orig)" = 13 ]

rc_is 0 "getfcap -r --manifest dumps the tree" sh -c \
	'cd src && exec "$0" -r --manifest .' "$GETF"
cp out dump
check "one line per value" [ "$(grep -c . dump)" = 13 ]
check "a plain line" grep -qFx 'cap_net_raw=ep ./ping' dump
check "a v3 value keeps its rootid, blanks kept" \
	grep -qFx 'cap_kill=p;rootid=1000 ./ns kill' dump
check "the all-zero value is '='" grep -qFx '= ./empty' dump
check "a newline is quoted" \
	grep -qFx 'cap_net_raw=ep;quoted "./sub/new\012line"' dump
check "blanks at the ends are quoted" \
	grep -qFx 'cap_net_bind_service=eip;quoted "./sub/ lead and trail "' dump
check "bytes that are not UTF-8 are quoted" \
	grep -qFx 'cap_sys_nice=ep;quoted "./sub/\377\376raw"' dump
check "UTF-8 stays plain" grep -qFx "cap_kill=p ./sub/caf$(printf '\303\251')" dump
check "a backslash stays plain" grep -qFx 'cap_kill=p ./sub/back\slash' dump
check "the largest rootid, tabs quoted" \
	grep -qFx 'cap_chown=i;rootid=4294967294;quoted "./deep/er/tab\011end\011"' dump
check "files without capabilities are not listed" \
	sh -c '! grep -q plain dump'

# copies that drop every value
setup "rsync -a" rsync -a src/ rsynced/
setup "tar" tar -C src -cf plain.tar .
mkdir untarred
setup "untar" tar -C untarred -xf plain.tar
check "rsync -a (no -X) lost every value" [ -z "$(capdump rsynced)" ]
check "tar (no --xattrs) lost every value" [ -z "$(capdump untarred)" ]

for c in rsynced untarred; do
	rc_is 0 "$c: setfcap --manifest --root restores" "$SETF" --root "$c" \
		--manifest dump
	capdump "$c" >got
	check "$c: every value's bytes equal the original's" cmp -s orig got
	check "$c: the mode is as copied" [ "$(stat -c %a "$c/ping")" = 750 ]
	find "$c" -type f -exec stat -c '%i %z' {} + | sort >before
	rc_is 0 "$c: a second restore" "$SETF" --root "$c" --manifest dump
	find "$c" -type f -exec stat -c '%i %z' {} + | sort >after
	check "$c: changes nothing (no ctime moved)" cmp -s before after
	rc_is 0 "$c: --dry-run" "$SETF" --dry-run --root "$c" --manifest dump
	check "$c: has nothing to do" [ ! -s out ]
	rc_is 0 "$c: setfcap -v --root checks every line" "$SETF" -v \
		--root "$c" --manifest dump
	check "$c: 13 OK" [ "$(grep -c ': OK$' out)" = 13 ]
done
rc_is 0 "the restored tree dumps the same manifest" sh -c \
	'cd untarred && exec "$0" -r --manifest .' "$GETF"
sort out >a
sort dump >b
check "line for line" cmp -s a b

# values the kernel may refuse: planted as this kernel allows
CAPX=$san/tests/capxattr	# a helper, not a tool under test
. "$top/tests/kprobe.sh"
mkdir odd
echo x >odd/high
echo x >odd/zero
echo x >odd/two
setup "a two-clause value" "$SETF" 'cap_kill=p cap_chown+i' odd/two
if plant high_bits odd/high; then
	rc_is 0 "a value naming capability 63 dumps" "$GETF" --manifest \
		odd/high odd/two
	check "as a ;quoted text with its blank escaped" \
		grep -qFx '=\04063+p;quoted "odd/high"' out
	check "two clauses likewise" grep -q '\\040.*;quoted "odd/two"$' out
	cp out oddm
	setup "a copy" sh -c 'mkdir rsynced/odd && cp odd/high odd/two rsynced/odd/'
	rc_is 0 "and restores" "$SETF" --root rsynced --manifest oddm
	check "byte for byte" [ "$(xhex rsynced/odd/high)" = \
		"$(xhex odd/high)" ] && [ "$(xhex rsynced/odd/two)" = "$(xhex odd/two)" ]
else
	skip "capability 63 dumped and restored" "$plant_why"
fi
if plant zero_length odd/zero; then
	if [ "$(probed zero_length read)" = ok ]; then
		skip "a zero-length value in a dump" "Linux $probe_kernel returns it"
	else
		rc_is 1 "a zero-length value: the dump's exit status is 1" \
			"$GETF" --manifest odd/zero odd/two
		check "naming the file" grep -q '^getfcap: odd/zero: ' errs
		check "the other values still dumped" grep -q 'odd/two"$' out
	fi
	"$CAPX" rm odd/zero
else
	skip "a zero-length value in a dump" "$plant_why"
fi

# --root: symbolic links and ".." stay inside the root
img=$tmp/img
mkdir -p "$img/usr/bin" "$img$tmp"
files="$img/usr/bin/tool $img/usr/bin/tool2 $img/victim $img/victim2
$img$tmp/victim $tmp/victim"
for f in $files; do echo x >"$f"; done
ln -s /usr "$img/lnk"
ln -s "$tmp" "$img/esc"
ln -s ../../../../../../.. "$img/usr/up"
ln -s /usr/bin/tool "$img/final"
ln -s loop2 "$img/loop1"
ln -s /loop1 "$img/loop2"
cat >rootm <<EOM
cap_net_raw+ep /usr/bin/tool
cap_kill+p /lnk/bin/tool2
cap_sys_nice+ep /esc/victim
cap_chown+ep /../../victim
cap_fowner+ep usr/up/usr/bin/../../victim2
EOM
for how in openat2 walk; do
	for f in $files; do "$SETF" -f -r "$f"; done
	if [ "$how" = walk ]; then
		pre="env LD_PRELOAD=$SHIM FAULT_CALL=openat2 FAULT_AT=0 FAULT_ERRNO=38"
		[ -f "$SHIM" ] || { skip "--root by walking" "no $SHIM"; break; }
	else
		pre="env"
	fi
	rc_is 0 "$how: --root applies an image's manifest" $pre "$SETF" \
		--root "$img" --manifest rootm
	check "$how: an absolute path is inside the root" \
		[ "$(xhex "$img/usr/bin/tool")" = 0100000200200000000000000000000000000000 ]
	check "$how: an absolute symlink resolves inside the root" \
		[ "$(xhex "$img/usr/bin/tool2")" != none ]
	check "$how: a symlink to a host directory stays inside" \
		[ "$(xhex "$img$tmp/victim")" = 0100000200008000000000000000000000000000 ]
	check "$how: '..' at the root stays at the root" \
		[ "$(xhex "$img/victim")" = 0100000201000000000000000000000000000000 ]
	check "$how: nothing outside the root got a value" \
		[ "$(xhex "$tmp/victim")" = none ]
	check "$how: a relative symlink climbing out ends at the root" \
		[ "$(xhex "$img/victim2")" = 0100000208000000000000000000000000000000 ]
	printf 'cap_kill+p /final\n' >finalm
	rc_is 1 "$how: a symlink as the last component is refused" $pre \
		"$SETF" --root "$img" --manifest finalm
	check "$how: as a symbolic link" grep -q 'refusing a symbolic link' errs
	printf 'cap_kill+p /usr/nope/x\n' >nopem
	rc_is 1 "$how: a missing file fails" $pre "$SETF" --root "$img" \
		--manifest nopem
	check "$how: naming the manifest's path" grep -q '/usr/nope/x' errs
	printf 'cap_kill+p /loop1/x\n' >loopm
	rc_is 1 "$how: a symbolic link loop fails" $pre "$SETF" --root "$img" \
		--manifest loopm
	check "$how: with ELOOP" grep -q 'Too many levels of symbolic links' errs
done
done_testing
