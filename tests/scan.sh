#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan.sh: fsck-check on generated trees (TAP).  Needs root (setcap,
# chown, mounts); the tree lives under mktemp -d in ${TMPDIR:-/tmp} (ext4).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root (setcap, chown, mount)"
	exit 0
fi
if [ ! -x "$fc" ]; then
	echo "Bail out! $fc not built (make san)"
	exit 1
fi
fc_bin=$fc
# no fcaps-guard unless a case below stands one up (tests/guard-fixture.sh)
FCAPS_GUARD_PINDIR=/nonexistent/fcaps-guard
export FCAPS_GUARD_PINDIR
# every --json run's output is kept for tests/json-lines.sh
fc=$(json_keeper "$fc")

# has RULE PATH: the JSON output has a finding RULE on PATH
has() {
	grep -F "\"path\":\"$2\"" "$out_json" | grep -qF "\"rule\":\"$1\""
}

t=$(mktemp -d "${TMPDIR:-/tmp}/fsck-check-test.XXXXXX")
mounts=""
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null; done
	rm -rf "$t"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

mkfile() {	# mkfile PATH
	mkdir -p "$(dirname "$1")"
	cp /bin/true "$1"
	chmod 0755 "$1"
}
# The trees' setup steps check themselves: a value that does not land is
# a failed test, never a test that passes for want of it.
CAPX=${FCAPS_SAN:-$top/build/san}/tests/capxattr
setraw() { setup "plant $2 on $1" "$CAPX" set "$1" "$2"; }	# PATH HEX
setcap() { setup "setcap $*" command setcap "$@"; }

r=$t/rules
mkfile "$r/bin/ping";		setcap cap_net_raw+ep "$r/bin/ping"
mkfile "$r/bin/ns";		setcap -n 1000 cap_net_raw+ep "$r/bin/ns"
mkfile "$r/bin/effempty";	setraw "$r/bin/effempty" \
	0100000200000000000000000000000000000000
mkfile "$r/bin/inh";		setcap cap_net_raw+i "$r/bin/inh"
mkdir -p "$r/dir";		setraw "$r/dir" \
	0000000200200000000000000000000000000000
mkfile "$r/bin/gw";		setcap cap_net_raw+ep "$r/bin/gw"
chmod 0775 "$r/bin/gw"
mkfile "$r/bin/user";		chown 1000:1000 "$r/bin/user"
setcap cap_net_raw+ep "$r/bin/user"
mkfile "$r/bin/suid";		chmod 4755 "$r/bin/suid"
setcap cap_net_raw+ep "$r/bin/suid"
mkfile "$r/bin/admin";		setcap cap_sys_admin+ep "$r/bin/admin"
mkfile "$r/bin/python3.11";	setcap cap_net_bind_service+ep \
	"$r/bin/python3.11"
mkfile "$r/open/tool";		setcap cap_net_raw+ep "$r/open/tool"
chmod 0777 "$r/open"
mkdir -p "$r/tmp";		chmod 1777 "$r/tmp"
mkfile "$r/tmp/sticky";		setcap cap_net_raw+ep "$r/tmp/sticky"
ln "$r/bin/ping" "$r/bin/ping-link"
mkfile "$t/outside/secret";	setcap cap_sys_admin+ep "$t/outside/secret"
ln -s "$t/outside" "$r/link"
mkfile "$r/bin/plain"

out_json=$t/out.json
"$fc" --json "$r" >"$out_json" 2>"$t/err"
rc=$?
ok_rc $((rc != 4)) "findings exit 4 (got $rc)"
python3 -c 'import json, sys
keys = {"schema_version", "path", "source", "dev", "ino", "mode", "uid", "gid", "nlink",
	"value", "error", "caps", "revision", "effective", "permitted",
	"inheritable", "rootid", "size", "text", "problems", "links",
	"findings"}
for line in open(sys.argv[1]):
	o = json.loads(line)
	assert set(o) == keys, o
	assert o["schema_version"] == 3, o
	assert isinstance(o["path"], str) and o["source"] == "mounted"
	for k in ("dev", "ino", "uid", "gid", "nlink"):
		assert isinstance(o[k], int)
	int(o["mode"], 8)
	assert all(isinstance(p, str) for p in o["links"])
	assert o["value"] is None or all(c in "0123456789abcdef" for c in o["value"])
	for f in o["findings"]:
		assert set(f) == {"rule", "severity", "reason"}
		assert f["severity"] in ("info", "warning", "error")
' "$out_json" 2>"$t/py.err"
ok_rc $? "--json: every line is an object of the documented schema"
if python3 -c 'import jsonschema' 2>/dev/null; then
	python3 -c 'import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
for f in sys.argv[2:]:
	for line in open(f):
		v.validate(json.loads(line))
' "$top/fsck-check/fsck-check.schema.json" "$out_json" 2>"$t/schema.err"
	ok_rc $? "--json validates against fsck-check.schema.json"
else
	skip "--json validates against fsck-check.schema.json" "no jsonschema"
fi

has namespaced "$r/bin/ns";		ok_rc $? "v3 namespaced value"
has effective-empty "$r/bin/effempty";	ok_rc $? "effective flag with empty sets"
has inheritable-only "$r/bin/inh";	ok_rc $? "inheritable-only value"
has non-regular "$r/dir";		ok_rc $? "capabilities on a directory"
has writable "$r/bin/gw";		ok_rc $? "group-writable file"
has not-root-owned "$r/bin/user";	ok_rc $? "file not owned by root"
has setid "$r/bin/suid";		ok_rc $? "set-uid plus capabilities"
has dangerous "$r/bin/admin";		ok_rc $? "cap_sys_admin is dangerous"
has interpreter "$r/bin/python3.11";	ok_rc $? "capability on an interpreter"
has parent-writable "$r/open/tool";	ok_rc $? "parent writable by others"
has parent-writable "$r/tmp/sticky"
ok_rc $((! $?)) "sticky world-writable parent is fine"
grep -F "\"path\":\"$r/bin/ping\"" "$out_json" | grep -qF '"findings":[]'
ok_rc $? "a plain cap_net_raw+ep file has no findings"
grep -qF "\"path\":\"$r/bin/plain\"" "$out_json"
ok_rc $((! $?)) "files without capabilities are not listed"
grep -qF "\"path\":\"$r/bin/ping-link\"" "$out_json"
ok_rc $? "every name of a hard link is listed"
grep -F "\"path\":\"$r/bin/ping\"" "$out_json" |
	grep -qF "\"links\":[\"$r/bin/ping-link\"]"
ok_rc $? "--json names the other links of a hard-linked file"
grep -qF "secret" "$out_json"
ok_rc $((! $?)) "symbolic links are not followed"
ln -s "$r/bin" "$t/oplink"
"$fc" --list "$t/oplink" | grep -qxF "$t/oplink/ping cap_net_raw=ep"
ok_rc $? "a symbolic link operand to a directory is followed (find -H)"
mkdir "$t/wdir" "$t/wdir/cdir" && chmod 0777 "$t/wdir"
setraw "$t/wdir/cdir" 0000000200200000000000000000000000000000
"$fc" --json "$t/wdir/cdir/" | grep -qF '"rule":"parent-writable"'
ok_rc $? "an operand with a trailing slash is judged in its parent"

"$fc" --list "$r" 2>/dev/null | grep -v ' \[[a-z0-9,-]*\]$' |
	sed 's/ \[rootid=[0-9]*\]$//' | sort >"$t/list"
getcap -r "$r" 2>/dev/null | sort >"$t/getcap"
cmp -s "$t/list" "$t/getcap"
ok_rc $? "--list equals getcap -r (marked lines and rootids aside)"
"$fc" --list "$r/bin/ping" >"$t/one"
[ "$(cat "$t/one")" = "$r/bin/ping cap_net_raw=ep" ]
ok_rc $? "a file operand is checked itself"

"$fc" --deny cap_net_raw --json "$r/bin/ping" >"$t/deny"
grep -qF '"rule":"denied"' "$t/deny"
ok_rc $? "--deny reports a denied capability"
printf '# allow-list\n%s/bin/ping* cap_net_raw\n%s/bin/admin cap_net_raw\n' \
	"$r" "$r" >"$t/policy"
"$fc" --policy "$t/policy" --json "$r/bin" >"$t/pol"
out_json=$t/pol
has policy "$r/bin/ping";	ok_rc $((! $?)) "policy allows a listed file"
has policy "$r/bin/admin";	ok_rc $? "policy: capability beyond the allowed set"
grep -F "\"path\":\"$r/bin/inh\"" "$t/pol" | grep -qF 'not in the policy'
ok_rc $? "policy: unlisted file"
printf 'bad line here\n' >"$t/badpol"
"$fc" --policy "$t/badpol" "$r" >/dev/null 2>&1
ok_rc $(($? != 16)) "invalid policy is a usage error (16)"

# Exit codes.
c=$t/clean
mkfile "$c/bin/ping";	setcap cap_net_raw+ep "$c/bin/ping"
mkfile "$c/bin/inh";	setcap cap_net_raw+i "$c/bin/inh"
"$fc" -q "$c" >"$t/q"
ok_rc $? "clean tree (info only) exits 0"
[ ! -s "$t/q" ]
ok_rc $? "-q prints nothing on a clean tree"
"$fc" --fail-on info "$c" >/dev/null
ok_rc $(($? != 4)) "--fail-on info counts info findings"
"$fc" --fail-on error "$r/bin/suid" >"$t/one"
ok_rc $? "--fail-on error ignores warnings"
grep -q '^fsck-check: 1 file with capabilities, 0 errors, 1 warning, 0 info$' "$t/one"
ok_rc $? "the summary counts in the singular: 1 file, and the plural: 0 errors"
"$fc" "$t/does-not-exist" >/dev/null 2>"$t/missing.err"
ok_rc $(($? != 8)) "missing operand exits 8"
[ "$(cat "$t/missing.err")" = "fsck-check: $t/does-not-exist: cannot scan: No such file or directory" ]
ok_rc $? "and says which operand and why ($(cat "$t/missing.err"))"
"$fc" --no-such-option >/dev/null 2>&1
ok_rc $(($? != 16)) "unknown option exits 16"
"$fc" -j 0 "$c" >/dev/null 2>&1
ok_rc $(($? != 16)) "-j 0 exits 16"
"$fc" -h >"$t/help"
ok_rc $? "-h exits 0"
grep -q '^usage: fsck-check' "$t/help"
ok_rc $? "-h prints usage on stdout"
if command -v man >/dev/null 2>&1; then
	syn=$(MANWIDTH=200 man -l "$top/doc/fsck-check.8" 2>/dev/null |
		sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | sed '1d;$d' | tr -s ' \n' ' ')
	use=$(sed -n '/^usage:/,/^$/p' "$t/help" | sed 's/^usage: //' |
		tr -s ' \n' ' ')
	[ "$(echo $syn)" = "$(echo $use)" ]
	ok_rc $? "man page SYNOPSIS matches usage()"
	MANWIDTH=80 man --warnings -l "$top/doc/fsck-check.8" 2>&1 >/dev/null |
		grep -q .
	ok_rc $((! $?)) "fsck-check.8 renders without warnings"
else
	skip "man page SYNOPSIS matches usage()" "no man(1)"
	skip "fsck-check.8 renders without warnings" "no man(1)"
fi
"$fc" -j 1 --json "$r" >"$t/j1"
"$fc" -j 4 --json "$r" >"$t/j4"
cmp -s "$t/j1" "$t/j4"
ok_rc $? "-j 1 and -j 4 give the same output"

# Unreadable directories are reported (exit 8) and the scan goes on.
u=$t/unread
mkfile "$u/a/tool";	setcap cap_net_raw+ep "$u/a/tool"
mkfile "$u/z/tool";	setcap cap_net_raw+ep "$u/z/tool"
mkdir -p "$u/secret";	chmod 0700 "$u/secret"
chmod 0755 "$t" "$u"
# nobody runs a copy in $t: the tree (and the json_keeper wrapper under
# build/) may sit in a directory only root may enter
nobody_copy "$fc_bin" "$t"
if [ -z "$nobody_why" ]; then
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$nobody_prog" --list -j 1 "$u" >"$t/unread.out" 2>"$t/unread.err"
	rc=$?
	ok_rc $((rc != 8)) "unreadable directory exits 8 (got $rc)"
	grep -qF "$u/secret" "$t/unread.err"
	ok_rc $? "the unreadable directory is named on stderr"
	[ "$(wc -l <"$t/unread.out")" -eq 2 ]
	ok_rc $? "the scan goes on past it"
else
	for d in "unreadable directory exits 8" "named on stderr" "goes on"; do
		skip "$d" "$nobody_why"
	done
fi

# Names that vanish mid-scan are reported, not fatal.
v=$t/race
mkdir -p "$v"
mkfile "$v/keep";	setcap cap_net_raw+ep "$v/keep"
python3 -c 'import os, sys, time
d = sys.argv[1]
end = time.time() + 2
while time.time() < end:
	for i in range(200):
		os.makedirs(f"{d}/d{i}/e", exist_ok=True)
		open(f"{d}/f{i}", "w").close()
	for i in range(200):
		os.rmdir(f"{d}/d{i}/e"); os.rmdir(f"{d}/d{i}")
		os.unlink(f"{d}/f{i}")
' "$v" &
racer=$!
bad=0 runs=0
while kill -0 $racer 2>/dev/null; do
	"$fc" --list "$v" >"$t/race.out" 2>>"$t/race.err"
	rc=$?
	runs=$((runs + 1))
	[ $rc -eq 0 ] && grep -qF "$v/keep" "$t/race.out" || bad=$((bad + 1))
done
wait $racer
ok_rc $((bad != 0)) "vanishing names are not fatal ($runs runs, $bad bad)"

# SIGINT: exit 32 with what was scanned so far.
big=$top/build/linux-source-6.12
if [ -d "$big" ]; then
	"$fc" -j 1 --list "$big" >/dev/null 2>&1 &
	pid=$!
	sleep 0.05
	kill -INT $pid 2>/dev/null
	wait $pid
	rc=$?
	if [ $rc -ge 32 ]; then
		ok_rc 0 "SIGINT exits 32"
	else
		skip "SIGINT exits 32" "scan finished first (rc $rc)"
	fi
else
	skip "SIGINT exits 32" "no large tree to interrupt"
fi

# Baselines.
"$fc" -q --save-baseline "$t/base" "$c"
ok_rc $? "--save-baseline on a clean tree"
head -n 1 "$t/base" | grep -q '^fsck-check-baseline 1$'
ok_rc $? "baseline starts with its versioned header"
"$fc" -q --baseline "$t/base" "$c"
ok_rc $? "unchanged tree matches its baseline"
mkfile "$c/bin/new";	setcap cap_net_admin+ep "$c/bin/new"
setcap cap_net_raw+ep "$c/bin/inh"
setcap -r "$c/bin/ping"
out_json=$t/cmp
"$fc" --json --baseline "$t/base" "$c" >"$out_json"
ok_rc $(($? != 4)) "changed tree exits 4 against its baseline"
has baseline-added "$c/bin/new";	ok_rc $? "baseline: added file"
has baseline-changed "$c/bin/inh";	ok_rc $? "baseline: changed value"
has baseline-removed "$c/bin/ping";	ok_rc $? "baseline: removed file"
setcap cap_net_raw+i "$c/bin/inh"
"$fc" -q --save-baseline "$t/base2" "$c"
echo 'extra' >>"$c/bin/new"	# a write clears the capability...
setcap cap_net_admin+ep "$c/bin/new"	# ...so set it again
"$fc" --json --baseline "$t/base2" "$c" >"$out_json"
has baseline-content "$c/bin/new";	ok_rc $? "baseline: content change (SHA-256)"
"$fc" -q --save-baseline "$t/base4" "$c"
chmod 0750 "$c/bin/inh"		# the value stays
chown 0:1000 "$c/bin/new"		# the kernel drops the value...
setcap cap_net_admin+ep "$c/bin/new"	# ...so set the same one again
"$fc" --json --baseline "$t/base4" "$c" >"$out_json"
has baseline-metadata "$c/bin/inh";	ok_rc $? "baseline: mode change"
has baseline-metadata "$c/bin/new";	ok_rc $? "baseline: group change"
chmod 0755 "$c/bin/inh"
chown 0:0 "$c/bin/new"
setcap cap_net_admin+ep "$c/bin/new"
sed '1s/.*/fsck-check-baseline 7/; 2,$s/$/\tfuture-field/' "$t/base2" \
	>"$t/base3"
"$fc" -q --baseline "$t/base3" "$c/bin/inh"
ok_rc $? "a newer baseline with extra fields still loads"
setcap cap_net_admin,cap_net_raw+ep "$c/bin/inh"
"$fc" -q --save-baseline "$t/base5" "$c/bin/inh"
setcap 'cap_net_raw=ep cap_net_admin+ep' "$c/bin/inh"
"$fc" -q --baseline "$t/base5" "$c/bin/inh"
ok_rc $? "the same value written from other text is unchanged"
cut -f 7 "$t/base5" | grep -q '^x0100000200300000'
ok_rc $? "the baseline stores the raw value, not its text"
setcap -r "$c/bin/inh"
"$fc" --json --baseline "$t/base5" "$c" >"$t/rm.json"
grep -F "\"path\":\"$c/bin/inh\"" "$t/rm.json" |
	grep -F '"source":"baseline"' | grep -qF '"rule":"baseline-removed"'
ok_rc $? "--json reports a removed entry with source baseline"
if python3 -c 'import jsonschema' 2>/dev/null; then
	python3 -c 'import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
for line in open(sys.argv[2]):
	v.validate(json.loads(line))
' "$top/fsck-check/fsck-check.schema.json" "$t/rm.json" 2>>"$t/schema.err"
	ok_rc $? "baseline comparison output validates against the schema"
else
	skip "baseline comparison output validates against the schema" \
		"no jsonschema"
fi
"$fc" -q "$r/bin/suid" "$r/bin/inh" >"$t/q2"
[ "$(wc -l <"$t/q2")" -eq 1 ] && grep -qF '[setid]' "$t/q2"
ok_rc $? "-q prints only findings at or above --fail-on"
echo garbage >"$t/base4"
"$fc" -q --baseline "$t/base4" "$c" 2>/dev/null
ok_rc $(($? != 8)) "an invalid baseline is an operational error"

# Mounts: one file system unless -x; nosuid.
m=$t/mnt
mkdir -p "$m/sub"
if mount -t tmpfs -o size=4m tmpfs "$m/sub" 2>/dev/null; then
	mounts="$m/sub $mounts"
	mkfile "$m/sub/tool"
	if command setcap cap_net_raw+ep "$m/sub/tool" 2>/dev/null; then
		"$fc" --list "$m" >"$t/l1"
		[ ! -s "$t/l1" ]
		ok_rc $? "stays on one file system"
		"$fc" -x --list "$m" >"$t/l2"
		grep -qF "$m/sub/tool" "$t/l2"
		ok_rc $? "-x crosses mount points"
	else
		skip "stays on one file system" "tmpfs without xattrs"
		skip "-x crosses mount points" "tmpfs without xattrs"
	fi
else
	skip "stays on one file system" "cannot mount tmpfs"
	skip "-x crosses mount points" "cannot mount tmpfs"
fi
mkdir -p "$m/proc"
if mount -t proc proc "$m/proc" 2>/dev/null; then
	mounts="$m/proc $mounts"
	"$fc" -x --json "$m" >"$t/px" 2>"$t/px.err"
	rc=$?
	[ $rc -eq 0 ] || [ $rc -eq 4 ]
	ok_rc $? "-x skips a proc mount without errors (rc $rc)"
else
	skip "-x skips a proc mount without errors" "cannot mount proc"
fi
mkdir -p "$t/ns"
if mount --bind "$c/bin" "$t/ns" 2>/dev/null; then
	mounts="$t/ns $mounts"
	if mount -o remount,bind,nosuid "$t/ns" 2>/dev/null; then
		out_json=$t/nosuid
		"$fc" --json "$t/ns" >"$out_json"
		has nosuid-mount "$t/ns/new"
		ok_rc $? "nosuid mount reported"
	else
		skip "nosuid mount reported" "cannot remount nosuid"
	fi
else
	skip "nosuid mount reported" "cannot bind-mount"
fi
# Below the operand, a nosuid bind mount of the same file system (the
# same st_dev) is told by its own mount, and its parent is not nosuid.
mkdir -p "$t/outer/in"
mkfile "$t/outer/tool"
if ! command setcap cap_net_raw+ep "$t/outer/tool" 2>/dev/null; then
	skip "a nosuid bind mount below the operand" "cannot set a value"
elif mount --bind "$c/bin" "$t/outer/in" 2>/dev/null; then
	mounts="$t/outer/in $mounts"
	if mount -o remount,bind,nosuid "$t/outer/in" 2>/dev/null; then
		out_json=$t/nosuid-below
		"$fc" --json "$t/outer" >"$out_json"
		has nosuid-mount "$t/outer/in/new" &&
			! has nosuid-mount "$t/outer/tool"
		ok_rc $? "a nosuid bind mount below the operand"
	else
		skip "a nosuid bind mount below the operand" "cannot remount nosuid"
	fi
else
	skip "a nosuid bind mount below the operand" "cannot bind-mount"
fi

# -h describes every option on a line of its own, as setfcap -h and
# getfcap -h do
"$fc" -h >"$t/help"
missing=
for o in -h -j -q -x $(grep -o '{ *"[a-z][a-z-]*", *[a-z_]*argument' \
	"$top/fsck-check/fsck-check.c" | sed 's/{ *"\([a-z-]*\)".*/--\1/'); do
	sed '1,/^$/d' "$t/help" | grep -qE -- "^  (-[a-z], )?$o( |,|$)" ||
		missing="$missing $o"
done
[ -z "$missing" ] && [ "$(grep -c -- '^  --' "$t/help")" -ge 12 ]
ok_rc $? "-h describes every option (missing:${missing:- none})"

# --list lists every file that carries a value: FIFOs as getcap -r does,
# v3 values with their rootid, and lines getcap cannot show (directories,
# symbolic links) marked.
l=$t/list-all
mkfile "$l/tool";	setcap cap_net_raw+ep "$l/tool"
mkfile "$l/ns";		setcap -n 1000 cap_kill+p "$l/ns"
mkfile "$l/high";	setcap 63+ep "$l/high"
mkfifo "$l/fifo";	setraw "$l/fifo" 0000000200200000000000000000000000000000
mkdir "$l/dir";		setraw "$l/dir" 0000000200200000000000000000000000000000
ln -s tool "$l/link"
if "$CAPX" set "$l/link" 0000000200200000000000000000000000000000 2>/dev/null
then
	link_line="$l/link cap_net_raw=p [symlink]"
else
	link_line=	# this kernel keeps no value on a symbolic link
fi
"$fc" --list "$l" >"$t/la.out" 2>"$t/la.err"
rc=$?
ok_rc $((rc != 4)) "--list on values with findings exits 4 (got $rc)"
{
	echo "$l/dir cap_net_raw=p [directory]"
	echo "$l/fifo cap_net_raw=p"
	echo "$l/high = 63+ep"
	[ -n "$link_line" ] && echo "$link_line"
	echo "$l/ns cap_kill=p [rootid=1000]"
	echo "$l/tool cap_net_raw=ep"
} >"$t/la.want"
sort "$t/la.out" | cmp -s - "$t/la.want"
ok_rc $? "--list: every file with a value, marked where getcap cannot show it"
grep -qxF "$l/fifo cap_net_raw=p" "$t/la.out"
ok_rc $? "--list: a FIFO with a value is listed, as getcap -r lists it"
grep -qxF "$l/ns cap_kill=p [rootid=1000]" "$t/la.out"
ok_rc $? "--list: a v3 value shows its rootid, as getfcap -r does"
[ ! -s "$t/la.err" ]
ok_rc $? "--list: nothing on stderr"
getcap -r "$l" 2>/dev/null | sort >"$t/la.getcap"
grep -v ' \[[a-z0-9,-]*\]$' "$t/la.out" | sed 's/ \[rootid=[0-9]*\]$//' |
	sort | cmp -s - "$t/la.getcap"
ok_rc $? "--list: the unmarked lines are getcap -r's (rootids aside)"

# --context on a mounted tree: lib's model, the file's own nosuid mount
# aside (the tree is not on one)
"$fc" --context docker "$r/bin" >"$t/ctx.out" 2>"$t/ctx.err"
rc=$?
grep -qF "$r/bin/admin: error: in docker, uid 0 gid 0: exec fails with EPERM: effective flag set but the bounding set or pI withholds part of fP: capability-dumb binary, exec fails; fix: --cap-add SYS_ADMIN;" "$t/ctx.out" &&
	! grep -q "^$r/bin/ping: .*\[context-" "$t/ctx.out" && [ $rc -eq 4 ]
ok_rc $? "--context docker: cap_sys_admin=ep fails with EPERM, cap_net_raw=ep works (rc $rc)"
"$fc" --context docker --user 1000 --nosuid "$r/bin" >"$t/ctx.out" 2>&1
grep -qF "$r/bin/ping: warning: in docker, uid 1000 gid 0, nosuid: exec succeeds, but cap_net_raw is not granted, silently: the file is on a nosuid mount: its capabilities are ignored; fix: a mount without nosuid" "$t/ctx.out"
ok_rc $? "--context docker --user 1000 --nosuid: not granted, and the fix"
"$fc" --context docker --user root --json "$r/bin" >"$t/ctx.json" 2>&1
grep -q '"context":{"preset":"docker",[^}]*"uid":0,"gid":0,' "$t/ctx.json" &&
	! "$fc" --context docker --user no-such-user-here "$r" >/dev/null \
		2>"$t/ctx.err" &&
	grep -qF -- '--user no-such-user-here: no such user' "$t/ctx.err"
ok_rc $? "--user: a name of this system's /etc/passwd; another is a usage error"
"$fc" --context no-such "$r" >/dev/null 2>"$t/ctx.err"
rc=$?
[ $rc -eq 16 ] && grep -qF 'unknown context preset "no-such"' "$t/ctx.err"
ok_rc $? "an unknown preset is a usage error (exit 16) naming it (rc $rc)"
# the kernel line: the running kernel's for a mounted tree, or --kernel
FCAPS_KERNEL_RELEASE=6.12.118-amd64 "$fc" --context docker --json "$r/bin" \
	>"$t/ctx.json" 2>&1
grep -q '"models":"Linux 6.12 (the running kernel)"' "$t/ctx.json"
ok_rc $? "--json: a mounted tree is judged by the running kernel's line"
FCAPS_KERNEL_RELEASE=6.14.2 "$fc" --context docker --kernel 6.1 --json \
	"$r/bin" >"$t/ctx.json" 2>&1
grep -q '"models":"Linux 6.1 (--kernel)"' "$t/ctx.json" &&
	! grep -q -v '"models":"Linux 6.1 (--kernel)"' "$t/ctx.json"
ok_rc $? "--kernel 6.1: every line says so"
"$fc" --json "$r/bin" >"$t/ctx.json" 2>&1
! grep -q '"models"' "$t/ctx.json"
ok_rc $? "--json without a context or a guard: no models"
"$fc" --kernel 6.x "$r" >/dev/null 2>"$t/ctx.err"
rc=$?
[ $rc -eq 16 ] && grep -qF -- '--kernel 6.x: not a kernel line or release' "$t/ctx.err"
ok_rc $? "--kernel 6.x: a usage error (rc $rc)"

# fcaps-guard: values it refuses (guard-refused): under the loaded guard
# on a mounted tree, under --guard-mask on any input
. "$top/tests/guard-fixture.sh"
g=$t/guard
mkfile "$g/bin/admin";	setcap cap_sys_admin+ep "$g/bin/admin"
mkfile "$g/bin/inh";	setcap cap_sys_admin+i "$g/bin/inh"
mkfile "$g/bin/raw";	setcap cap_net_raw+ep "$g/bin/raw"
mkfile "$g/bin/suid";	chmod 4755 "$g/bin/suid"
setcap cap_sys_admin+ep "$g/bin/suid"
# guarded OUT ARGS...: fsck-check ARGS, text, into OUT, its status in rc;
# the guard-refused lines alone into OUT.g
guarded() { _o=$1; shift
	"$fc" "$@" >"$_o" 2>"$_o.err"; rc=$?
	grep '\[guard-refused\]$' "$_o" >"$_o.g"; }
guarded "$t/g0" "$g"
[ $rc -eq 4 ] && [ ! -s "$t/g0.g" ]
ok_rc $? "no guard loaded: no guard-refused finding (rc $rc)"
guarded "$t/gm" --guard-mask 000001ffffdfffff "$g"
cat >"$t/gm.want" <<W
$g/bin/admin: warning: outside fcaps-guard's mask (--guard-mask): cap_sys_admin: an exec by a user who gains them fails with EPERM (root's are not judged) [guard-refused]
$g/bin/inh: warning: outside fcaps-guard's mask (--guard-mask): cap_sys_admin: an exec by a user who gains them fails with EPERM (root's are not judged) [guard-refused]
W
cmp -s "$t/gm.want" "$t/gm.g" && [ $rc -eq 4 ]
ok_rc $? "--guard-mask without cap_sys_admin: fP and fI outside it, not a set-uid root file (rc $rc)"
grep -v '\[guard-refused\]$' "$t/gm" | grep -v '^fsck-check: ' >"$t/gm.rest"
grep -v '^fsck-check: ' "$t/g0" | cmp -s - "$t/gm.rest"
ok_rc $? "--guard-mask: every other finding as without it"
grep -qx "fsck-check: 4 files with capabilities, 0 errors, 6 warnings, 1 info" "$t/gm"
ok_rc $? "--guard-mask: the summary counts the two warnings"
guarded "$t/ga" --guard-mask cap_net_raw,cap_sys_admin "$g"
[ ! -s "$t/ga.g" ]
ok_rc $? "--guard-mask of capability names holding every value's: no finding"
"$fc" --guard-mask cap_bogus "$g" >/dev/null 2>"$t/gb.err"
rc=$?
[ $rc -eq 16 ] && grep -qxF 'fsck-check: --guard-mask cap_bogus: mask: neither hex, "all" nor capability names' "$t/gb.err"
ok_rc $? "a bad --guard-mask is a usage error (exit 16) naming it (rc $rc)"
if tar --xattrs --xattrs-include=security.capability -C "$g" \
	-cf "$t/guard.tar" . 2>/dev/null; then
	guarded "$t/gt" --guard-mask 000001ffffdfffff --archive "$t/guard.tar"
	[ "$(wc -l <"$t/gt.g")" -eq 2 ] &&
		grep -q '^/bin/inh: warning: outside fcaps-guard.s mask (--guard-mask)' "$t/gt.g"
	ok_rc $? "--archive --guard-mask: the archive's values judged too"
else
	skip "--archive --guard-mask" "tar --xattrs failed"
fi
gwhy=$(guard_why)
if [ -z "$gwhy" ] && ! setup "a BPF file system for the guard's maps" \
	guard_mount "$t/bpf"; then
	gwhy="cannot mount a BPF file system"
fi
if [ -z "$gwhy" ]; then
	mounts="$t/bpf $mounts"
	gp=$t/bpf/fcaps-guard
	setup "the guard's maps: a mask without cap_sys_admin, deny_write" \
		guard_pins "$gp" 000001ffffdfffff 1
	FCAPS_GUARD_PINDIR=$gp guarded "$t/gl" "$g"
	sed "s/fcaps-guard's mask (--guard-mask)/the loaded fcaps-guard's mask/; s/ \[guard-refused\]$/; writing this value is refused (deny_write=1) [guard-refused]/" \
		"$t/gm.want" >"$t/gl.want"
	echo "$g/bin/suid: warning: outside the loaded fcaps-guard's mask: cap_sys_admin: writing this value is refused (deny_write=1) [guard-refused]" >>"$t/gl.want"
	cmp -s "$t/gl.want" "$t/gl.g"
	ok_rc $? "the loaded guard judges a mounted tree: exec and, under deny_write, write"
	FCAPS_GUARD_PINDIR=$gp "$fc" --json "$g" >"$t/gl.json" 2>/dev/null
	grep -F "\"path\":\"$g/bin/admin\"" "$t/gl.json" | grep -qF \
		"{\"rule\":\"guard-refused\",\"severity\":\"warning\",\"reason\":\"outside the loaded fcaps-guard's mask: cap_sys_admin: an exec by"
	ok_rc $? "--json: the guard-refused finding"
	if python3 -c 'import jsonschema' 2>/dev/null; then
		python3 -c 'import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
for line in open(sys.argv[2]):
	v.validate(json.loads(line))
' "$top/fsck-check/fsck-check.schema.json" "$t/gl.json" 2>/dev/null
		ok_rc $? "--json with guard-refused validates against fsck-check.schema.json"
	else
		skip "--json with guard-refused validates" "no jsonschema"
	fi
	FCAPS_GUARD_PINDIR=$gp guarded "$t/glm" --guard-mask all "$g"
	[ ! -s "$t/glm.g" ]
	ok_rc $? "--guard-mask stands for the loaded guard"
	if [ -s "$t/guard.tar" ]; then
		FCAPS_GUARD_PINDIR=$gp guarded "$t/glt" --archive "$t/guard.tar"
		[ ! -s "$t/glt.g" ] && [ $rc -eq 4 ]
		ok_rc $? "an archive is for another machine: the loaded guard does not judge it"
	else
		skip "the loaded guard and an archive" "tar --xattrs failed"
	fi
	# uid 65534 reads the state file (no counts, no bpf())
	chmod 0755 "$g" "$g/bin"
	printf 'loaded=1\nlocked=0\ndeny_write=0\nmask=000001ffffdfffff\n' \
		>"$t/guard.state"
	if [ -n "$nobody_why" ]; then
		skip "a user's scan under the loaded guard" "$nobody_why"
	else
		guard_as_user "$t/guard.state" env FCAPS_GUARD_PINDIR="$gp" \
			"$nobody_prog" "$g" >"$t/gu" 2>&1
		grep '\[guard-refused\]$' "$t/gu" >"$t/gu.g"
		sed "s/fcaps-guard's mask (--guard-mask)/the loaded fcaps-guard's mask/" \
			"$t/gm.want" | cmp -s - "$t/gu.g"
		ok_rc $? "a user's scan: the guard read from its state file"
	fi
	umount "$t/bpf"
else
	for d in "the loaded guard judges a mounted tree" "--json" \
		"--json validates" "--guard-mask stands for it" \
		"an archive" "a user's scan"; do
		skip "guard-refused: $d" "$gwhy"
	done
fi

echo "1..$n"
