#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-getfcap.sh: golden cases for getfcap (TAP).
set -u
. "$(dirname "$0")/cli-lib.sh"

# same FILE DESC: out equals FILE
same() { if cmp -s "$1" out; then ok "$2"; else notok "$2";
	diff "$1" out | sed 's/^/# /'; fi; }

rc_is 2 "no operands is a usage error" "$GETF"
rc_is 0 "-h exits 0" "$GETF" -h
check "-h prints usage on stdout" grep -q '^usage: getfcap' out
rc_is 2 "unknown option is a usage error" "$GETF" --bogus x
check "... named by the program's name, not its path" \
	grep -q "^getfcap: unrecognized option '--bogus'" errs
rc_is 2 "an unknown short option" "$GETF" -Z x
check "... named by the program's name too" \
	grep -q "^getfcap: invalid option -- 'Z'" errs
touch plain
rc_is 1 "a missing file makes the exit status 1" "$GETF" nope plain
check "and names the file" grep -q '^getfcap: nope: ' errs
rc_is 0 "a file without capabilities prints nothing" "$GETF" plain
check "nothing on stdout" [ ! -s out ]
rc_is 0 "-v prints a file without capabilities" "$GETF" -v plain
echo plain >want
same want "-v line is the bare path"

if ! is_root; then
	skip "file capability cases" "not root (CAP_SETFCAP needed)"
	done_testing
fi

mkdir -p t/sub
touch t/a t/b t/empty
ln -s a t/link
ln t/a t/sub/hard
"$SETF" cap_net_raw+ep t/a -n 1000 cap_kill+i t/b >/dev/null
rc_is 0 "prints caps" "$GETF" t/a
echo 't/a cap_net_raw=ep' >want
same want "line matches getcap"
rc_is 0 "v3 value" "$GETF" t/b
echo 't/b cap_kill=i [rootid=1000]' >want
same want "v3 value always shows its rootid (getcap needs -n)"
rc_is 0 "-n is accepted" "$GETF" -n t/b
same want "-n output unchanged"
# a zero-length value: tests/planted.sh (not every kernel stores one)
rc_is 0 "symlink operand is not followed" "$GETF" t/link
check "nothing printed for the symlink" [ ! -s out ]
rc_is 0 "-rv walks without following symlinks" "$GETF" -rv t
sort out >sorted
cat >want <<'W'
t (Not a regular file)
t/a cap_net_raw=ep
t/b cap_kill=i [rootid=1000]
t/empty
t/link (Not a regular file)
t/sub (Not a regular file)
t/sub/hard cap_net_raw=ep
W
if cmp -s want sorted; then ok "-rv lists every file, both names of a hard link"
else notok "-rv lists every file, both names of a hard link"
	diff want sorted | sed 's/^/# /'; fi
rc_is 0 "--raw" "$GETF" --raw t/a t/b
cat >want <<'W'
t/a rev=2 effective=1 permitted=0x0000000000002000 inheritable=0x0000000000000000 rootid=- size=20 problems=none
t/b rev=3 effective=0 permitted=0x0000000000000000 inheritable=0x0000000000000020 rootid=1000 size=24 problems=none
W
same want "--raw lines"
rc_is 0 "--json" "$GETF" --json t/b
if command -v python3 >/dev/null; then
	check "--json parses, rootid 1000" python3 -c '
import json, sys
o = json.loads(open("out").read())
sys.exit(not (o["rootid"] == 1000 and o["text"] == "cap_kill=i"
	and o["revision"] == 3 and o["problems"] == []))'
else
	skip "--json parses" "no python3"
fi
# a name that is not UTF-8 (0xe9 alone) with a newline: still one line of
# valid JSON, and the bytes come back from the string as Latin-1
bad=$(printf 't/caf\351\nx')
cp t/b "$bad"
"$SETF" cap_kill+i "$bad" >/dev/null
rc_is 0 "--json on a name that is not UTF-8" "$GETF" --json "$bad"
if command -v python3 >/dev/null; then
	check "--json: a non-UTF-8 name is one line of valid ASCII JSON, lossless" \
		python3 -c '
import json, sys
raw = open("out", "rb").read()
lines = raw.split(b"\n")
assert len(lines) == 2 and lines[1] == b"", lines
raw.decode("ascii")
o = json.loads(lines[0])
sys.exit(o["path"].encode("latin-1") != b"t/caf\xe9\nx")'
else
	skip "--json: a non-UTF-8 name" "no python3"
fi
rm -f "$bad"
cp /bin/true t/run
"$SETF" cap_net_raw+ep t/run >/dev/null
rc_is 0 "--explain --user nobody" "$GETF" --explain --user nobody t/run
check "--explain shows the granted set" grep -q '^  permitted: *cap_net_raw$' out
check "--explain says why" grep -q 'cap_net_raw .*PE: file permitted' out
rc_is 0 "--explain --user takes a numeric uid" \
	"$GETF" --explain --user 4242 t/run
check "numeric uid used" grep -q 'exec by uid 4242' out
rc_is 2 "--user without --explain is a usage error" "$GETF" --user nobody t/a
mkdir -p fs/mnt
touch fs/top
"$SETF" cap_kill+p fs/top >/dev/null
if mount -t tmpfs tmpfs fs/mnt 2>/dev/null; then
	touch fs/mnt/inner
	"$SETF" cap_kill+p fs/mnt/inner >/dev/null
	rc_is 0 "-r crosses into a tmpfs mount" "$GETF" -r fs
	check "inner file listed" grep -q '^fs/mnt/inner cap_kill=p' out
	rc_is 0 "--one-file-system -r" "$GETF" --one-file-system -r fs
	check "stays on the operand's file system" \
		sh -c 'grep -q "^fs/top " out && ! grep -q "^fs/mnt/inner" out'
	umount fs/mnt
else
	skip "--one-file-system" "cannot mount tmpfs"
fi
mkdir t/proc
if mount -t proc proc t/proc 2>/dev/null; then
	rc_is 0 "-r does not descend into a proc mount" "$GETF" -rv t
	check "proc mount skipped" grep -q '^t/proc (skipped' out
	check "nothing below it listed" sh -c '! grep -q "^t/proc/" out'
	umount t/proc
else
	skip "-r skips proc" "cannot mount proc"
fi
# --explain models the running kernel: its line (uname -r;
# FCAPS_KERNEL_RELEASE stands for it), with the fcaps policy where its
# sysctls exist (FCAPS_PROC_ROOT stands for /proc), else mainline
"$SETF" cap_net_raw,cap_kill+ep t/run >/dev/null
rc_is 0 "--explain without FCAPS_PROC_ROOT" \
	env -u FCAPS_PROC_ROOT -u FCAPS_KERNEL_RELEASE "$GETF" --explain \
	--user nobody t/run
rel=$(uname -r)
case $rel in
6.1.*|6.12.*|7.3.*) line="Linux ${rel%"${rel#*.*.}"}"; line=${line%.} ;;
*) line="Linux [0-9.]* rules, for $rel" ;;
esac
if [ -d /proc/sys/kernel/fcaps ]; then
	check "the models line names the running line and fcaps policy" \
		grep -q "^  models: *$line with the fcaps series, policy .*(/proc/sys/kernel/fcaps)\$" out
else
	check "the models line names the running line, mainline" \
		grep -qx "  models: *mainline $line (no /proc/sys/kernel/fcaps)" out
fi
mkdir nofcaps
for r in "7.3.4-amd64 Linux 7.3" "6.12.118 Linux 6.12" "6.1.0-44-amd64 Linux 6.1" \
	 "6.16.9 Linux 6.12 rules, for 6.16.9" \
	 "6.18.44 Linux 7.3 rules, for 6.18.44" \
	 "7.10.1 Linux 7.3 rules, for 7.10.1" \
	 "5.10.0 Linux 6.1 rules, for 5.10.0" \
	 "x1 Linux 6.12 (kernel release \"x1\" not understood)"; do
	rc_is 0 "--explain on kernel release ${r%% *}" \
		env FCAPS_KERNEL_RELEASE="${r%% *}" \
		FCAPS_PROC_ROOT="$PWD/nofcaps" "$GETF" --explain --user nobody t/run
	check "models ${r#* }" \
		grep -qxF "  models:      mainline ${r#* } (no $PWD/nofcaps/sys/kernel/fcaps)" out
done
mkdir -p fake/sys/kernel/fcaps
echo 1 >fake/sys/kernel/fcaps/enabled
echo 0000000000000020 >fake/sys/kernel/fcaps/mask
echo 0 >fake/sys/kernel/fcaps/locked
rc_is 0 "--explain under a fake fcaps policy" \
	env FCAPS_PROC_ROOT="$PWD/fake" FCAPS_KERNEL_RELEASE=6.12.118 \
	"$GETF" --explain --user nobody t/run
check "the models line names the fcaps policy" \
	grep -qx "  models: *Linux 6.12 with the fcaps series, policy enabled=1 mask=0000000000000020 ($PWD/fake/sys/kernel/fcaps)" out
check "a +ep value with a capability outside the mask: execve fails (EPERM)" \
	grep -qx '  execve fails: Operation not permitted' out
check "and the mask is the reason, as a second bounding set" \
	grep -q '^  why: .*kernel.fcaps.mask withholds part of fP' out
"$SETF" cap_net_raw,cap_kill+p t/run >/dev/null
rc_is 0 "--explain of a +p value under the fake fcaps policy" \
	env FCAPS_PROC_ROOT="$PWD/fake" FCAPS_KERNEL_RELEASE=6.12.118 \
	"$GETF" --explain --user nobody t/run
check "a +p value is narrowed: a capability outside the mask is not granted" \
	grep -qx '  permitted: *cap_kill' out
check "and the mask is the reason" \
	grep -q '^  cap_net_raw .*--: in the file, but not in kernel.fcaps.mask' out
"$SETF" cap_net_raw,cap_kill+ep t/run >/dev/null
echo 0 >fake/sys/kernel/fcaps/enabled
rc_is 0 "--explain with file capabilities switched off" \
	env FCAPS_PROC_ROOT="$PWD/fake" "$GETF" --explain --user nobody t/run
check "nothing granted" grep -qx '  permitted: *(none)' out
check "and the policy is the reason" \
	grep -q '^  cap_kill .*--: .*switched off (kernel.fcaps.enabled=0)' out
echo 1 >fake/sys/kernel/fcaps/enabled
echo junk >fake/sys/kernel/fcaps/mask
rc_is 1 "--explain with an unreadable policy fails" \
	env FCAPS_PROC_ROOT="$PWD/fake" "$GETF" --explain --user nobody t/run
check "and says so, with the file and the policy directory" \
	grep -qx "getfcap: t/run: cannot read the file capability policy in $PWD/fake/sys/kernel/fcaps: Invalid argument" errs
rc_is 0 "--explain where FCAPS_PROC_ROOT has no fcaps policy" \
	env FCAPS_PROC_ROOT="$PWD/nofcaps" FCAPS_KERNEL_RELEASE=6.12.118 \
	"$GETF" --explain --user nobody t/run
check "models mainline, and grants both" sh -c \
	"grep -qx '  models: *mainline Linux 6.12 (no $PWD/nofcaps/sys/kernel/fcaps)' out &&
	grep -qx '  permitted: *cap_kill,cap_net_raw' out"
# --explain models fcaps-guard on any kernel, from what fcap_guard_read()
# finds (FCAPS_GUARD_PINDIR stands for its pin directory): the guard's
# pinned maps, stood for by maps of a BPF file system of this test
# (tests/guard-fixture.sh), or, for other users, its state file
. "$top/tests/guard-fixture.sh"
# xg PINDIR ARGS...: getfcap --explain on the 6.12 line, mainline
xg() { _p=$1; shift; env FCAPS_KERNEL_RELEASE=6.12.118 \
	FCAPS_PROC_ROOT="$PWD/nofcaps" FCAPS_GUARD_PINDIR="$_p" \
	"$GETF" --explain "$@"; }
# noguard_is FILE DESC: out, but for its guard: line, is FILE's
noguard_is() { sed '/^  guard:/d' out >out.g
	if cmp -s "$1" out.g; then ok "$2"; else notok "$2"
		diff "$1" out.g | sed 's/^/# /'; fi; }
mkdir g
cp /bin/true g/admin && cp /bin/true g/raw
"$SETF" cap_sys_admin+ep g/admin cap_net_raw+ep g/raw >/dev/null
ok_rc $? "setup: cap_sys_admin+ep and cap_net_raw+ep files for the guard"
rc_is 0 "--explain with no guard pinned" xg "$PWD/noguard" --user nobody g/admin
check "the guard: line says it is not loaded, and where it looked" \
	grep -qx "  guard:       fcaps-guard not loaded (no $PWD/noguard)" out
check "and the file grants what it asks for" \
	grep -qx '  permitted:   cap_sys_admin' out
sed '/^  guard:/d' out >admin.noguard
xg "$PWD/noguard" --user nobody g/raw >raw.noguard 2>&1
sed -i '/^  guard:/d' raw.noguard
rc_is 0 "--explain --json with no guard pinned" \
	xg "$PWD/noguard" --json --user nobody g/admin
check "--json: guard not loaded, its pin directory as the source" \
	grep -qF "\"guard\":{\"loaded\":false,\"mask\":null,\"deny_write\":null,\"locked\":null,\"source\":\"$PWD/noguard\"}," out
gwhy=$(guard_why)
if [ -z "$gwhy" ] && ! setup "a BPF file system for the guard's maps" \
	guard_mount "$PWD/bpf"; then
	gwhy="cannot mount a BPF file system"
fi
gp=$PWD/bpf/fcaps-guard
if [ -z "$gwhy" ]; then
	# every capability but cap_sys_admin (21); deny_write; counts
	setup "the guard's maps: a mask without cap_sys_admin" \
		guard_pins "$gp" 000001ffffdfffff 1 0 0 3
	rc_is 0 "--explain under a guard whose mask lacks cap_sys_admin" \
		xg "$gp" --user nobody g/admin
	cat >want <<W
g/admin: exec by uid 65534 (euid 65534)
  models:      mainline Linux 6.12 (no $PWD/nofcaps/sys/kernel/fcaps)
  guard:       fcaps-guard loaded, mask=000001ffffdfffff deny_write=1 locked=0 (read from the pinned maps)
  execve fails: Operation not permitted
  why:         fcaps-guard: the file grants capabilities outside its mask, exec fails
  outside:     cap_sys_admin
W
	same want "cap_sys_admin+ep: exec fails with EPERM, fcaps-guard named, read from the pinned maps"
	rc_is 0 "--explain --json under that guard" xg "$gp" --json --user nobody g/admin
	check "--json: the guard, its source, and EPERM" grep -qF \
		'"guard":{"loaded":true,"mask":"000001ffffdfffff","deny_write":true,"locked":false,"source":"the pinned maps"},' out
	check "--json: exec fails with EPERM, why names fcaps-guard" grep -qF \
		'"exec":{"error":"EPERM","why":"fcaps-guard: the file grants capabilities outside its mask, exec fails"' out
	rc_is 0 "--explain of a file within the mask" xg "$gp" --user nobody g/raw
	noguard_is raw.noguard "within the mask: the explanation is the one without a guard"
	check "... but for the guard: line" grep -qx '  guard:       fcaps-guard loaded, mask=000001ffffdfffff deny_write=1 locked=0 (read from the pinned maps)' out
	rc_is 0 "--explain of root's exec of the cap_sys_admin file" \
		xg "$gp" --user 0 g/admin
	check "root's execs are not judged by the guard" \
		sh -c "grep -q '^  permitted: .*cap_sys_admin' out && ! grep -q 'execve fails' out"
	setup "the guard's maps: every capability" \
		guard_pins "$gp" 000001ffffffffff 0
	rc_is 0 "--explain under a guard whose mask is every capability" \
		xg "$gp" --user nobody g/admin
	noguard_is admin.noguard "a mask of every capability changes nothing"
	setup "the guard's maps: locked, a mask without cap_net_raw" \
		guard_pins "$gp" 000001ffffffdfff 2
	rc_is 0 "--context docker --user 1000 under a guard without cap_net_raw" \
		xg "$gp" --context docker --user 1000 g/raw
	check "the guard: line says locked" \
		grep -q '^  guard:       fcaps-guard loaded, mask=000001ffffffdfff deny_write=0 locked=1 ' out
	check "in a context: the verdict is EPERM" \
		grep -qx '  verdict:     exec fails with EPERM' out
	# a user, whom bpf() refuses, reads the state file the loader writes
	chmod 0755 "$tmp" g
	nobody_copy "$GETF" "$tmp"
	gst=$PWD/guard.state
	printf 'loaded=1\nlocked=1\ndeny_write=0\nmask=000001ffffdfffff\npin=/sys/fs/bpf/fcaps-guard\n' >"$gst"
	if [ -n "$nobody_why" ]; then
		skip "--explain by a user: the guard's state file" "$nobody_why"
	elif ! command -v unshare >/dev/null 2>&1; then
		skip "--explain by a user: the guard's state file" "no unshare"
	else
		rc_is 0 "--explain by uid 65534 under the guard" \
			guard_as_user "$gst" env FCAPS_KERNEL_RELEASE=6.12.118 \
			FCAPS_PROC_ROOT="$PWD/nofcaps" FCAPS_GUARD_PINDIR="$gp" \
			"$nobody_prog" --explain g/admin
		check "the guard as the state file says, and read from it" \
			grep -qx '  guard:       fcaps-guard loaded, mask=000001ffffdfffff deny_write=0 locked=1 (read from /run/fcaps-guard/state)' out
		check "and exec fails with EPERM" \
			grep -qx '  execve fails: Operation not permitted' out
		printf 'loaded=1\nmask=cap_bogus\n' >"$gst"
		rc_is 1 "a state file that cannot be parsed fails the operand" \
			guard_as_user "$gst" env FCAPS_GUARD_PINDIR="$gp" \
			"$nobody_prog" --explain g/admin
		check "and says so, with the pin directory and the state file" \
			grep -qx "getfcap: g/admin: cannot read fcaps-guard's state ($gp, /run/fcaps-guard/state): Invalid argument" errs
	fi
	umount "$PWD/bpf"
else
	for d in "a mask without cap_sys_admin: EPERM" "--json under the guard" \
		"a file within the mask" "root's execs" "a mask of every capability" \
		"in a context" "by a user: the state file"; do
		skip "--explain under a guard: $d" "$gwhy"
	done
fi
# --explain in a runtime context: each preset, options refining it, and
# the fixes, each one checked by the model (tests/runtime.sh runs them
# under podman and runc)
mkdir ctx
for f in ep p nbs nbs3 plain; do cp /bin/true "ctx/$f"; done
"$SETF" cap_net_raw+ep ctx/ep cap_net_raw+p ctx/p \
	cap_net_bind_service+ep ctx/nbs >/dev/null &&
	"$SETF" -n 100000 cap_net_bind_service+ep ctx/nbs3 >/dev/null
ok_rc $? "setup: values for the context cases"
# xc ARGS...: getfcap --explain on the 6.12 line, mainline, with ARGS
xc() { env FCAPS_KERNEL_RELEASE=6.12.118 FCAPS_PROC_ROOT="$PWD/nofcaps" \
	FCAPS_GUARD_PINDIR="$PWD/noguard" "$GETF" --explain "$@"; }
rc_is 0 "--context podman: cap_net_raw+ep" xc --context podman ctx/ep
cat >want <<W
ctx/ep: exec by uid 0 (euid 0)
  models:      mainline Linux 6.12 (no $PWD/nofcaps/sys/kernel/fcaps)
  guard:       fcaps-guard not loaded (no $PWD/noguard)
  context:     podman, uid 0 gid 0
  source:      Podman 4.x's default capabilities: containers/common pkg/config/containers.conf (default_capabilities)
  bounding:    cap_chown,cap_dac_override,cap_fowner,cap_fsetid,cap_kill,cap_setgid,cap_setuid,cap_setpcap,cap_net_bind_service,cap_sys_chroot,cap_setfcap
  execve fails: Operation not permitted
  why:         effective flag set but the bounding set or pI withholds part of fP: capability-dumb binary, exec fails
  verdict:     exec fails with EPERM
  fix:         --cap-add NET_RAW: then cap_net_raw permitted and effective
  partial fix: the value without the effective flag (+p, not +ep), for a program that raises what it needs itself: exec succeeds, nothing granted
W
same want "podman's default set lacks NET_RAW: EPERM, and the fix is --cap-add NET_RAW"
rc_is 0 "--context docker: cap_net_raw+ep" xc --context docker ctx/ep
check "Docker's default set has NET_RAW: works" \
	grep -qx '  verdict:     works: the process holds what the file asks for' out
check "and cites moby's defaults.go" \
	grep -q '^  source: .*moby/moby oci/caps/defaults.go' out
rc_is 0 "--context cap-drop-all: cap_net_raw+p" xc --context cap-drop-all ctx/p
check "+p without e under --cap-drop ALL: nothing granted, silently" \
	grep -qx '  verdict:     exec succeeds, but cap_net_raw is not granted (silently)' out
check "and --cap-add NET_RAW is the fix" \
	grep -qx '  fix:         --cap-add NET_RAW: then cap_net_raw permitted and effective' out
rc_is 0 "--context cap-drop-all,+net_raw" xc --context cap-drop-all,+net_raw ctx/ep
cp out want
rc_is 0 "--context cap-drop-all --cap-add NET_RAW" \
	xc --context cap-drop-all --cap-add NET_RAW ctx/ep
same want "the two spellings of --cap-add give the same explanation"
check "and it works" grep -q '^  verdict:     works' out
rc_is 0 "a later preset starts afresh" \
	xc --cap-add net_raw --context docker --context podman ctx/ep
check "podman's set, without the earlier --cap-add" \
	grep -qx '  verdict:     exec fails with EPERM' out
rc_is 0 "--context k8s-restricted" xc --context k8s-restricted ctx/nbs
check "restricted: uid 1000, no_new_privs" \
	grep -qx '  context:     k8s-restricted, uid 1000 gid 1000, no_new_privs' out
check "restricted drops NET_BIND_SERVICE too: EPERM" \
	grep -qx '  verdict:     exec fails with EPERM' out
check "the fix is capabilities.add: [NET_BIND_SERVICE]" \
	grep -qx '  fix:         securityContext.capabilities.add: \[NET_BIND_SERVICE\]: then cap_net_bind_service permitted and effective' out
rc_is 0 "--context k8s-restricted,+net_bind_service" \
	xc --context k8s-restricted,+net_bind_service ctx/nbs
check "added back, it works under no_new_privs (containerd's permitted set)" \
	grep -qx '  verdict:     works: the process holds what the file asks for' out
rc_is 2 "k8s-restricted may add only NET_BIND_SERVICE" \
	xc --context k8s-restricted,+net_raw ctx/nbs
check "and says so" grep -qx 'getfcap: --context k8s-restricted,+net_raw: the restricted profile allows adding only NET_BIND_SERVICE ("+net_raw")' errs
rc_is 0 "--context docker --user 1000 --no-new-privs" \
	xc --context docker --user 1000 --no-new-privs ctx/nbs
check "no_new_privs cancels the file's capabilities, silently" \
	grep -qx '  verdict:     exec succeeds, but cap_net_bind_service is not granted (silently)' out
check "and the fix is no_new_privs off" \
	grep -qx '  fix:         no_new_privs off: without --security-opt no-new-privileges: then cap_net_bind_service permitted and effective' out
rc_is 0 "--context systemd:User=1000,NoNewPrivileges=yes" \
	xc --context systemd:User=1000,NoNewPrivileges=yes ctx/nbs
check "systemd: NoNewPrivileges=no is a fix" \
	grep -q '^  fix:         no_new_privs off: NoNewPrivileges=no' out
check "systemd: AmbientCapabilities= is another" \
	grep -qx '  fix:         the file.s value removed (setfcap -r) and AmbientCapabilities=CAP_NET_BIND_SERVICE: then cap_net_bind_service permitted and effective' out
rc_is 0 "--context systemd:CapabilityBoundingSet=~CAP_NET_RAW" \
	xc --context 'systemd:CapabilityBoundingSet=~CAP_NET_RAW CAP_KILL' ctx/ep
check "systemd's bounding set: EPERM, fixed in the unit's terms" \
	grep -qx '  fix:         CapabilityBoundingSet=CAP_NET_RAW (added to the unit.s): then cap_net_raw permitted and effective' out
rc_is 0 "systemd with ambient capabilities, a file without a value" \
	xc --context systemd:User=1000,AmbientCapabilities=CAP_NET_RAW ctx/plain
check "ambient kept" grep -qx '  ambient:     cap_net_raw' out
check "a file without a value asks for nothing" \
	grep -qx '  verdict:     exec succeeds; the file asks for no capabilities' out
rc_is 0 "--userns-root: a v3 value for another namespace" \
	xc --context docker --userns-root 200000 --user 1000 ctx/nbs3
check "ignored, silently" \
	grep -qx '  rule:        the value belongs to another user namespace (rootid): ignored' out
check "the fix rewrites it for this namespace" \
	grep -qx '  fix:         the value written for this user namespace: setfcap -n 200000: then cap_net_bind_service permitted and effective' out
rc_is 0 "--userns-root: the namespace the value was written for" \
	xc --context docker --userns-root 100000 --user 1000 ctx/nbs3
check "honoured" grep -q '^  verdict:     works' out
rc_is 0 "--nosuid" xc --user 1000 --nosuid ctx/ep
check "a nosuid mount ignores the value, and the fix says so" \
	sh -c "grep -q '^  verdict:     exec succeeds, but cap_net_raw is not granted' out &&
	grep -q '^  fix:         a mount without nosuid: then' out"
rc_is 0 "--bounding and --ambient without a preset" \
	xc --user 1000 --bounding cap_net_raw,cap_kill --ambient kill ctx/plain
check "a login process with that bounding set" \
	grep -qx '  bounding:    cap_kill,cap_net_raw' out
check "keeps its ambient set across exec" grep -qx '  ambient:     cap_kill' out
rc_is 0 "--context self" xc --context self ctx/ep
check "self: the context line and a verdict" \
	sh -c "grep -q '^  context:     self, uid $(id -u) ' out && grep -q '^  verdict: ' out"
rc_is 2 "an unknown preset is a usage error" xc --context dokcer ctx/ep
check "naming it and the known ones" grep -qx 'getfcap: --context dokcer: unknown context preset "dokcer" (known: docker, podman, cap-drop-all, k8s-restricted, systemd\[:SETTINGS\], self, oci:FILE, k8s:FILE\[#CONTAINER\], podman-kube:FILE\[#CONTAINER\], compose:FILE\[#SERVICE\], podman-compose:FILE\[#SERVICE\], unit:FILE)' errs
rc_is 2 "an unknown capability is a usage error" xc --cap-add net_rwa ctx/ep
check "naming it" grep -qx 'getfcap: --cap-add net_rwa: unknown capability name ("net_rwa")' errs
rc_is 2 "an unknown systemd setting is a usage error" \
	xc --context systemd:NoNewPrivs=yes ctx/ep
check "naming it" grep -q 'unknown systemd setting ("NoNewPrivs")' errs
rc_is 2 "--context without --explain is a usage error" "$GETF" --context docker ctx/ep
# the runtime's own files (tests/runcfg.c holds each rule; runtime.sh
# holds them to runc and podman)
cat >ctx/pod.yaml <<'Y'
apiVersion: apps/v1
kind: Deployment
spec:
  template:
    spec:
      securityContext:
        runAsUser: 1000
      containers:
      - name: web
        securityContext:
          allowPrivilegeEscalation: false
          capabilities:
            drop: [ALL]
            add: [NET_BIND_SERVICE]
      - name: side
        securityContext:
          runAsNonRoot: true
          runAsUser: 0
Y
rc_is 0 "--context k8s:FILE#web" xc --context k8s:ctx/pod.yaml#web ctx/nbs
check "the context line names the file and the container" \
	grep -qx '  context:     k8s ctx/pod.yaml#web, uid 1000 gid 0, no_new_privs' out
check "containerd gives uid 1000 the added capability: it works" \
	grep -q '^  verdict:     works' out
rc_is 2 "two containers and no #NAME: a usage error" \
	xc --context k8s:ctx/pod.yaml ctx/nbs
check "naming the file and the choices" \
	grep -qx 'getfcap: --context k8s:ctx/pod.yaml: ctx/pod.yaml: more than one container: choose one with #NAME ("web, side")' errs
rc_is 1 "runAsNonRoot with root: nothing would run" \
	xc --context k8s:ctx/pod.yaml#side ctx/nbs
check "and why" grep -q "^getfcap: the context: runAsNonRoot: true, and the container would run as root" errs
check "nothing judged" [ ! -s out ]
printf 'services:\n  web:\n    user: nobody\n    cap_add:\n      - NET_RAW\n    cap_drop: [ALL]\n' >ctx/compose.yaml
rc_is 0 "--context podman-compose: a user by name" \
	xc --context podman-compose:ctx/compose.yaml ctx/ep
check "resolved here" grep -q "^  context:     podman-compose ctx/compose.yaml#web, uid $(id -u nobody) " out
check "podman gives the user the added capability, ambient" \
	grep -qx '  ambient now: cap_net_raw' out
printf 'services:\n  web:\n    cap_add: NET_RAW\n' >ctx/bad.yaml
rc_is 2 "a Compose file with a bad key: a usage error" \
	xc --context compose:ctx/bad.yaml ctx/ep
check "naming the file, line and key" \
	grep -qx 'getfcap: --context compose:ctx/bad.yaml: ctx/bad.yaml:3: cap_add: not a list' errs
rc_is 0 "--context docker --privileged" xc --context docker --privileged ctx/ep
check "the bounding set this process has" grep -qx "  bounding:    $(
	"$GETF" --explain --context self ctx/ep |
	sed -n 's/^  bounding:    //p')" out
check "privileged, said" grep -q '^  context:     docker, uid 0 gid 0, privileged' out
rc_is 2 "--privileged with systemd: a usage error" \
	xc --context systemd --privileged ctx/ep
rc_is 0 "--explain --json in a context" xc --json --context podman ctx/ep ctx/p
if command -v python3 >/dev/null; then
	check "--json: context, prediction and fixes" python3 -c '
import json, sys
a, b = [json.loads(l) for l in open("out")]
c = a["context"]
assert c["preset"] == "podman" and c["bounding"] == "00000000800405fb", c
assert c["uid"] == 0 and c["no_new_privs"] is False and "containers.conf" in c["source"]
assert a["exec"]["error"] == "EPERM" and a["works"] is False, a
f = a["fixes"]
assert f[0]["change"] == "--cap-add NET_RAW" and f[0]["full"] is True, f
assert f[0]["exec"]["effective"] == "00000000800425fb", f
assert f[1]["full"] is False and f[1]["exec"]["error"] is None, f
assert b["exec"]["error"] is None and b["works"] is False, b
assert b["exec"]["permitted"] == "00000000800405fb", b
'
else
	skip "--json: context, prediction and fixes" "no python3"
fi
# Drop-in: for every value getcap prints, getfcap's stdout (but for the
# rootid suffix, which getcap prints with -n only), stderr and exit
# status are getcap's.  Values any kernel lets root store: bits above the
# last capability, v2, all-zero v2, v3 with a rootid.
GETCAP=$(command -v getcap || echo /usr/sbin/getcap)
# vs_getcap DESC ARGS...: run both with ARGS, compare
vs_getcap() { d=$1; shift
	"$GETCAP" "$@" >gc.out 2>gc.err; gc=$?
	"$GETF" "$@" >gf.out 2>gf.err; gf=$?
	case " $* " in
	*" -n "*) cp gf.out gf.cmp ;;
	*) sed 's/ \[rootid=[0-9]*\]$//' gf.out >gf.cmp ;;
	esac
	if [ "$gc" = "$gf" ] && cmp -s gc.out gf.cmp && cmp -s gc.err gf.err
	then ok "$d"; else notok "$d (exit $gf, getcap $gc)"
		diff gc.out gf.cmp | sed 's/^/# out /'
		diff gc.err gf.err | sed 's/^/# err /'; fi; }
if [ -x "$GETCAP" ] && "$GETCAP" -h 2>&1 | grep -q '^usage: getcap'; then
	mkdir -p gc/sub
	for f in high highmix v2 zero ns plain sub/deep; do
		cp /bin/true "gc/$f"
	done
	mkfifo gc/fifo
	"$SETF" 63+ep gc/high >/dev/null &&
		"$SETF" cap_net_raw,41,63+ep gc/highmix >/dev/null &&
		"$SETF" cap_net_raw+ep gc/v2 >/dev/null &&
		"$SETF" "" gc/zero >/dev/null &&
		"$SETF" -n 1000 cap_kill+p gc/ns >/dev/null &&
		"$SETF" 62+i gc/sub/deep >/dev/null &&
		setfattr -n security.capability \
			-v 0x0100000200000000000000000000008000000000 gc/fifo
	planted=$?
	if [ "$planted" = 0 ] && [ "$(xhex gc/high)" = \
	    0100000200000000000000000000008000000000 ]; then
		vs_getcap "as getcap: 63+ep" gc/high
		check "63+ep: nothing on stderr" [ ! -s gf.err ]
		vs_getcap "as getcap: -v 63+ep (Ansible's call)" -v gc/high
		vs_getcap "as getcap: -v cap_net_raw,41,63+ep" -v gc/highmix
		vs_getcap "as getcap: -n 63+ep" -n gc/high
		for f in v2 zero ns plain; do
			vs_getcap "as getcap: -v $f" -v "gc/$f"
		done
		vs_getcap "as getcap: -n v3 with its rootid" -n gc/ns
		vs_getcap "as getcap: every operand at once" \
			gc/high gc/highmix gc/v2 gc/zero gc/ns gc/plain
		vs_getcap "as getcap: -r (FIFO and bits above the last)" -r gc
		vs_getcap "as getcap: -rv" -rv gc
		vs_getcap "as getcap: -n -r" -n -r gc
		vs_getcap "as getcap: -v FIFO operand" -v gc/fifo
		# one vocabulary: getfcap names the problem as fsck-check's rule
		rc_is 0 "--raw on 63+ep" "$GETF" --raw gc/high
		check "--raw names the problem high-bits" \
			grep -q ' problems=high-bits$' out
		rc_is 0 "--json on 63+ep" "$GETF" --json gc/high
		check "--json names the problem high-bits, text as getcap's" \
			grep -qF '"text":"= 63+ep","problems":["high-bits"]' out
	else
		skip "as getcap" "cannot plant the values (setfcap or setfattr)"
	fi
else
	skip "as getcap" "no libcap getcap installed"
fi
done_testing
