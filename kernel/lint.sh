#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# [KVER=6.1] kernel/lint.sh CHECKPATCH PATCH...: checkpatch --strict over
# each patch of the series, run from the kernel tree of that version (each
# series is linted by its own kernel's checkpatch); any finding fails.
# UNKNOWN_COMMIT_ID is ignored: the unpacked tree has no git history, so
# checkpatch calls every commit id unknown.  The ids in Fixes: tags were
# checked against torvalds/linux by hand (kernel/README.md).
set -u
checkpatch=$1; shift
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
case $checkpatch in /*) ;; *) checkpatch=$top/$checkpatch ;; esac
rc=0
for p in "$@"; do
	case $p in /*) ;; *) p=$top/$p ;; esac
	if ! out=$(cd "$pristine" &&
		perl "$checkpatch" --strict --quiet --show-types \
		--ignore UNKNOWN_COMMIT_ID "$p" 2>&1) ||
	   [ -n "$out" ]; then
		printf '%s\n%s\n' "checkpatch: ${p#$top/}:" "$out"
		rc=1
	fi
done
exit $rc
