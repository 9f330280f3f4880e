#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=6.1] kernel/mkdev.sh [--export]
#
# Without argument: (re)create $K/dev ($K: build/kernel for 6.12,
# build/kernel/6.1 for 6.1), a git repository over a copy
# of the unpacked tree with a "baseline" commit on branch "base" and the
# series applied with `git am` on branch "fcaps".  Edit there (commit,
# `git rebase -i base`), then `kernel/mkdev.sh --export` writes the branch
# back to kernel/patches/$KVER/ (format-patch --cover-letter, with the text
# of its cover-letter.txt, + series) and runs checkpatch on every file.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
dev=$kdir/dev
# Paths tracked by the baseline: everything the series touches, and more.
paths="security fs/xattr.c fs/Kconfig kernel/capability.c include/linux
include/uapi/linux Documentation/admin-guide tools/testing/selftests/Makefile
MAINTAINERS"
g() { git -C "$dev" -c user.name="fcaps developers" \
	-c user.email=dev@fcaps.invalid "$@"; }

if [ "${1:-}" = --export ]; then
	out=$kdir/export
	rm -rf "$out"
	# The cover letter's subject and text come from cover-letter.txt
	# (first paragraph: subject); git adds the shortlog and diffstat.
	g config branch.fcaps.description "$(cat "$patchdir/cover-letter.txt")"
	g format-patch -q --zero-commit --no-signature --cover-letter \
		--cover-from-description=subject -o "$out" base..fcaps
	rm -f "$patchdir"/*.patch
	cp "$out"/*.patch "$patchdir/"
	# series: what build.sh applies, so never the cover letter
	(cd "$patchdir" && ls *.patch |
		grep -vx '0000-cover-letter.patch' > series)
	sh "$top/kernel/lint.sh" "$pristine/scripts/checkpatch.pl" \
		"$patchdir"/*.patch && echo "  LINT clean"
	exit 0
fi

sh "$top/kernel/unpack.sh"
rm -rf "$dev"
cp -a "$pristine" "$dev"
g init -q -b base
# shellcheck disable=SC2086
g add -f $paths
g commit -q -m baseline
g checkout -q -b fcaps
for p in $(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series"); do
	g am -q "$patchdir/$p"
done
g log --oneline base..fcaps
