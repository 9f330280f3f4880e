#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-setfcap.sh: golden and safety cases for setfcap (TAP).
set -u
. "$(dirname "$0")/cli-lib.sh"


rc_is 2 "no operands is a usage error" "$SETF"
rc_is 0 "-h exits 0" "$SETF" -h
check "-h prints usage on stdout" grep -q '^usage: setfcap' out
rc_is 2 "unknown long option is a usage error" "$SETF" --bogus cap_kill+p x
check "... named by the program's name, not its path" \
	grep -q "^setfcap: unknown option '--bogus'" errs
touch t0
rc_is 1 "a capability name libcap does not know" \
	"$SETF" cap_net_raw,cap_fooo+ep t0
check "... is named, with where it starts in the text" \
	grep -q "^setfcap: invalid capability text 'cap_net_raw,cap_fooo+ep': 'cap_fooo' at character 13: libcap does not know this capability name$" errs
check "... and the run says it changed no file" \
	grep -q '^setfcap: nothing applied, no file was changed$' errs
rc_is 1 "an unknown name in a later clause" \
	"$SETF" 'cap_kill+p cap_chown,cap_bar+e' t0
check "... is named, with its position" \
	grep -q "'cap_bar' at character 22: " errs
rc_is 2 "caps without a file is a usage error" "$SETF" cap_kill+p
rc_is 2 "-n 0 is refused" "$SETF" -n 0 cap_kill+p x
rc_is 2 "-n junk is refused" "$SETF" -n 12x cap_kill+p x
if [ -w /dev/full ]; then
	rc_is 1 "a failed write to stdout is an error" sh -c \
		"'$SETF' -h >/dev/full"
else
	skip "a failed write to stdout is an error" "no /dev/full"
fi

if ! is_root; then
	skip "file capability cases" "not root (CAP_SETFCAP needed)"
	done_testing
fi

touch a b c
rc_is 0 "set one pair" "$SETF" cap_ipc_lock+ep a
check "v2 bytes are the design's example" [ "$(xhex a)" = 0100000200400000000000000000000000000000 ]
rc_is 0 "several pairs, options between them" \
	"$SETF" cap_kill+p b -q cap_chown+i c
check "second pair written" [ "$(xhex b)" = 0000000220000000000000000000000000000000 ]
check "third pair written" [ "$(xhex c)" = 0000000200000000010000000000000000000000 ]
rc_is 0 "-n ROOTID writes v3" "$SETF" -n 1000 cap_kill+p b
check "v3 bytes with rootid 1000" [ "$(xhex b)" = 0000000320000000000000000000000000000000e8030000 ]
rc_is 0 "-v on a matching file" "$SETF" -v cap_ipc_lock+ep a
check "-v says OK" grep -qx 'a: OK' out
rc_is 1 "-v on a different file" "$SETF" -v cap_kill+ep a
check "-v says what differs" grep -q '^a differs in \[pe\]' out
rc_is 1 "-q -v is silent" "$SETF" -q -v cap_kill+ep a
check "-q -v printed nothing" [ ! -s out ]
rc_is 0 "-r removes" "$SETF" -r c
check "value gone" [ "$(xhex c)" = none ]
rc_is 1 "-r without capabilities fails like setcap" "$SETF" -r c
check "error names the file" grep -q '^setfcap: c: ' errs
rc_is 0 "-f -r without capabilities is a no-op" "$SETF" -f -r c
rc_is 0 "--if-present -r" "$SETF" --if-present -r c
printf 'cap_chown+ep\n' >in
rc_is 0 "- reads the text from stdin" sh -c "'$SETF' -q - c <in"
check "stdin text applied" [ "$(xhex c)" = 0100000201000000000000000000000000000000 ]
touch ./-x
rc_is 0 "-- lets a file name start with -" "$SETF" -- cap_kill+p -x
check "-- file written" [ "$(xhex ./-x)" = 0000000220000000000000000000000000000000 ]

# all-or-nothing at parse time
touch d
rc_is 1 "a bad text fails the run" "$SETF" cap_kill+p d cap_bogus+p a
check "the good pair before it was not written" [ "$(xhex d)" = none ]
check "the bad clause is quoted" grep -q "cap_bogus" errs
rc_is 1 "the effective-bit rule is refused" "$SETF" "cap_kill+p cap_chown+e" d
check "and explained" grep -q 'effective' errs
rc_is 1 "a missing file fails the run" "$SETF" cap_kill+p d cap_kill+p nope
check "nothing written before the missing file" [ "$(xhex d)" = none ]

# refusals
mkfifo fifo
ln -s a link
mkdir dir
timeout 5 "$SETF" cap_kill+p fifo >out 2>errs
rc=$?
check "a FIFO is refused without hanging" [ "$rc" = 1 ]
check "the FIFO message says FIFO" grep -q 'fifo: refusing a FIFO' errs
before=$(xhex a)
rc_is 1 "a symlink is refused" "$SETF" cap_kill+p link
check "the symlink target is unchanged" [ "$(xhex a)" = "$before" ]
rc_is 1 "a directory is refused" "$SETF" cap_kill+p dir
rc_is 1 "a device is refused" timeout 5 "$SETF" cap_kill+p /dev/null
check "/dev/null has no value" [ "$(xhex /dev/null)" = none ]

# all-or-nothing at write time: an immutable file in the middle
touch e f g
"$SETF" cap_chown+p e >/dev/null 2>&1
if chattr +i f 2>/dev/null; then
	rc_is 1 "batch with an immutable file fails" \
		"$SETF" cap_kill+p e cap_kill+p f cap_kill+p g
	check "first file restored to its old value" \
		[ "$(xhex e)" = 0000000201000000000000000000000000000000 ]
	check "last file untouched" [ "$(xhex g)" = none ]
	check "the run says it rolled back" grep -q 'rolled back' errs
	chattr -i f
else
	skip "batch with an immutable file" "chattr +i not supported"
fi

# read-only bind mount in the middle
mkdir ro rw
touch rw/h ro/i
if mount --bind ro ro 2>/dev/null && mount -o remount,ro,bind ro 2>/dev/null
then
	rc_is 1 "batch with a file on a read-only mount fails" \
		"$SETF" cap_kill+p rw/h cap_kill+p ro/i
	check "earlier file removed again (had no value)" [ "$(xhex rw/h)" = none ]
	umount ro
else
	skip "batch with a read-only mount" "cannot bind-mount"
fi

# running executable
cp /bin/sleep run
./run 30 &
pid=$!
rc_is 0 "caps on a running executable" "$SETF" cap_kill+p run
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null

# manifest
touch m1 m2
cat >man <<'M'
# a comment
cap_kill+p m1

cap_net_raw+ep m2
M
rc_is 0 "--dry-run --manifest" "$SETF" --dry-run --manifest man
check "dry run prints both" [ "$(grep -c 'would set' out)" = 2 ]
check "dry run changed nothing" [ "$(xhex m1)$(xhex m2)" = nonenone ]
rc_is 0 "--manifest applies" "$SETF" --manifest man
check "manifest values written" [ "$(xhex m2)" = 0100000200200000000000000000000000000000 ]
rc_is 0 "--dry-run after applying" "$SETF" --dry-run --manifest - <man
check "nothing left to change" [ ! -s out ]
# one bad line: all or nothing, and the run says nothing was applied
touch m3
printf 'cap_kill+p m3\ncap_fooo+ep m3\n' >bad.m
rc_is 1 "a manifest with one bad line fails" "$SETF" --manifest bad.m
check "... naming the line, the name and its position" \
	grep -q "^setfcap: bad.m:2: invalid capability text 'cap_fooo+ep': 'cap_fooo' at character 1: " errs
check "... and saying that no file was changed" \
	grep -q '^setfcap: bad.m: 1 line refused: nothing applied, no file was changed$' errs
check "... and no file was changed" [ "$(xhex m3)" = none ]
# over and back to a zero-length value: tests/planted.sh

# a file system without xattr support (ramfs)
mkdir nx
touch p1
if mount -t ramfs ramfs nx 2>/dev/null; then
	touch nx/q
	rc_is 1 "no xattr support fails the batch" \
		"$SETF" cap_kill+p p1 cap_kill+p nx/q
	check "earlier file rolled back" [ "$(xhex p1)" = none ]
	check "error names the file and cause" \
		grep -q '^setfcap: nx/q: cannot set capabilities: Operation not supported' errs
	rc_is 0 "--fallback-setuid sets the set-uid bit instead" \
		"$SETF" --fallback-setuid cap_kill+p p1 cap_kill+p nx/q
	check "file is set-uid" [ -u nx/q ]
	check "and the run says so" grep -q 'nx/q: .*set-uid root instead' errs
	check "the other file got its value" \
		[ "$(xhex p1)" = 0000000220000000000000000000000000000000 ]
	umount nx
else
	skip "file system without xattr support" "cannot mount ramfs"
fi
# several ops on one file, by any name, act in operand order
touch s1
ln s1 s1link
rc_is 0 "set then verify the same file in one run" \
	"$SETF" cap_kill+p s1 -v cap_kill+p ./s1
check "verify saw the value set earlier in the run" grep -qx './s1: OK' out
rc_is 0 "-r through a hard link after a set" \
	"$SETF" cap_chown+p s1 -r s1link
check "the hard-linked file ends without a value" [ "$(xhex s1)" = none ]
"$SETF" cap_chown+p s1 >/dev/null 2>&1
if mount -t ramfs ramfs nx 2>/dev/null; then
	touch nx/q
	rc_is 1 "two writes to one file, then a failure" \
		"$SETF" cap_kill+p s1 cap_net_raw+p s1link cap_kill+p nx/q
	check "the file is back to its value before the run" \
		[ "$(xhex s1)" = 0000000201000000000000000000000000000000 ]
	umount nx
else
	skip "two writes to one file, then a failure" "cannot mount ramfs"
fi

# symlink swap race: a path flipping between a file and a symlink to a
# victim must never get the victim a value
touch victim sw.file
(
	i=0
	while [ $i -lt 4000 ]; do
		ln -sf victim sw.tmp && mv -f sw.tmp sw
		ln -f sw.file sw.tmp2 && mv -f sw.tmp2 sw
		i=$((i + 1))
	done
) &
racer=$!
i=0
while [ $i -lt 150 ]; do
	"$SETF" -q cap_sys_admin+ep sw >/dev/null 2>>race.err
	i=$((i + 1))
done
kill "$racer" 2>/dev/null
wait "$racer" 2>/dev/null
check "symlink swap never reaches the victim" [ "$(xhex victim)" = none ]
check "no sanitizer report under the race" \
	sh -c '! grep -q "AddressSanitizer\|runtime error" race.err'
# a large manifest: every file written, one failing line changes nothing
mkdir big
i=0
while [ $i -lt 1000 ]; do
	: >big/$i
	echo "cap_net_raw+ep big/$i"
	i=$((i + 1))
done >big.man
rc_is 0 "1000-line manifest applies" "$SETF" --manifest big.man
check "first and last file written" [ "$(xhex big/0)$(xhex big/999)" = \
	01000002002000000000000000000000000000000100000200200000000000000000000000000000 ]
sed 's/cap_net_raw+ep/cap_kill+p/' big.man >big2.man
echo "cap_kill+p big/missing" >>big2.man
rc_is 1 "a manifest with a missing file fails" "$SETF" --manifest big2.man
check "and changes no file" [ "$(xhex big/500)" = \
	0100000200200000000000000000000000000000 ]
# big batches are opened and written by several threads: every file is
# written, failures are still reported in manifest order, and the ops on
# one file (through any of its names) still run in the order given
nraw() { getfattr -n security.capability -e hex big/[0-9]* 2>/dev/null |
	grep -c "^security.capability=0x$1\$"; }
check "every one of the 1000 files written" \
	[ "$(nraw 0100000200200000000000000000000000000000)" = 1000 ]
mkfifo big/fifo
awk 'NR == 300 { print "cap_kill+p big/fifo" }
	NR == 700 { print "cap_kill+p big/nope" } { print }' big2.man |
	grep -v missing >big3.man
rc_is 1 "a FIFO and a missing file in a big manifest" \
	timeout 10 "$SETF" --manifest big3.man
check "both reported, in manifest order" \
	sh -c "sed -n 1p errs | grep -q '^setfcap: big/fifo: refusing a FIFO' &&
		sed -n 2p errs | grep -q '^setfcap: big/nope: ' &&
		[ \$(wc -l <errs) = 2 ]"
check "and no file changed" \
	[ "$(nraw 0100000200200000000000000000000000000000)" = 1000 ]
ln big/10 big/link10
{ echo "cap_kill+p big/10"; grep -v "missing\\|big/10\$" big2.man
	echo "cap_chown+p big/link10"; } >big4.man
rc_is 0 "one file under two names, first and last line" \
	"$SETF" --manifest big4.man
check "the last line wins" [ "$(xhex big/10)" = \
	0000000201000000000000000000000000000000 ]
check "the others as asked" \
	[ "$(nraw 0000000220000000000000000000000000000000)" = 999 ]
# without /proc the fallback reopen by path must still work.  The
# sanitizer runtime itself needs /proc, so this uses the plain build.
touch np
plain=$top/setfcap/setfcap
if [ ! -x "$plain" ]; then
	skip "setfcap without /proc" "no plain build (make setfcap/setfcap)"
elif command -v unshare >/dev/null &&
	unshare -m sh -c 'umount -l /proc' 2>/dev/null; then
	rc_is 0 "works without /proc (reopen by path)" unshare -m sh -c \
		"umount -l /proc && '$plain' cap_kill+p np"
	check "value written without /proc" \
		[ "$(xhex np)" = 0000000220000000000000000000000000000000 ]
	rc_is 1 "FIFO refused without /proc" unshare -m sh -c \
		"umount -l /proc && timeout 5 '$plain' cap_kill+p fifo"
else
	skip "setfcap without /proc" "cannot unshare a mount namespace"
fi
# options between pairs apply to the pairs after them, as in setcap
touch pv pw
"$SETF" -n 1000 cap_kill+p pv cap_chown+p pw >/dev/null 2>&1
rc_is 1 "-n between -v pairs applies only to the pairs after it" \
	"$SETF" -v cap_kill+p pv -n 1000 cap_kill+p pv
check "the first pair differs in its rootid, the second is OK" \
	[ "$(cat out)" = "nsowner[got=1000, want=0],pv differs in []
pv: OK" ]
rc_is 1 "-q between -v pairs silences only the pairs after it" \
	"$SETF" -v cap_kill+p pv -q cap_chown+p pv
check "the first mismatch is printed, the second is not" \
	[ "$(cat out)" = "nsowner[got=1000, want=0],pv differs in []" ]
rc_is 1 "-v -n ROOTID, then -q" \
	"$SETF" -v -n 1000 cap_kill+p pv -q cap_chown+p pv
check "only the pair before -q printed" [ "$(cat out)" = "pv: OK" ]
touch pn1 pn2
rc_is 0 "-n between set pairs" "$SETF" cap_kill+p pn1 -n 1000 cap_kill+p pn2 \
	-v cap_kill+p pn2
check "v2 before -n, v3 after it" [ "$(xhex pn1) $(xhex pn2)" = \
	"0000000220000000000000000000000000000000 0000000320000000000000000000000000000000e8030000" ]
check "and the verify after both saw the v3 value" [ "$(cat out)" = "pn2: OK" ]
# vs_setcap DESC ARGS...: setfcap and libcap's setcap, each run with ARGS
# on its own copy of pn (no value), pw (cap_chown+p) and pv (cap_kill+p,
# rootid 1000), print the same, exit the same and leave the same values
vs_setcap() {
	d=$1
	shift
	for t in fc lc; do
		rm -rf "vs.$t" && mkdir "vs.$t" &&
		touch "vs.$t/pn" "vs.$t/pw" "vs.$t/pv" &&
		setfattr -n security.capability \
			-v 0x0000000201000000000000000000000000000000 "vs.$t/pw" &&
		setfattr -n security.capability \
			-v 0x0000000320000000000000000000000000000000e8030000 \
			"vs.$t/pv" || { notok "$d (cannot plant the values)"; return; }
	done
	(cd vs.fc && "$SETF" "$@"; echo "exit $?"; xhex pn; xhex pw; xhex pv) \
		>vs.fc.out 2>vs.fc.err
	(cd vs.lc && "$SETCAP" "$@"; echo "exit $?"; xhex pn; xhex pw; xhex pv) \
		>vs.lc.out 2>vs.lc.err
	if cmp -s vs.fc.out vs.lc.out && cmp -s vs.fc.err vs.lc.err; then
		ok "$d"
	else
		notok "$d"
		diff vs.lc.out vs.fc.out | sed 's/^/# /'
		diff vs.lc.err vs.fc.err | sed 's/^/# /'
	fi
}
SETCAP=$(command -v setcap || echo /usr/sbin/setcap)
if [ -x "$SETCAP" ]; then
	vs_setcap "like setcap: -v, a pair, -n, a pair" \
		-v cap_chown+p pw -n 1000 cap_kill+p pv
	vs_setcap "like setcap: -q -v, a pair, -n, a pair" \
		-q -v cap_kill+p pv -n 1000 cap_kill+p pv
	vs_setcap "like setcap: -v, a pair, -q, a pair" \
		-v cap_chown+p pw -q cap_kill+p pv
	vs_setcap "like setcap: -v -n, a pair, -q, a pair" \
		-v -n 1000 cap_kill+p pv -q cap_chown+p pv
	vs_setcap "like setcap: set, -n, set, -v, verify" \
		cap_kill+p pn -n 1000 cap_net_raw+p pw -v cap_net_raw+p pw
	vs_setcap "like setcap: -n, -v -r" -v -n 1000 -r pn
else
	skip "the same command lines as libcap's setcap" "setcap not installed"
fi
# a first write that fails leaves nothing to roll back: say it once
mkdir nx2
touch p3 p4
"$SETF" cap_kill+p p4 >/dev/null 2>&1
if mount -t ramfs ramfs nx2 2>/dev/null; then
	touch nx2/q nx2/r
	chown 1:1 nx2/r
	rc_is 1 "the first write fails" "$SETF" cap_kill+p nx2/q cap_kill+p p3
	check "the failure is the only message" sh -c \
		'[ "$(cat errs)" = "setfcap: nx2/q: cannot set capabilities: Operation not supported" ]'
	check "the other file is untouched" [ "$(xhex p3)" = none ]
	rc_is 1 "--fallback-setuid refused on the first write" \
		"$SETF" --fallback-setuid cap_kill+p nx2/r cap_kill+p p3
	check "the refusal is the only message" sh -c \
		'[ "$(cat errs)" = "setfcap: nx2/r: cannot store capabilities and not owned by root: refusing --fallback-setuid" ]'
	rc_is 1 "only skipped operands before the failing write" \
		"$SETF" -f -r p3 cap_kill+p nx2/q
	check "one message for it" [ "$(wc -l <errs)" = 1 ]
	printf 'cap_kill+p p4\ncap_kill+p nx2/q\n' >nx2.man
	rc_is 1 "a manifest whose written line fails first" \
		"$SETF" --manifest nx2.man
	check "one message for it too" [ "$(wc -l <errs)" = 1 ]
	rc_is 1 "--fallback-setuid applies only to the pairs after it" \
		"$SETF" cap_kill+p nx2/q --fallback-setuid cap_kill+p p3
	check "the file before it is not made set-uid" [ ! -u nx2/q ]
	umount nx2
else
	skip "a first write that fails" "cannot mount ramfs"
fi
done_testing
