#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# [KVER=6.1] kernel/lint.sh [PATCH...]: checkpatch --strict over each
# PATCH, by the line's own scripts/checkpatch.pl run from its pristine
# tree (each line is linted by its own kernel's checkpatch), and each
# PATCH's To:/Cc: headers against the line's get_maintainer.pl
# (kernel/recipients.sh --check); any finding fails.  Without PATCH, the
# line's two series: each series directory's cover letter (fix/ and
# policy/, the directories the top-level series names) and every patch
# of the series; a directory with a cover-letter.txt, or with more than
# one patch, must have its 0000-cover-letter.patch.
# UNKNOWN_COMMIT_ID is ignored: the unpacked tree has no git history, so
# checkpatch calls every commit id unknown.  The ids in Fixes: tags were
# checked against torvalds/linux by hand (kernel/README.md).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
checkpatch=$pristine/scripts/checkpatch.pl
[ -f "$checkpatch" ] ||
	{ echo "kernel/lint.sh: no $checkpatch (KVER=$KVER sh kernel/unpack.sh)" >&2; exit 1; }
rc=0
if [ $# -eq 0 ]; then
	list=$(series_entries "$series")
	for s in $(echo "$list" | sed -n 's|/.*||p' | awk '!seen[$0]++'); do
		d=$patchdir/$s
		if [ -f "$d/0000-cover-letter.patch" ]; then
			set -- "$@" "$d/0000-cover-letter.patch"
		elif [ -f "$d/cover-letter.txt" ] ||
		     [ "$(echo "$list" | grep -c "^$s/")" -gt 1 ]; then
			echo "kernel/lint.sh: ${d#$top/}: no 0000-cover-letter.patch (kernel/mkdev.sh --export writes it)"
			rc=1
		fi
	done
	for p in $list; do
		set -- "$@" "$patchdir/$p"
	done
fi
[ $# -gt 0 ] || exit $rc
for p in "$@"; do
	case $p in /*) ;; *) p=$PWD/$p ;; esac
	if ! out=$(cd "$pristine" &&
		perl "$checkpatch" --strict --quiet --show-types \
		--ignore UNKNOWN_COMMIT_ID "$p" 2>&1) ||
	   [ -n "$out" ]; then
		printf '%s\n%s\n' "checkpatch: ${p#$top/}:" "$out"
		rc=1
	fi
done
sh "$top/kernel/recipients.sh" --check "$@" || rc=1
exit $rc
