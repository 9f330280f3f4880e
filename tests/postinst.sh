#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# postinst.sh: doc/examples/postinst, the admin guide's post-install
# pattern, run against scratch files: applies the manifest, leaves a
# statoverridden file alone, clears an old set-uid bit, changes nothing
# the second time, falls back to set-uid without setfcap, refuses an
# unknown action.  TAP; needs root (it sets capabilities).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
cd "$top" || exit 1
if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root to set capabilities"
	exit 0
fi
for b in setfcap/setfcap getfcap/getfcap; do
	if [ ! -x "$top/$b" ]; then
		echo "Bail out! $top/$b not built (make all)"
		exit 1
	fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..8"

# Tools on PATH as a package would have them; dpkg-statoverride stubbed
# from a list of overridden paths.
mkdir -p "$tmp/bin" "$tmp/nofcaps" "$tmp/files"
ln -s "$top/setfcap/setfcap" "$tmp/bin/setfcap"
ln -s "$top/getfcap/getfcap" "$tmp/bin/getfcap"
cat >"$tmp/bin/dpkg-statoverride" <<EOF
#!/bin/sh
[ "\$1" = --list ] && grep -qxF "\$2" "$tmp/overrides" && echo "root root 0755 \$2"
EOF
chmod 755 "$tmp/bin/dpkg-statoverride"
cp "$tmp/bin/dpkg-statoverride" "$tmp/nofcaps/"
for f in sim "with space" overridden old-setuid; do
	cp /bin/true "$tmp/files/$f"
	chmod 755 "$tmp/files/$f"
done
chmod 4755 "$tmp/files/old-setuid"
echo "$tmp/files/overridden" >"$tmp/overrides"
cat >"$tmp/manifest" <<EOF
# oracle-sim
cap_ipc_lock+ep $tmp/files/sim

cap_net_raw+ep $tmp/files/with space
cap_sys_nice+ep $tmp/files/overridden
cap_ipc_lock+ep $tmp/files/old-setuid
EOF
sed "s|^MANIFEST=.*|MANIFEST=$tmp/manifest|" doc/examples/postinst \
	>"$tmp/postinst"
sh -n "$tmp/postinst"
ok_rc $? "the example postinst parses (sh -n)"

PATH=$tmp/bin:/usr/sbin:/usr/bin:/sbin:/bin sh "$tmp/postinst" configure \
	>"$tmp/out" 2>&1
rc=$?
sed 's/^/# /' "$tmp/out"
caps() { "$top/getfcap/getfcap" "$tmp/files/$1" 2>&1 | sed "s|^$tmp/files/||"; }
[ $rc -eq 0 ] && [ "$(caps sim)" = "sim cap_ipc_lock=ep" ] &&
	[ "$(caps 'with space')" = "with space cap_net_raw=ep" ]
ok_rc $? "configure applies the manifest, a path with a space included"

[ -z "$(caps overridden)" ] &&
	grep -q "overridden has a dpkg-statoverride" "$tmp/out"
ok_rc $? "a file with a dpkg-statoverride is left alone, and the script says so"

[ "$(caps old-setuid)" = "old-setuid cap_ipc_lock=ep" ] &&
	[ ! -u "$tmp/files/old-setuid" ]
ok_rc $? "an old set-uid bit is cleared once the capabilities are on"

before=$(stat -c %z "$tmp/files/sim" "$tmp/files/with space" \
	"$tmp/files/old-setuid")
sleep 0.05
PATH=$tmp/bin:/usr/sbin:/usr/bin:/sbin:/bin sh "$tmp/postinst" configure \
	>"$tmp/out2" 2>&1
rc=$?
after=$(stat -c %z "$tmp/files/sim" "$tmp/files/with space" \
	"$tmp/files/old-setuid")
[ $rc -eq 0 ] && [ "$before" = "$after" ]
ok_rc $? "a second configure exits 0 and touches no file (ctime unchanged)"

# Without setfcap (nor a setcap of its own name): set-uid, with a message.
for f in sim "with space" old-setuid; do
	setcap -r "$tmp/files/$f"
	chmod 755 "$tmp/files/$f"
done
PATH=$tmp/nofcaps:/usr/bin:/bin sh "$tmp/postinst" configure \
	>"$tmp/out3" 2>&1
rc=$?
sed 's/^/# /' "$tmp/out3"
[ $rc -eq 0 ] && [ -u "$tmp/files/sim" ] && [ -u "$tmp/files/with space" ] &&
	[ ! -u "$tmp/files/overridden" ] &&
	grep -q "falling back to set-uid root" "$tmp/out3"
ok_rc $? "without setfcap it falls back to set-uid (not for the overridden file), loudly"
[ -z "$(caps sim)" ]
ok_rc $? "... and sets no capability then"

sh "$tmp/postinst" frobnicate >/dev/null 2>&1
[ $? -eq 1 ]
ok_rc $? "an unknown action exits 1"
