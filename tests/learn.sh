#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# learn.sh: fcaps-learn on the host (TAP).  Anywhere: its options, and its
# SYNOPSIS against doc/fcaps-learn.8.  As root, on a kernel whose checks
# BPF can see (fexit on security_capable, or the cap_capable tracepoint
# of 6.14 and newer): programs whose needs are known, learned as nobody,
# each proposal equal to the need and verified by replay:
#   fping -c1 127.0.0.1   cap_net_raw (net.ipv4.ping_group_range leaves
#                         nobody no ICMP datagram socket: kernel default)
#   python3, bind :80     cap_net_bind_service (ip_unprivileged_port_start
#                         1024, the default)
#   cat /etc/shadow       cap_dac_read_search (0640 root:shadow)
#   tests/noisy 80        cap_net_bind_service; its noise is not proposed:
#                         a no-audit CAP_SYS_PTRACE check (its parent's
#                         /proc/PID/stat), the fallback pair of access(2)
#                         (CAP_DAC_READ_SEARCH denied, then
#                         CAP_DAC_OVERRIDE), CAP_SYS_NICE granted but not
#                         needed (the replay without it exits 0 too) -
#                         unless --same-output, where its "usual
#                         priority" line makes it needed
# then --apply on a copy, the errors (a timeout, a command that never runs
# the file), and the host left as it was: no program of the recorder
# attached, no mount, no process of the command left, no value changed.
# The tools are the sanitizer builds, copied side by side as make install
# puts them (fcaps-learn runs getfcap and setfcap from its own directory).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
san=${FCAPS_SAN:-$top/build/san}
. "$top/tests/tap.sh"
for b in learn/fcaps-learn getfcap/getfcap setfcap/setfcap \
	fsck-check/fsck-check tests/noisy; do
	[ -x "$san/$b" ] || { echo "Bail out! $san/$b not built (make san)"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-learn-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir sbin bin
cp "$san/learn/fcaps-learn" "$san/getfcap/getfcap" "$san/setfcap/setfcap" \
	"$san/fsck-check/fsck-check" sbin/ &&
	cp "$san/tests/noisy" /bin/cat bin/ || exit 1
L=$tmp/sbin/fcaps-learn

# ---- options -----------------------------------------------------------------
"$L" -h >help.out 2>&1
check "-h: usage on stdout, status 0" grep -q '^usage: fcaps-learn ' help.out
"$L" --bogus >/dev/null 2>bad.err
[ $? = 1 ] && grep -q '^usage:' bad.err
ok_rc $? "a bad option: usage on stderr, status 1"
"$L" bin/cat -- bin/cat >/dev/null 2>nouser.err
[ $? = 1 ] && grep -q '^usage:' nouser.err
ok_rc $? "no --user: usage, status 1"
"$L" --user root bin/cat -- bin/cat >/dev/null 2>root.err
[ $? = 1 ] && grep -q 'root: root gets every capability' root.err
ok_rc $? "--user root is refused with the reason"
"$L" --user nobody --timeout 0 bin/cat -- bin/cat >/dev/null 2>to.err
[ $? = 1 ] && grep -q -- '--timeout 0: not 1 to 86400 seconds' to.err
ok_rc $? "--timeout 0 is refused"
if command -v man >/dev/null && command -v col >/dev/null; then
	"$L" -h | sed -n '/^usage:/,/^$/p' | sed 's/^usage: //' |
		tr -s ' \n' '  ' | sed 's/ *$//' >usage.words
	MANWIDTH=300 man -l "$top/doc/fcaps-learn.8" 2>/dev/null | col -b |
		sed -n '/^SYNOPSIS/,/^[A-Z]/p' | sed '1d;$d' |
		tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//' >man.words
	[ -s usage.words ] && cmp -s usage.words man.words
	ok_rc $? "fcaps-learn.8 SYNOPSIS matches fcaps-learn -h"
	missing=
	for o in $(grep -o '{ *"[a-z][a-z-]*", *[a-z_]*argument' \
		"$top/learn/fcaps-learn.c" | sed 's/{ *"\([a-z-]*\)".*/\1/'); do
		MANWIDTH=300 man -l "$top/doc/fcaps-learn.8" 2>/dev/null |
			col -b | grep -q -e "--$o\b" || missing="$missing --$o"
	done
	[ -z "$missing" ]
	ok_rc $? "fcaps-learn.8 documents every long option${missing:+ (missing:$missing)}"
else
	skip "fcaps-learn.8 SYNOPSIS matches -h" "no man or col"
	skip "fcaps-learn.8 documents every long option" "no man or col"
fi

# ---- learning ------------------------------------------------------------------
skip_rest() {
	skip "learning on this host" "$1"
	echo "1..$n"
	exit 0
}
[ "$(id -u)" = 0 ] || skip_rest "not root"
id nobody >/dev/null 2>&1 || skip_rest "no user nobody"
command -v bpftool >/dev/null || skip_rest "no bpftool"
chmod 0755 "$tmp" bin
progs_before=$(bpftool prog list 2>/dev/null | grep -c ' name fl_')
mounts_before=$(wc -l </proc/self/mountinfo)
dirs_before=$(ls -d /tmp/fcaps-learn.* 2>/dev/null | wc -l)
"$L" --user nobody bin/cat -- bin/cat /etc/shadow >cat.out 2>cat.err
rc=$?
if [ $rc = 77 ]; then
	sed 's/^/# /' cat.err
	skip_rest "this kernel shows no capability checks to BPF ($(tail -n1 cat.err))"
fi

# learned FILE NEED DESC: the last run's proposal is exactly NEED
learned() {
	got=$(sed -n 's/^value: //p' "$1.out")
	if [ "$rc" = 0 ] && [ "$got" = "$2" ]; then
		ok "$3: $got"
	else
		notok "$3: proposed '${got:-nothing}', status $rc, want $2"
		sed 's/^/# /' "$1.out" "$1.err" | head -n 30
	fi
}
learned cat cap_dac_read_search=ep "cat /etc/shadow as nobody"
grep -q "^manifest: cap_dac_read_search=ep $tmp/bin/cat$" cat.out
ok_rc $? "...and as a manifest line of the file's real path"
grep -q '^  getfcap --explain --context cap-drop-all --cap-add DAC_READ_SEARCH --user 65534: execve works$' cat.out &&
	grep -q '^  docker/podman: --cap-drop=ALL --cap-add=DAC_READ_SEARCH$' cat.out &&
	grep -q "systemd:CapabilityBoundingSet=CAP_DAC_READ_SEARCH --user 65534: execve works$" cat.out &&
	grep -q 'k8s-restricted --cap-add DAC_READ_SEARCH --user 65534: execve works$' cat.out
ok_rc $? "...with the runtimes' grants, each confirmed by getfcap --explain"
[ "$(getfattr --absolute-names -n security.capability bin/cat 2>/dev/null)" = "" ]
ok_rc $? "...and the file itself left without a value"

"$L" --user nobody bin/noisy -- bin/noisy 80 >noisy.out 2>noisy.err
rc=$?
learned noisy cap_net_bind_service=ep "the noise case binding port 80"
grep -q '^  cap_sys_ptrace  *no-audit granted [0-9]*: not proposed, no-audit' noisy.out
ok_rc $? "...its no-audit CAP_SYS_PTRACE check is not proposed"
grep -q '^  cap_dac_read_search  *denied [0-9]*, fell back [0-9]*: not proposed, denied, and the kernel checked its fallback' noisy.out &&
	grep -q '^  cap_dac_override  *denied [0-9]*: not proposed' noisy.out
ok_rc $? "...nor access(2)'s fallback pair, both denied"
grep -q '^  cap_sys_nice  *granted [0-9]*: dropped, the replay without it gave the same$' noisy.out
ok_rc $? "...and CAP_SYS_NICE, granted but not needed, is dropped by a replay"
"$L" --user nobody --same-output bin/noisy -- bin/noisy 80 >same.out 2>same.err
rc=$?
learned same cap_net_bind_service,cap_sys_nice=ep "--same-output keeps CAP_SYS_NICE (its output differs without it)"

if [ -x /usr/bin/fping ] &&
	[ "$(sed 's/[[:space:]]\{1,\}/ /' /proc/sys/net/ipv4/ping_group_range)" = "1 0" ]; then
	"$L" --user nobody /usr/bin/fping -- fping -c1 127.0.0.1 >fping.out 2>fping.err
	rc=$?
	learned fping cap_net_raw=ep "fping -c1 127.0.0.1 as nobody"
else
	skip "fping as nobody" "no /usr/bin/fping, or ping_group_range gives users ICMP sockets"
fi
py=$(readlink -f /usr/bin/python3 2>/dev/null)
if [ -x "$py" ] && [ "$(cat /proc/sys/net/ipv4/ip_unprivileged_port_start)" = 1024 ]; then
	"$L" --user nobody "$py" -- /usr/bin/python3 -c \
		'import socket; socket.socket().bind(("127.0.0.1", 80))' \
		>py.out 2>py.err
	rc=$?
	learned py cap_net_bind_service=ep "python3 binding port 80 as nobody"
else
	skip "python3 binding port 80" "no /usr/bin/python3, or unprivileged ports start below 1024"
fi

# ---- the audit: what was learned, as fsck-check's profiles -----------------------
mkdir prof
sed -n 's/^manifest: //p' noisy.out >prof/learned
setcap cap_net_bind_service,cap_sys_admin=ep bin/noisy
sbin/fsck-check --profiles prof "$tmp/bin" >fsck.out 2>&1
grep -q "^$tmp/bin/noisy: warning: grants more than its learned profile (prof/learned:1, cap_net_bind_service=ep): cap_sys_admin \[over-granted\]$" fsck.out
ok_rc $? "fsck-check --profiles: a planted value beyond the learned one is over-granted"
sbin/fsck-check --json --profiles prof "$tmp/bin" >fsck.json 2>/dev/null
if command -v jq >/dev/null; then
	jq -e 'select(.path | endswith("/bin/noisy")) | .findings[] | select(.rule == "over-granted" and .severity == "warning")' \
		fsck.json >/dev/null 2>&1
	ok_rc $? "...in --json"
else
	skip "...in --json" "no jq"
fi
sbin/fsck-check -q --profiles prof --prometheus fsck.prom "$tmp/bin" >/dev/null 2>&1
grep -q 'rule="over-granted",severity="warning"} 1$' fsck.prom
ok_rc $? "...and in --prometheus"
setcap cap_net_bind_service=ep bin/noisy
sbin/fsck-check --profiles prof "$tmp/bin" >fsck2.out 2>&1
! grep -q over-granted fsck2.out
ok_rc $? "...and the learned value itself is not"
setcap -r bin/noisy
printf 'cap_bogus=ep /x\n' >prof/zz
sbin/fsck-check --profiles prof "$tmp/bin" >/dev/null 2>fsck3.err
[ $? = 16 ] && grep -q '^fsck-check: prof/zz:1: invalid profile line: not a capability text$' fsck3.err
ok_rc $? "a bad profile line: its file, line and cause, status 16"
rm prof/zz

# ---- --apply, errors, what is left ---------------------------------------------
cp bin/cat bin/cat2
"$L" --apply --user nobody bin/cat2 -- bin/cat2 /etc/shadow >apply.out 2>apply.err
rc=$?
[ $rc = 0 ] && [ "$(sbin/getfcap bin/cat2)" = "bin/cat2 cap_dac_read_search=ep" ]
ok_rc $? "--apply sets the proposal with setfcap ($(sbin/getfcap bin/cat2))"
"$L" --user nobody --timeout 1 bin/cat -- sh -c 'exec sleep 30' >to.out 2>to.err
[ $? = 1 ]
ok_rc $? "a command that never runs the file: status 1"
"$L" --user nobody --timeout 2 bin/noisy -- sh -c 'bin/noisy; exec sleep 30' \
	>to.out 2>to.err
[ $? = 1 ] && grep -q 'timed out after 2 s' to.err
ok_rc $? "a run past --timeout: status 1, 'timed out after 2 s'"
"$L" --user nobody bin/noisy -- sh -c \
	"setsid sleep 300.$$ </dev/null >/dev/null 2>&1 & exec bin/noisy" \
	>left.out 2>left.err
[ $? = 0 ] && ! pgrep -f "^sleep 300\\.$$\$" >/dev/null
ok_rc $? "what the command leaves running ends with its PID namespace"
# the kernel frees a closed program after a grace period, from a work
# queue: on a loaded machine the last run's may still be listed for a
# moment; one left attached stays
i=0
while :; do
	progs_after=$(bpftool prog list 2>/dev/null | grep -c ' name fl_')
	[ "$progs_after" = "$progs_before" ] || [ $i -ge 20 ] && break
	i=$((i + 1))
	sleep 0.5
done
[ "$progs_after" = "$progs_before" ]
ok_rc $? "no program of the recorder is left attached ($progs_after, before $progs_before; $i looks)"
[ "$(wc -l </proc/self/mountinfo)" = "$mounts_before" ] &&
	[ "$(ls -d /tmp/fcaps-learn.* 2>/dev/null | wc -l)" = "$dirs_before" ]
ok_rc $? "no mount and no directory of the runs is left"
echo "1..$n"
