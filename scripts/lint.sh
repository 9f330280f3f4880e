#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# lint.sh CHECKPATCH IGNORES FILE...: the kernel's checkpatch.pl (--no-tree
# -f, kernel-only advice ignored) and cppcheck over the user-space sources.
set -u
checkpatch=$1 ignore=$2
shift 2
rc=0
[ $# -gt 0 ] || exit 0
echo "  CHECKPATCH $#"
for f in "$@"; do
	out=$(perl "$checkpatch" --no-tree --quiet --terse --show-types \
		--ignore "$ignore" -f "$f" 2>&1) || { echo "$out"; rc=1; }
done
echo "  CPPCHECK"
cppcheck --quiet --error-exitcode=1 --inline-suppr --std=c11 \
	--enable=warning,portability,performance \
	--suppress=missingIncludeSystem -I lib "$@" || rc=1
exit $rc
