#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel/fix-applies.sh: TAP.  Each line's fix series (its fix/series, the
# stable fix) must apply with `git am`, in order, to a clean tree of its
# own line, and 7.3's -- the one sent upstream -- to every older line, as
# the stable maintainers would apply it: each of its patches onto the
# older line with that line's own fix patches before it applied.  Where
# a patch of 7.3's does not apply, the older line's patch in its place
# must say why it was reworked ("does not apply as is" in its
# changelog).  Each check runs in a scratch git tree holding the files of
# Debian's pristine tree of that line (kernel/unpack.sh) that the fix
# series touch; files a patch creates come from the patch.
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
fixes() {	# VERSION: the paths of its fix series' patches, in order
	series_entries "$top/kernel/patches/$1/fix/series" |
		sed "s|^|$top/kernel/patches/$1/fix/|"
}
patches() {	# N: "N patches", "1 patch"
	if [ "$1" = 1 ]; then echo "1 patch"; else echo "$1 patches"; fi
}
subject() {	# PATCH: its subject, unfolded, without the [PATCH n/N] prefix
	awk '/^Subject:/ { s = $0; c = 1; next }
	     c && /^[ \t]/ { s = s $0; next }
	     c { exit }
	     END { sub(/^Subject: *(\[[^]]*\] *)?/, "", s)
		   gsub(/[ \t]+/, " ", s); print s }' "$1"
}
# tree VERSION NAME PATCH...: $work/NAME, a git tree of VERSION's pristine
# files that the PATCHes touch (those it has), committed; its path in d
tree() {
	d=$work/$2
	src=$top/build/linux-source-$1	# that line's $pristine
	shift 2
	rm -rf "$d" && mkdir -p "$d"
	for f in $(sed -n 's|^--- a/||p' "$@" | sort -u); do
		[ -f "$src/$f" ] || continue
		mkdir -p "$d/$(dirname "$f")"
		cp "$src/$f" "$d/$f"
	done
	g init -q && g add -A && g commit -q --allow-empty -m pristine
}
g() { git -C "$d" -c user.name=fcaps -c user.email=fcaps@invalid "$@"; }
# am PATCH...: git am each PATCH onto $d in order; 0 if all apply
# (offsets allowed, as git am allows them; no fuzz)
am() {
	for p in "$@"; do
		g am -q "$p" >"$d.log" 2>&1 || {
			echo "# $(basename "$p"):"
			sed 's/^/# /' "$d.log"
			g am --abort >/dev/null 2>&1
			return 1
		}
	done
}
for v in $KERNEL_VERSIONS; do
	(KVER=$v sh "$top/kernel/unpack.sh") >/dev/null ||
		ok 1 "$v: kernel/unpack.sh"
done
for v in $KERNEL_VERSIONS; do
	# shellcheck disable=SC2046
	set -- $(fixes "$v")
	if [ $# -eq 0 ]; then
		ok 1 "$v: its fix series (kernel/patches/$v/fix/series) lists patches"
		continue
	fi
	tree "$v" "$v" "$@" && am "$@"
	ok $? "$v: its fix series ($(patches $#)) applies with git am to linux-source-$v"
done
up=$(fixes $upstream)
nup=$(echo "$up" | wc -l)
for v in $KERNEL_VERSIONS; do
	[ "$v" = $upstream ] && continue
	own=$(fixes "$v")
	if [ "$(echo "$own" | grep -c .)" != "$nup" ]; then
		ok 1 "$v: its fix series has as many patches as $upstream's ($nup)"
		continue
	fi
	i=0
	for p in $up; do
		i=$((i + 1))
		# v's own patches before this one, then upstream's
		# shellcheck disable=SC2046
		set -- $(echo "$own" | head -n $((i - 1)))
		# shellcheck disable=SC2086
		tree "$v" "$v-up$i" $up $own
		if am "$@" "$p"; then
			ok 0 "$v: $upstream's fix $i/$nup ($(subject "$p")) applies with git am, as a stable backport"
		else
			b=$(echo "$own" | sed -n "${i}p")
			grep -q "does not apply as is" "$b"
			ok $? "$v: $upstream's fix $i/$nup does not apply; $v's fix $i ($(basename "$b")) says why it was reworked"
		fi
	done
done
echo "1..$n"
exit $rc
