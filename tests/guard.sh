#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guard.sh: fcaps-guard on the host (TAP).  Anywhere: its options, and
# guard.conf read as lib/guard.c reads it (every bad line named with its
# file, line and cause, exit 1).  As root: the BPF object builds the
# same with the kernel's BTF hidden.  As root, on a kernel that runs BPF LSM
# programs: the real guard, loaded in a private mount namespace with its
# own BPF file system and /run, never locked, with a mask that lacks only
# cap_wake_alarm (which no program of the host carries): empty values
# refused for root and a user, an exec outside the mask refused, the
# deny_write rule, the refusals counted and logged, and, at the end, no
# program of the guard left attached.  A kernel that refuses the
# programs skips those checks with its reason; guests prove each line's
# behaviour (tests/vm/guard-guest).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
san=${FCAPS_SAN:-$top/build/san}
G=$san/guard/fcaps-guard
. "$top/tests/tap.sh"
[ -x "$G" ] || { echo "Bail out! $G not built (make san)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-guard.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# ---- options and guard.conf ------------------------------------------------
"$G" -h >help.out 2>&1
check "-h: usage on stdout, status 0" \
	sh -c 'grep -q "^usage: fcaps-guard \[-c file\] \[-p dir\]$" help.out'
"$G" --bogus >/dev/null 2>bad.err
[ $? = 1 ] && grep -q '^usage:' bad.err
ok_rc $? "a bad option: usage on stderr, status 1"
# conf TEXT -> check run on it, output in conf.out
conf() {
	printf '%s\n' "$1" >g.conf
	"$G" --check -c g.conf >conf.out 2>&1
}
conf 'mask = all'
ok_rc $? "mask = all is accepted"
conf '# comment
mask = 0000000000004000   # ipc_lock, trailing comment
deny_write = 1
locked = 0'
[ $? = 0 ] && grep -q 'mask cap_ipc_lock, deny_write=1, locked=0' conf.out
ok_rc $? "hex mask, deny_write, comments: parsed ($(tail -n1 conf.out))"
conf 'mask = cap_ipc_lock, cap_net_raw'
[ $? = 0 ] && grep -q 'mask cap_net_raw,cap_ipc_lock,' conf.out
ok_rc $? "a mask of capability names"
for bad in 'mask = cap_bogus:mask: neither hex' \
	'mask = 1ffffffffffffff:mask: bits above the last capability' \
	'deny_write = maybe:deny_write: not 0 or 1' \
	'locked=2:locked: not 0 or 1' \
	'frobnicate = 1:unknown key' \
	'mask all:not a "key = value" line'; do
	line=${bad%%:*} want=${bad#*:}
	conf "mask = all
$line"
	rc=$?
	[ $rc = 1 ] && grep -q "^fcaps-guard: g.conf:2: $want" conf.out
	ok_rc $? "'$line': exit 1, 'g.conf:2: $want'"
done
"$G" --check -c missing.conf >conf.out 2>&1
[ $? = 1 ] && grep -q 'missing.conf: No such file or directory' conf.out
ok_rc $? "a configuration named with -c must exist"
"$G" --status -p "$tmp/none" >st.out 2>&1
[ $? = 3 ] && grep -qx 'loaded=0' st.out
ok_rc $? "--status with nothing pinned: loaded=0, status 3"

# ---- the build reads nothing of this machine's kernel ------------------------
# The programs are compiled against guard/vmlinux-min.h: built again with
# the kernel's BTF and headers hidden (a private mount namespace, empty
# tmpfs over /sys/kernel/btf), the object is the same, byte for byte.
obj=$san/guard/fcaps-guard.bpf.o
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null ||
	! command -v clang >/dev/null || [ ! -f "$obj" ]; then
	skip "the BPF object built without the kernel's BTF" "needs root, unshare, clang and $obj"
else
	unshare -m sh -c 'mount --make-rprivate / &&
		mount -t tmpfs none /sys/kernel/btf 2>/dev/null ||
		mount -t tmpfs none /sys/kernel 2>/dev/null || exit 3
		[ ! -e /sys/kernel/btf/vmlinux ] || exit 3
		cd "$1" && clang -O2 -g -Wall -Werror -target bpf -I lib \
			-c -o "$2" guard/fcaps-guard.bpf.c' sh "$top" "$tmp/nobtf.o" \
		>nobtf.log 2>&1
	rc=$?
	sed 's/^/# /' nobtf.log
	[ $rc = 0 ] && cmp -s "$obj" "$tmp/nobtf.o"
	ok_rc $? "the BPF object built with no BTF in sight is the one make built (rc $rc)"
fi

# ---- the guard itself --------------------------------------------------------
skip_guard() {
	skip "the guard on this host" "$1"
	echo "1..$n"
	exit 0
}
[ "$(id -u)" = 0 ] || skip_guard "not root"
for c in unshare setpriv bpftool; do
	command -v $c >/dev/null || skip_guard "no $c"
done
# the session: a private mount namespace, its own bpffs and /run; the
# guard's pins live there, so they go when the namespace ends
cat >session.sh <<'EOF'
set -u
G=$1 t=$2 gp=
# whatever ends the session, the guard is stopped (unlocked, it unpins
# itself) before the namespace and its BPF file system go
trap '[ -n "$gp" ] && kill "$gp" 2>/dev/null && wait "$gp"' EXIT
mount --make-rprivate / && mkdir -p "$t/bpf" && mount -t bpf bpf "$t/bpf" &&
	mount -t tmpfs tmpfs /run || { echo "SETUP-FAILED"; exit 1; }
P=$t/bpf/fcaps-guard
conf() { printf 'mask = %s\ndeny_write = %s\n' "$1" "$2" >"$t/g.conf"; }
start() {
	"$G" -c "$t/g.conf" -p "$P" 2>>"$t/guard.log" & gp=$!
	i=0
	while [ $i -lt 100 ] && ! "$G" --status -p "$P" >/dev/null 2>&1; do
		kill -0 $gp 2>/dev/null || break
		sleep 0.1; i=$((i + 1))
	done
	"$G" --status -p "$P" >"$t/status" 2>&1 && echo "STARTED" ||
		{ echo "NOT-STARTED $(tail -n1 "$t/guard.log")"; exit 0; }
}
stop() { kill $gp; wait $gp; echo "STOPPED $?"; gp=; }
user() { setpriv --reuid=1000 --regid=1000 --clear-groups "$@"; }
# every capability but cap_wake_alarm (35)
conf 000001f7ffffffff 0
start
cp /bin/true "$t/tool" && chmod 0755 "$t/tool"
user "$t/capxattr" set "$t/tool" "" 2>/dev/null; echo "USER-EMPTY $?"
"$t/capxattr" set "$t/tool" "" 2>/dev/null; echo "ROOT-EMPTY $?"
"$t/setfcap" cap_wake_alarm,cap_ipc_lock+ep "$t/tool"; echo "SET-OUT $?"
user "$t/tool"; echo "EXEC-OUT $?"
"$t/setfcap" cap_ipc_lock+ep "$t/tool"; echo "SET-IN $?"
user "$t/tool"; echo "EXEC-IN $?"
cp "$t/status" "$t/status1"
"$G" --status -p "$P" >"$t/status2"
stop
conf 000001f7ffffffff 1
start
"$t/setfcap" cap_wake_alarm+p "$t/tool" 2>/dev/null; echo "DENY-WRITE $?"
"$t/setfcap" cap_ipc_lock+ep "$t/tool"; echo "DENY-WRITE-IN $?"
"$G" --status -p "$P" >"$t/status3"
stop
ls -A "$t/bpf" | tr '\n' ' ' | sed 's/^/PINS-LEFT /'; echo
EOF
cp "$san/setfcap/setfcap" "$top/tests/capxattr" . 2>/dev/null ||
	cp "$san/setfcap/setfcap" "$san/tests/capxattr" . ||
	skip_guard "no setfcap or capxattr built"
# the guard's programs attached before the session: the end compares
before=$(bpftool prog list 2>/dev/null | grep -c ' name fg_')
# a directory only root may enter holds the programs a user runs: give
# uid 1000 its own copy of the tool's directory
chmod 0755 "$tmp"
unshare -m sh session.sh "$G" "$tmp" >session.out 2>session.err
sed 's/^/# /' session.out session.err | head -n 40
after=$(bpftool prog list 2>/dev/null | grep -c ' name fg_')
if grep -q '^SETUP-FAILED' session.out; then
	notok "the session's private bpffs and /run"
	echo "1..$n"
	exit 1
fi
if grep -q '^NOT-STARTED' session.out; then
	why=$(sed -n 's/^NOT-STARTED //p' session.out)
	case $why in
	*"cannot load the BPF programs: Operation not permitted"* | \
	*"BPF LSM is not active"* | *"has no BTF"* | *"cannot attach"*)
		skip_guard "this kernel does not run it ($why)" ;;
	esac
	notok "the guard starts ($why)"
	echo "1..$n"
	exit 1
fi
r() { sed -n "s/^$1 //p" session.out | head -n1; }
[ "$(r USER-EMPTY)" = 1 ]
ok_rc $? "a user's zero-length security.capability is refused"
[ "$(r ROOT-EMPTY)" = 1 ]
ok_rc $? "root's too"
grep -q 'refused a zero-length security.capability: .*/tool .*uid 1000.*Invalid argument' guard.log
ok_rc $? "the refusal is logged with the file, the user and the cause"
[ "$(r SET-OUT)" = 0 ] && [ "$(r EXEC-OUT)" = 126 ]
ok_rc $? "exec of a cap_wake_alarm+ep file by a user fails (mask without it)"
grep -q 'refused exec of file capabilities outside the mask: .*tool.*uid 1000.*cap_wake_alarm: Operation not permitted' guard.log
ok_rc $? "...logged naming the capability outside the mask"
[ "$(r SET-IN)" = 0 ] && [ "$(r EXEC-IN)" = 0 ]
ok_rc $? "a value within the mask runs as without the guard"
grep -qx 'refusals_empty_value=2' status2 && grep -qx 'refusals_exec_mask=1' status2
ok_rc $? "--status counts the refusals per cause"
grep -qx 'locked=0' status1 && grep -qx 'mask=000001f7ffffffff' status1
ok_rc $? "--status: the configuration in force"
[ "$(r DENY-WRITE)" = 1 ] && [ "$(r DENY-WRITE-IN)" = 0 ] &&
	grep -qx 'refusals_write_mask=1' status3
ok_rc $? "deny_write=1: a value outside the mask cannot be written, one within can"
[ "$(r STOPPED)" = 0 ] && [ "$(r PINS-LEFT)" = "" ]
ok_rc $? "stopped unlocked, the guard unpins itself"
[ "$after" = "$before" ]
ok_rc $? "no program of the guard is left attached ($after, before $before)"
echo "1..$n"
