#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# fault.sh: fault injection for setfcap batches and fsck-check scans.
#
# The world changes under the tools at the worst moment: a file system
# that is full, goes read-only in the middle of a batch, or cannot store
# xattrs; a file removed or swapped for a symlink between setfcap's checks
# and its write; directories the scanner may not read, names that vanish
# and appear while it walks, a SIGINT part-way.  The moment is exact: the
# LD_PRELOAD shim build/fault/fault-shim.so (tests/fault-shim.c) runs a
# command, raises a signal or fails the call at the Nth fsetxattr,
# fremovexattr, lgetxattr or /proc/self/fd reopen.
#
# After each: every file holds its old value or the one asked for, never
# anything else, and the exit status says which (setfcap: 0 all as asked,
# 1 all as they were, 3 the named files as asked and the rest as they
# were; fsck-check: bit 8 for an error, bit 32 for an interrupt).
# Needs root (mounts, loop devices, fsetxattr on security.*).
set -u
# shellcheck disable=SC2016,SC2163
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
san=${FCAPS_SAN:-$top/build/san}
SETF=$san/setfcap/setfcap
FSCK=$san/fsck-check/fsck-check
SHIM=$top/build/fault/fault-shim.so
. "$top/tests/tap.sh"

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root (loop mounts, remounts, security xattrs)"
	exit 0
fi
for b in "$SETF" "$FSCK" "$SHIM"; do
	if [ ! -e "$b" ]; then
		echo "Bail out! $b not built (make san)"
		exit 1
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-fault.XXXXXX") || exit 1
cleanup() {
	awk -v t="$tmp/" 'index($2, t) == 1 { print $2 }' /proc/mounts \
		2>/dev/null | sort -r | while read -r m; do umount -l "$m"; done
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1

# the sanitizer runtime wants to come first; the shim only forwards
export ASAN_OPTIONS=verify_asan_link_order=0
KILL=0000000220000000000000000000000000000000	# cap_kill+p
RAW=0000000200200000000000000000000000000000	# cap_net_raw+p
CHOWN=0000000201000000000000000000000000000000	# cap_chown+p

# xhex FILE: the raw value in hex, "none" without one, "gone" without file
xhex() {
	[ -e "$1" ] || [ -L "$1" ] || { echo gone; return; }
	getfattr --absolute-names -n security.capability -e hex "$1" \
		2>/dev/null | sed -n 's/^security.capability=0x//p' |
		grep . || echo none
}
# states F...: their values, space-separated
states() { for f in "$@"; do printf '%s ' "$(xhex "$f")"; done; }
# shim VAR=VAL... -- CMD...: CMD under the fault shim with those settings
shim() {
	while [ "$1" != -- ]; do
		export "$1"
		shift
	done
	shift
	LD_PRELOAD=$SHIM "$@"
	r=$?
	unset FAULT_CALL FAULT_AT FAULT_CMD FAULT_SIGNAL FAULT_ERRNO FAULT_PATH
	return $r
}
no_sanitizer_report() {
	! grep -q 'AddressSanitizer\|runtime error\|LeakSanitizer' errs
}

# mkext4 DIR: a small ext4 on a loop device at DIR.  128-byte inodes have
# no room for in-inode xattrs, so every value needs a block: a full file
# system really refuses new values.
mkext4() {
	truncate -s 2M "$1.img" &&
	mke2fs -q -F -t ext4 -I 128 -m 0 -b 1024 -N 64 -O ^has_journal \
		"$1.img" >/dev/null 2>&1 &&
	mkdir -p "$1" && mount -o loop "$1.img" "$1"
}
fill() { dd if=/dev/zero of="$1/fill" bs=1k 2>/dev/null; sync; }

# ---- setfcap: a full file system ---------------------------------------
if mkext4 full; then
	touch full/x1 full/x2 full/x3
	setup "plant full/x1" setfattr -n security.capability -v 0x$CHOWN full/x1
	fill full
	rc_is 1 "argv batch on a full file system fails" \
		"$SETF" cap_kill+p full/x1 cap_net_raw+p full/x2 \
		cap_sys_time+p full/x3
	check "full: every file as it was" \
		[ "$(states full/x1 full/x2 full/x3)" = "$CHOWN none none " ]
	check "full: the failure names the file and ENOSPC" \
		grep -q '^setfcap: full/x2: cannot set capabilities: No space left on device' errs
	check "full: the run says nothing changed" \
		grep -q 'rolled back 1 change(s): no file was changed' errs
	printf 'cap_kill+p full/x1\ncap_net_raw+p full/x2\n-r full/x1\ncap_sys_time+p full/x3\n' >full.man
	rc_is 1 "manifest on a full file system fails" "$SETF" --manifest full.man
	check "full manifest: every file as it was" \
		[ "$(states full/x1 full/x2 full/x3)" = "$CHOWN none none " ]
	rm -f full/fill
	rc_is 0 "the same manifest once there is room" "$SETF" --manifest full.man
	check "room: every file as asked" \
		[ "$(states full/x1 full/x2 full/x3)" = \
		  "none $RAW 0000000200000002000000000000000000000000 " ]
	check "no sanitizer report" no_sanitizer_report
	umount full
else
	skip "setfcap on a full file system" "cannot make a loop ext4"
fi

# ---- setfcap: read-only remount in the middle of a batch ----------------
if mkext4 ro; then
	mkdir rw
	touch ro/y1 ro/y2 ro/y3 rw/w1
	setup "plant ro/y3" setfattr -n security.capability -v 0x$CHOWN ro/y3
	rc_is 3 "read-only remount before the second write" \
		shim FAULT_CALL=fsetxattr FAULT_AT=2 \
		"FAULT_CMD=mount -o remount,ro $tmp/ro" -- \
		"$SETF" cap_kill+p ro/y1 cap_net_raw+p ro/y2 cap_kill+p ro/y3
	check "ro: the first file as asked, the rest as they were" \
		[ "$(states ro/y1 ro/y2 ro/y3)" = "$KILL none $CHOWN " ]
	check "ro: exit 3 names the file that keeps its new value" \
		grep -q '^setfcap: ro/y1: cannot restore previous capabilities: Read-only file system' errs
	check "ro: and says how many could not be undone" \
		grep -qx 'setfcap: 1 change(s) could not be undone' errs
	mount -o remount,rw ro
	setfattr -x security.capability ro/y1
	printf 'cap_kill+p rw/w1\ncap_kill+p ro/y1\ncap_net_raw+p ro/y2\n' >ro.man
	rc_is 1 "manifest: the second file system goes read-only" \
		shim FAULT_CALL=fsetxattr FAULT_AT=2 \
		"FAULT_CMD=mount -o remount,ro $tmp/ro" -- \
		"$SETF" --manifest ro.man
	check "ro manifest: the other file system's file rolled back" \
		[ "$(states rw/w1 ro/y1 ro/y2 ro/y3)" = "none none none $CHOWN " ]
	mount -o remount,rw ro
	rc_is 3 "read-only remount during a removal" \
		shim FAULT_CALL=fsetxattr FAULT_AT=1 \
		"FAULT_CMD=mount -o remount,ro $tmp/ro" -- \
		"$SETF" -r ro/y3 cap_kill+p ro/y2
	check "ro: the removal stands, the set never happened" \
		[ "$(states ro/y2 ro/y3)" = "none none " ]
	check "no sanitizer report" no_sanitizer_report
	umount ro
else
	skip "setfcap with a read-only remount" "cannot make a loop ext4"
fi

# ---- setfcap: the file changes between the checks and the write ---------
touch a b victim
rc_is 0 "file swapped for a symlink before it is reopened" \
	shim FAULT_CALL=reopen FAULT_AT=1 \
	"FAULT_CMD=mv a a.orig && ln -s victim a" -- \
	"$SETF" cap_kill+p a cap_kill+p b
check "swap: the victim got nothing" [ "$(xhex victim)" = none ]
check "swap: the file that was checked got the value" \
	[ "$(states a.orig b)" = "$KILL $KILL " ]
rm -f a a.orig b
touch a b
rc_is 0 "file swapped for a symlink between check and write" \
	shim FAULT_CALL=fsetxattr FAULT_AT=1 \
	"FAULT_CMD=mv a a.orig && ln -s victim a" -- \
	"$SETF" cap_kill+p a cap_kill+p b
check "swap: the victim still has nothing" [ "$(xhex victim)" = none ]
check "swap: the checked file and the other as asked" \
	[ "$(states a.orig b)" = "$KILL $KILL " ]
rm -f a a.orig b
touch a b
rc_is 0 "file removed between check and write" \
	shim FAULT_CALL=fsetxattr FAULT_AT=1 "FAULT_CMD=rm a" -- \
	"$SETF" cap_kill+p a cap_kill+p b
check "removed: no file appears in its place, the other as asked" \
	[ "$(states a b)" = "gone $KILL " ]
rm -f b
touch a b c
setup "plant c" setfattr -n security.capability -v 0x$CHOWN c
printf 'cap_kill+p a\ncap_kill+p b\ncap_kill+p c\n' >swap.man
rc_is 1 "manifest: a file replaced, then a write fails" \
	shim FAULT_CALL=fsetxattr FAULT_AT=3 \
	"FAULT_CMD=mv b b.orig && ln -s victim b" FAULT_ERRNO=5 -- \
	"$SETF" --manifest swap.man
check "replaced + EIO: all rolled back, through the pinned files" \
	[ "$(states a b.orig c victim)" = "none none $CHOWN none " ]
check "replaced + EIO: the symlink is left alone" [ -L b ]
rm -f a b b.orig c
touch r1 r2
setup "plant r1" setfattr -n security.capability -v 0x$CHOWN r1
rc_is 1 "a removal rolled back after a failed set" \
	shim FAULT_CALL=fsetxattr FAULT_AT=1 FAULT_ERRNO=5 -- \
	"$SETF" -r r1 cap_kill+p r2
check "the removed value is back, the other file untouched" \
	[ "$(states r1 r2)" = "$CHOWN none " ]
# a big batch is written by several threads: a write failing half-way
# stops them all and every file written by any of them is put back
mkdir big
i=0
while [ $i -lt 1000 ]; do
	: >big/$i
	echo "cap_kill+p big/$i"
	i=$((i + 1))
done >big.man
setup "plant big/7" setfattr -n security.capability -v 0x$CHOWN big/7
rc_is 1 "1000 files, the 500th write fails" \
	shim FAULT_CALL=fsetxattr FAULT_AT=500 FAULT_ERRNO=5 -- \
	"$SETF" --manifest big.man
check "big: one failure reported, with the file and EIO" \
	[ "$(grep -c 'cannot set capabilities: Input/output error' errs)" = 1 ]
check "big: the run says nothing changed" \
	grep -q 'rolled back [0-9]* change(s): no file was changed' errs
check "big: every file as it was" \
	[ "$(getfattr -n security.capability -e hex big/* 2>/dev/null |
	    grep -c '^security.capability=')" = 1 ] &&
	[ "$(xhex big/7)" = "$CHOWN" ]
rm -rf big big.man
check "no sanitizer report" no_sanitizer_report

# ---- setfcap: a file system without xattr support -----------------------
mkdir nx
touch p1 p2
if mount -t ramfs ramfs nx 2>/dev/null; then
	touch nx/q nx/q2
	chmod 0755 nx/q
	printf 'cap_kill+p p1\ncap_net_raw+p p2\ncap_kill+p nx/q\n' >nx.man
	rc_is 1 "manifest with a file on ramfs fails" "$SETF" --manifest nx.man
	check "ramfs manifest: every file as it was" \
		[ "$(states p1 p2)" = "none none " ]
	check "ramfs: the error names the file and EOPNOTSUPP" \
		grep -q '^setfcap: nx/q: cannot set capabilities: Operation not supported' errs
	rc_is 0 "--fallback-setuid: set-uid instead, the rest as asked" \
		"$SETF" --fallback-setuid --manifest nx.man
	check "fallback: p1, p2 as asked and nx/q set-uid" \
		[ "$(states p1 p2)" = "$KILL $RAW " ] && [ -u nx/q ]
	chmod 0755 nx/q
	setfattr -x security.capability p1
	rc_is 1 "--fallback-setuid, then a later write fails" \
		shim FAULT_CALL=fsetxattr FAULT_AT=3 FAULT_ERRNO=5 -- \
		"$SETF" --fallback-setuid cap_kill+p nx/q cap_kill+p p1 \
		cap_chown+p p2
	check "fallback rolled back: mode restored, values as they were" \
		[ "$(stat -c %a nx/q)" = 755 ] &&
		[ "$(states p1 p2)" = "none $RAW " ]
	chown 1:1 nx/q2
	rc_is 1 "--fallback-setuid refuses a file not owned by root" \
		"$SETF" --fallback-setuid cap_kill+p p1 cap_kill+p nx/q2
	check "not root-owned: nothing changed" \
		[ "$(stat -c %a nx/q2)" = 644 ] && [ "$(xhex p1)" = none ]
	umount nx
else
	skip "setfcap on a file system without xattrs" "cannot mount ramfs"
fi

# ---- fsck-check: unreadable directories ---------------------------------
mkdir -p tree/open tree/locked
chmod 755 "$tmp" tree tree/open
cp /bin/true tree/open/t1
cp /bin/true tree/locked/t2
setup "plant tree/open/t1" setfattr -n security.capability -v 0x$KILL tree/open/t1
setup "plant tree/locked/t2" setfattr -n security.capability -v 0x$KILL tree/locked/t2
chmod 000 tree/locked
# nobody runs a copy in $tmp: the tree may sit in a directory only root
# may enter
nobody_copy "$FSCK" "$tmp"
if [ -z "$nobody_why" ]; then
	rc_is 8 "scan with an unreadable directory: operational error" \
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$nobody_prog" --json tree
	keep_json out
	check "unreadable: the directory is named" \
		grep -q 'tree/locked: cannot open directory: Permission denied' errs
	check "unreadable: what could be read is reported" \
		grep -q '"path":"tree/open/t1"' out
	check "unreadable: nothing is made up for the locked one" \
		sh -c '! grep -q t2 out'
else
	skip "scan with an unreadable directory" "$nobody_why"
fi
chmod 755 tree/locked

# ---- fsck-check: names vanish and appear in the middle of the scan ------
rm -rf tree
mkdir -p tree/sub
i=0
while [ $i -lt 40 ]; do
	: >tree/f$i
	setup "plant tree/f$i" setfattr -n security.capability -v 0x$KILL tree/f$i
	i=$((i + 1))
done
: >tree/sub/s
setup "plant tree/sub/s" setfattr -n security.capability -v 0x$KILL tree/sub/s
# at the 5th value read: half the files go, the subdirectory goes, new ones
# come (with another value)
churn='cd '$tmp'/tree && rm -rf sub f1? f3? &&
	for i in 0 1 2 3 4 5 6 7 8 9; do : >new$i &&
	setfattr -n security.capability -v 0x'$RAW' new$i; done'
rc_is 0 "names vanish and appear mid-scan: no error" \
	shim FAULT_CALL=lgetxattr FAULT_AT=5 "FAULT_CMD=$churn" -- \
	"$FSCK" -j 1 --json --fail-on error tree
keep_json out
check "churn: no operational error is reported" \
	sh -c '! grep -q "cannot" errs'
python3 - "$tmp" "$KILL" >churn.res 2>&1 <<'EOF'
import json, os, re, sys
os.chdir(sys.argv[1])
sys.stdin = open("out")
bad = []
seen = early = 0
for line in sys.stdin:
    o = json.loads(line)
    seen += 1
    p = o["path"]
    if not os.path.lexists(p):
        # read before the churn (at most the 4 values read before the
        # 5th), then removed by it: reported with the value it had
        if re.fullmatch(r"tree/(f[13][0-9]|sub/s)", p) and \
                o["value"] == sys.argv[2]:
            early += 1
            continue
        bad.append("reported, never existed like that: " + p)
        continue
    v = os.getxattr(p, "security.capability", follow_symlinks=False).hex()
    if v != o["value"]:
        bad.append("%s: reported %s, holds %s" % (p, o["value"], v))
print("%d reported, %d read before they were removed" % (seen, early))
if early > 4:
    bad.append("more names read before the churn than can be")
for b in bad:
    print(b)
sys.exit(1 if bad or seen < 20 else 0)
EOF
rc=$?
sed 's/^/# /' churn.res
check "churn: every name reported exists with its value, or went after" \
	[ "$rc" = 0 ]
check "churn: a vanished name is a warning, not an error" \
	grep -q 'vanished during the scan' errs

# ---- fsck-check: a file replaced or removed before it is hashed --------
rm -rf tree
mkdir tree
for f in h1 h2 h3; do
	echo "$f" >tree/$f
	setup "plant tree/$f" setfattr -n security.capability -v 0x$KILL tree/$f
done
echo other >other
rc_is 0 "baseline: a file replaced before hashing is a race, not an error" \
	shim FAULT_CALL=open FAULT_PATH=tree/h2 \
	"FAULT_CMD=mv $tmp/tree/h2 $tmp/h2.old && cp $tmp/other $tmp/tree/h2" -- \
	"$FSCK" -j 1 --save-baseline hbase tree
check "replaced: the baseline has no checksum of another file's content" \
	awk -F '\t' '$1 == "tree/h2" { found = 1; if ($8 != "-") exit 1 }
		END { exit !found }' hbase
check "replaced: the others are hashed" \
	awk -F '\t' '$1 ~ /^tree\/h[13]$/ && length($8) == 64 { n++ }
		END { exit n != 2 }' hbase
rc_is 0 "baseline: a file removed before hashing is a race, not an error" \
	shim FAULT_CALL=open FAULT_PATH=tree/h3 "FAULT_CMD=rm $tmp/tree/h3" -- \
	"$FSCK" -j 1 --save-baseline hbase tree
check "removed before hashing: said so" \
	grep -q 'tree/h3: vanished during the scan' errs
rc_is 0 "baseline: a file swapped for a symlink before hashing" \
	shim FAULT_CALL=open FAULT_PATH=tree/h1 \
	"FAULT_CMD=rm $tmp/tree/h1 && ln -s $tmp/other $tmp/tree/h1" -- \
	"$FSCK" -j 1 --save-baseline hbase tree
check "symlink: nothing hashed through it" \
	awk -F '\t' '$1 == "tree/h1" && $8 != "-" { exit 1 }' hbase

# ---- fsck-check: SIGINT part-way ----------------------------------------
# The shim sends SIGINT to the process at the Nth value read and holds that
# reader until fsck-check's handler has run, in whichever thread took it:
# no more than N values can have been read when the walk sees it.
rm -rf tree
mkdir tree
i=0
while [ $i -lt 60 ]; do
	: >tree/g$i
	setup "plant tree/g$i" setfattr -n security.capability -v 0x$KILL tree/g$i
	i=$((i + 1))
done
"$FSCK" --save-baseline base tree >/dev/null 2>&1
cp base base.before
rc_is 32 "SIGINT in the middle of the scan exits 32" \
	shim FAULT_CALL=lgetxattr FAULT_AT=30 FAULT_SIGNAL=2 -- \
	"$FSCK" -j 1 --json --baseline base --save-baseline base tree
keep_json out
check "SIGINT: the files read so far are printed, as valid JSON" \
	python3 -c '
import json, sys
rows = [json.loads(l) for l in open("out")]
paths = [r["path"] for r in rows]
assert 20 <= len(rows) <= 30, len(rows)
assert all(p.startswith("tree/g") for p in paths)
assert not any(f["rule"] == "baseline-removed"
	       for r in rows for f in r["findings"]), "removals claimed"
'
check "SIGINT: the baseline is not overwritten by a partial scan" \
	cmp -s base base.before
rc_is 32 "SIGINT with parallel walkers (-j 4) exits 32" \
	shim FAULT_CALL=lgetxattr FAULT_AT=20 FAULT_SIGNAL=2 -- \
	"$FSCK" -j 4 --json tree
keep_json out
check "SIGINT -j 4: what was read is printed, as valid JSON" \
	python3 -c '
import json
rows = [json.loads(l) for l in open("out")]
assert 1 <= len(rows) <= 20, len(rows)
'
rc_is 32 "SIGINT, text output: the summary is still printed" \
	shim FAULT_CALL=lgetxattr FAULT_AT=10 FAULT_SIGNAL=2 -- \
	"$FSCK" -j 1 tree
check "SIGINT text: summary line" \
	grep -q '^fsck-check: [0-9]* files\? with capabilities' out
rc_is 32 "SIGINT with --prometheus exits 32" \
	shim FAULT_CALL=lgetxattr FAULT_AT=10 FAULT_SIGNAL=2 -- \
	"$FSCK" -j 1 --prometheus int.prom tree
check "SIGINT --prometheus: the file says the scan failed, exit 32" \
	sh -c 'grep -qx "fsck_check_scan_success{source=\"mounted\",path=\"tree\"} 0" int.prom &&
		grep -qx "fsck_check_exit_status{source=\"mounted\",path=\"tree\"} 32" int.prom &&
		! grep -q last_success int.prom'

# ---- fsck-check on a terminal: the progress line and colour -------------
# script(1) gives the scan a pty; the shim stalls the walk 3 s at the 10th
# value read, longer than the 2 s after which the progress line appears.
chmod 0666 tree/g0
# ontty CMD: the shell command CMD on a pty, its terminal output in tty.out
ontty() { script -qec "$1" /dev/null >tty.out 2>&1 </dev/null; }
ESC=$(printf '\033')
CR=$(printf '\r')
stall="LD_PRELOAD=$SHIM FAULT_CALL=lgetxattr FAULT_AT=10 FAULT_CMD='sleep 3'"
if command -v script >/dev/null; then
	ontty "$stall $FSCK -j 1 tree >list"
	check "progress: a slow scan on a terminal shows a progress line" \
		grep -q "${CR}fsck-check: [0-9]* directories, [0-9]* names with capabilities${ESC}\[K" tty.out
	check "progress: the line is erased when the scan ends" \
		sh -c 'tail -c 4 tty.out | od -An -c | tr -d " \n" | grep -qx "\\\\r033\\[K"'
	check "progress: nothing of it reaches stdout" \
		sh -c '! grep -q "directories," list && grep -q "^fsck-check: 60 files with capabilities" list'
	ontty "$stall $FSCK -j 1 -q tree >list"
	check "progress: -q shows none" sh -c '! grep -q "directories," tty.out'
	shim FAULT_CALL=lgetxattr FAULT_AT=10 "FAULT_CMD=sleep 3" -- \
		"$FSCK" -j 1 tree >out 2>errs
	check "progress: none when stderr is not a terminal" \
		sh -c '! grep -q "directories," errs'
	ontty "$FSCK -j 1 tree"
	check "colour: the severity is coloured when stdout is a terminal" \
		grep -q "tree/g0: ${ESC}\[[0-9;]*mwarning${ESC}\[0m: writable by others" tty.out
	ontty "NO_COLOR=1 $FSCK -j 1 tree"
	check "colour: none with NO_COLOR set" \
		sh -c "grep -q 'tree/g0: warning: writable' tty.out && ! grep -q '$ESC' tty.out"
	"$FSCK" -j 1 tree >out 2>errs
	check "colour: none when stdout is not a terminal" \
		sh -c "grep -q 'tree/g0: warning: writable' out && ! grep -q '$ESC' out"
else
	for d in "progress: line" "progress: erased" "progress: stdout" \
		"progress: -q" "progress: not a terminal" "colour: terminal" \
		"colour: NO_COLOR" "colour: not a terminal"; do
		skip "$d" "script(1) (bsdutils) is not installed"
	done
fi
check "no sanitizer report" no_sanitizer_report

# ---- setfcap: the first write fails, nothing to roll back ----------------
touch n1 n2 n3
setup "plant n3" setfattr -n security.capability -v 0x$CHOWN n3
rc_is 1 "the first set fails" \
	shim FAULT_CALL=fsetxattr FAULT_AT=1 FAULT_ERRNO=5 -- \
	"$SETF" cap_kill+p n1 cap_kill+p n2
check "first set: the failure is the only message" \
	[ "$(cat errs)" = "setfcap: n1: cannot set capabilities: Input/output error" ]
check "first set: no file changed" [ "$(states n1 n2)" = "none none " ]
rc_is 1 "the first removal fails" \
	shim FAULT_CALL=fremovexattr FAULT_AT=1 FAULT_ERRNO=5 -- \
	"$SETF" -r n3 cap_kill+p n1
check "first removal: the failure is the only message" \
	[ "$(cat errs)" = "setfcap: n3: cannot remove capabilities: Input/output error" ]
check "first removal: no file changed" [ "$(states n3 n1)" = "$CHOWN none " ]
rm -f n1 n2 n3
check "no sanitizer report" no_sanitizer_report

echo "1..$n"
