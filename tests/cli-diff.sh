#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-diff.sh: setfcap/getfcap against the installed libcap setcap/getcap
# over a few hundred capability texts: same success or failure, same bytes
# written, same line printed (TAP).
set -u
. "$(dirname "$0")/cli-lib.sh"

SETCAP=$(command -v setcap || echo /usr/sbin/setcap)
GETCAP=$(command -v getcap || echo /usr/sbin/getcap)
if ! is_root; then
	echo "1..0 # SKIP not root (CAP_SETFCAP needed)"
	exit 0
fi
if [ ! -x "$SETCAP" ] || [ ! -x "$GETCAP" ]; then
	echo "1..0 # SKIP libcap setcap/getcap not installed"
	exit 0
fi

texts() {
	for f in '' e i p ei ep ip eip; do
		for op in + - =; do
			for c in cap_chown cap_kill cap_net_raw cap_sys_admin \
				cap_checkpoint_restore all cap_chown,cap_kill \
				cap_net_raw,cap_sys_admin; do
				echo "$c$op$f"
			done
		done
	done
	cat <<'T'

 
=
=ep
=p
all=ep cap_kill-e
all=p cap_kill-p
cap_kill+p cap_chown+ep
cap_kill+ep cap_chown+ep
cap_kill=eip cap_kill-i
cap_net_raw+p cap_net_raw+e
= cap_kill+p
cap_kill+ep-e
cap_kill=p+e
cap_kill+i-i
cap_kill=pe-p
CAP_KILL+p
Cap_Net_Raw=ep
12=ep
40+p
63+p
64+p
99999+p
cap_bogus+p
cap_kill+x
cap_kill
cap_kill=
+p
-p
-e
-ep
-i
-eip
+ep
=i
=ep cap_setfcap-p
all=eip
cap_kill++p
cap_kill,+p
,cap_kill+p
cap_kill+p,
cap_kill=+p
cap_kill p
cap_kill+p	cap_chown+i
 cap_kill+ep 
cap_setfcap,cap_sys_admin,cap_bpf+ip
cap_kill+e
cap_kill+ie
cap_kill+p cap_kill+e
all+e
all-e
cap_chown=ep cap_chown-p
cap_chown=i cap_kill=e
T
}

texts >texts
while IFS= read -r t; do
	rm -f x y
	touch x y
	"$SETCAP" "$t" x >/dev/null 2>&1; r1=$?
	"$SETF" -q "$t" y >/dev/null 2>errs; r2=$?
	[ "$r1" = 0 ] && r1=ok || r1=fail
	[ "$r2" = 0 ] && r2=ok || r2=fail
	h1=$(xhex x) h2=$(xhex y)
	g1=$("$GETCAP" x 2>/dev/null) g2=$("$GETF" x 2>>errs)
	why=
	[ "$r1" = "$r2" ] || why="setcap $r1, setfcap $r2"
	[ "$h1" = "$h2" ] || why="$why bytes $h1 vs $h2"
	[ "$g1" = "$g2" ] || why="$why getcap '$g1' vs getfcap '$g2'"
	if grep -q 'AddressSanitizer\|runtime error' errs; then
		why="$why sanitizer report"
	fi
	if [ -z "$why" ]; then
		ok "'$t' ($r1)"
	else
		notok "'$t': $why"
		sed 's/^/# /' errs
	fi
done <texts

# rootid: setcap -n writes the same v3 bytes
rm -f x y
touch x y
setup "setcap -n 1234 x" "$SETCAP" -n 1234 cap_kill,cap_chown=ep x
setup "setfcap -n 1234 y" "$SETF" -n 1234 cap_kill,cap_chown=ep y
check "-n 1234 writes the bytes setcap writes" [ "$(xhex x)" = "$(xhex y)" ]
check "getcap -n and getfcap agree on a v3 value" \
	[ "$("$GETCAP" -n x)" = "$("$GETF" x)" ]
# -v output and status, matching and differing
rm -f x
touch x
setup "setcap cap_kill+ep x" "$SETCAP" cap_kill+ep x
for t in cap_kill+ep cap_kill+p cap_chown+ep; do
	o1=$("$SETCAP" -v "$t" x 2>/dev/null); r1=$?
	o2=$("$SETF" -v "$t" x 2>/dev/null); r2=$?
	check "-v '$t': same output and status ($r1)" \
		[ "$o1" = "$o2" -a "$r1" = "$r2" ]
done

# getcap -rv and getfcap -rv print the same lines in the same order
mkdir -p tree/d/e
for f in a b c d/x d/y d/e/z; do : >tree/$f; done
ln -s a tree/l
ln tree/a tree/d/hard
mkfifo tree/fifo
setup "setcap on tree/a, tree/d/y, tree/d/e/z" \
	"$SETCAP" cap_kill+ep tree/a cap_chown=i tree/d/y "=" tree/d/e/z
"$GETCAP" -rv tree >g1 2>&1
"$GETF" -rv tree >g2 2>&1
check "getcap -rv and getfcap -rv agree line for line" cmp -s g1 g2
"$GETCAP" -r tree >g1 2>&1
"$GETF" -r tree >g2 2>&1
check "getcap -r and getfcap -r agree line for line" cmp -s g1 g2
# -r with and without a value, and text from stdin
rm -f x y
touch x y
setup "setcap cap_kill+p x" "$SETCAP" cap_kill+p x
setup "setfcap cap_kill+p y" "$SETF" cap_kill+p y
"$SETCAP" -r x; r1=$?
"$SETF" -r y; r2=$?
check "-r on a file with a value: both succeed" [ "$r1$r2" = 00 ]
check "-r leaves the same (no) value" [ "$(xhex x)" = none -a "$(xhex y)" = none ]
"$SETCAP" -r x 2>/dev/null; r1=$?
"$SETF" -r y 2>/dev/null; r2=$?
check "-r on a file without a value: both fail" [ "$r1" != 0 -a "$r2" != 0 ]
echo 'cap_chown,cap_fowner+ei' | "$SETCAP" -q - x; r1=$?
echo 'cap_chown,cap_fowner+ei' | "$SETF" -q - y; r2=$?
check "- from stdin: same status and bytes" \
	[ "$r1$r2" = 00 -a "$(xhex x)" = "$(xhex y)" ]
done_testing
