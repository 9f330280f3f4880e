#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=6.1] kernel/mkdev.sh [--export]
#
# Without argument: (re)create $K/dev ($K: build/kernel for 6.12,
# build/kernel/6.1 for 6.1), a git repository over a copy of the unpacked
# tree with a "baseline" commit on branch "base" and kernel/patches/$KVER's
# series applied with `git am`: branch "fix" ends the fix series (fix/),
# branch "fcaps" the policy series on top of it (policy/).  Edit there
# (commit, `git rebase -i base`, and move "fix" to the fix series' last
# commit), then `kernel/mkdev.sh --export` writes both series back:
#   fix/      base..fix, [PATCH n/N], cover letter from fix/cover-letter.txt
#   policy/   fix..fcaps, [RFC PATCH n/N], from policy/cover-letter.txt
# (format-patch --cover-letter; the first paragraph of cover-letter.txt is
# the subject), each directory's series and the top-level series (fix
# first), the mail headers of each file (kernel/recipients.sh), and lints
# both (kernel/lint.sh).  A series of one patch needs no cover letter: it
# gets one when its cover-letter.txt exists.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
dev=$kdir/dev
# Paths tracked by the baseline: these, and every file of the tree that
# the series touches (below).
paths="security fs/xattr.c fs/Kconfig fs/overlayfs kernel/capability.c
include/linux include/uapi/linux Documentation/admin-guide
tools/testing/selftests/Makefile tools/testing/selftests/capabilities
MAINTAINERS"
g() { git -C "$dev" -c user.name="fcaps developers" \
	-c user.email=dev@fcaps.invalid "$@"; }

# export_series NAME RANGE [FORMAT-PATCH OPTION...]: RANGE into
# $patchdir/NAME
export_series() {
	name=$1 range=$2 d=$patchdir/$1
	shift 2
	out=$kdir/export/$name
	mkdir -p "$out" "$d"
	n=$(g rev-list --count "$range")
	[ "$n" -gt 0 ] || { echo "kernel/mkdev.sh: $range is empty" >&2; exit 1; }
	# The cover letter's subject and text come from cover-letter.txt
	# (first paragraph: subject); git adds the shortlog and diffstat.
	# format-patch reads the description of the range's branch.
	cover=
	if [ -f "$d/cover-letter.txt" ]; then
		g config "branch.${range#*..}.description" \
			"$(cat "$d/cover-letter.txt")"
		cover="--cover-letter --cover-from-description=subject"
	elif [ "$n" -gt 1 ]; then
		echo "kernel/mkdev.sh: ${d#$top/}/cover-letter.txt missing: $n patches need a cover letter" >&2
		exit 1
	fi
	# shellcheck disable=SC2086
	g format-patch -q --zero-commit --no-signature $cover "$@" \
		-o "$out" "$range"
	rm -f "$d"/*.patch
	cp "$out"/*.patch "$d/"
	# series: what build.sh applies, so never the cover letter
	(cd "$d" && ls [0-9]*.patch |
		grep -vx '0000-cover-letter.patch' > series)
}

if [ "${1:-}" = --export ]; then
	g rev-parse -q --verify refs/heads/fix >/dev/null ||
		{ echo "kernel/mkdev.sh: $dev has no branch fix" >&2; exit 1; }
	rm -rf "$kdir/export"
	export_series fix base..fix
	export_series policy fix..fcaps --subject-prefix="RFC PATCH"
	{ series_entries "$patchdir/fix/series" | sed 's|^|fix/|'
	  series_entries "$patchdir/policy/series" | sed 's|^|policy/|'
	} >"$series"
	set -- "$patchdir"/fix/*.patch "$patchdir"/policy/*.patch
	sh "$top/kernel/recipients.sh" "$@"
	sh "$top/kernel/lint.sh" "$@" && echo "  LINT clean"
	exit 0
fi

sh "$top/kernel/unpack.sh"
nfix=$(fix_count)
rm -rf "$dev"
mkdir -p "$dev"
cp -a "$pristine/." "$dev"
g init -q -b base
for p in $(series_entries "$series"); do
	sed -n 's|^--- a/||p' "$patchdir/$p"
done | sort -u | while read -r f; do
	if [ -f "$dev/$f" ]; then echo "$f"; fi
done >"$dev/.git/fcaps-touched"
# shellcheck disable=SC2046,SC2086
g add -f $paths $(cat "$dev/.git/fcaps-touched")
g commit -q -m baseline
g checkout -q -b fcaps
i=0
for p in $(series_entries "$series"); do
	g am -q "$patchdir/$p"
	i=$((i + 1))
	if [ "$i" = "$nfix" ]; then g branch fix; fi
done
g log --oneline base..fix
echo "  ---- fix..fcaps"
g log --oneline fix..fcaps
