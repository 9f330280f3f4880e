#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# install.sh: the binaries `make install` ships (the plain build, not the
# sanitizer one the other suites run), installed into a DESTDIR and run:
# they are the tools built in the tree, fsck-check --image tells a value in
# the inode from one in an EA block (not "unknown", as a build probed
# before make deps installed libext2fs-dev would), and, as root, setfcap
# and getfcap set and read a value.
set -u
# a parent make -s would change what make prints
unset MAKEFLAGS MFLAGS
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
. "$top/tests/ea-plant.sh"
cd "$top" || exit 1
for c in mke2fs debugfs python3; do
	if ! command -v "$c" >/dev/null; then
		echo "1..0 # SKIP no $c (scripts/deps.sh installs e2fsprogs)"
		exit 0
	fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
echo "1..6"

make --no-print-directory DESTDIR="$tmp/root" PREFIX=/usr install \
	>"$tmp/inst" 2>&1
ok_rc $? "make install DESTDIR=... PREFIX=/usr"
sbin=$tmp/root/usr/sbin
same=
for t in setfcap getfcap fsck-check; do
	cmp -s "$sbin/$t" "$t/$t" || same="$same $t"
done
[ -z "$same" ]
ok_rc $? "the installed tools are the plain build in the tree${same:+ (differ:$same)}"

# storage IMG: the "storage" of the installed fsck-check's one value
storage() {
	"$sbin/fsck-check" --image "$1" --json 2>/dev/null |
		sed -n 's/.*"storage":"\([a-z]*\)".*/\1/p'
}
mkdir -p "$tmp/src" && cp /bin/true "$tmp/src/f"
v=0000000200200000000000000000000000000000	# cap_net_raw+p
# STORAGE:MKE2FS-OPTION:WHERE: 256-byte inodes hold the value, 128-byte
# ones leave it to an EA block
for c in "inode::in the inode" "block:-I 128:in an EA block"; do
	want=${c%%:*} opt=${c#*:} where=${c##*:} got=
	opt=${opt%%:*}
	setup "an image for a value $where" sh -c \
		'mke2fs -q -t ext4 $3 -d "$1" "$2" 8M >/dev/null 2>&1' sh \
		"$tmp/src" "$tmp/$want.img" "$opt" &&
		setup "its value" ea_plant "$tmp/$want.img" /f $v &&
		{ got=$(storage "$tmp/$want.img"); [ "$got" = "$want" ]; }
	ok_rc $? "installed fsck-check --image: a value $where is '$want' (${got:-none})"
done

if [ "$(id -u)" -eq 0 ]; then
	cp /bin/true "$tmp/t"
	"$sbin/setfcap" cap_net_raw+ep "$tmp/t"
	ok_rc $? "installed setfcap sets a value"
	[ "$("$sbin/getfcap" "$tmp/t")" = "$tmp/t cap_net_raw=ep" ]
	ok_rc $? "installed getfcap reads it back"
else
	skip "installed setfcap sets a value" "needs root"
	skip "installed getfcap reads it back" "needs root"
fi
