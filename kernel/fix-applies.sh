#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel/patch1-applies.sh: TAP.  Patch 1 of each series (the stable fix)
# must apply with `git am` to a clean tree of its own line, and 7.3's
# patch 1 -- the one sent upstream -- to every older line, as the stable
# maintainers would apply it; where it does not, the backport's changelog
# must say why it was reworked.  Each check runs in a scratch git tree
# holding just the files the patch touches, from Debian's pristine tree
# of that line (kernel/unpack.sh).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
upstream=7.3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0 rc=0
ok() {	# STATUS DESCRIPTION
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		rc=1
	fi
}
patch1() {	# VERSION: the path of its series' first patch
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$top/kernel/patches/$1/series" |
		head -n 1 | sed "s|^|$top/kernel/patches/$1/|"
}
# try_am VERSION PATCH: git am PATCH onto VERSION's pristine files; 0 if it
# applies (offsets allowed, as git am allows them; no fuzz)
try_am() {
	d=$work/$1-$(basename "$2" .patch)
	src=$(top=$top KVER=$1 sh -c '. "$top/kernel/kver.sh"; echo "$pristine"')
	rm -rf "$d" && mkdir -p "$d"
	for f in $(sed -n 's|^+++ b/||p' "$2"); do
		[ -f "$src/$f" ] || { echo "# $1: no $f in $src"; return 1; }
		mkdir -p "$d/$(dirname "$f")"
		cp "$src/$f" "$d/$f"
	done
	g() { git -C "$d" -c user.name=fcaps -c user.email=fcaps@invalid "$@"; }
	g init -q && g add -A && g commit -q -m pristine &&
		g am -q "$2" >"$d.log" 2>&1
	r=$?
	[ $r -ne 0 ] && sed 's/^/# /' "$d.log"
	return $r
}
for v in $KERNEL_VERSIONS; do
	(KVER=$v sh "$top/kernel/unpack.sh") >/dev/null || {
		ok 1 "$v: kernel/unpack.sh"; continue; }
done
for v in $KERNEL_VERSIONS; do
	p=$(patch1 "$v")
	try_am "$v" "$p"
	ok $? "$v: its patch 1 ($(basename "$p")) applies with git am to linux-source-$v"
done
up=$(patch1 $upstream)
for v in $KERNEL_VERSIONS; do
	[ "$v" = $upstream ] && continue
	if try_am "$v" "$up"; then
		ok 0 "$v: $upstream's patch 1 applies with git am, as a stable backport"
	else
		# then the backport must say why it differs
		grep -q "does not apply as is" "$(patch1 "$v")"
		ok $? "$v: $upstream's patch 1 does not apply; $v's patch 1 says why it was reworked"
	fi
done
echo "1..$n"
exit $rc
