#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-man.sh: the SYNOPSIS of doc/setfcap.8 and doc/getfcap.8 matches each
# tool's usage() (TAP).
. "$(dirname "$0")/cli-lib.sh"

if ! command -v man >/dev/null || ! command -v col >/dev/null; then
	echo "1..0 # SKIP man or col not installed"
	exit 0
fi
for t in setfcap getfcap; do
	"$san/$t/$t" -h | sed -n '/^usage:/,/^$/p' | sed 's/^usage: //' |
		grep . | sed 's/^ *//; s/  */ /g' >"$t.usage"
	MANWIDTH=300 man -l "$top/doc/$t.8" 2>/dev/null | col -b |
		sed -n '/^SYNOPSIS/,/^[A-Z]/p' | sed '1d;$d' | grep . |
		sed 's/^ *//; s/  */ /g' >"$t.synopsis"
	if [ -s "$t.usage" ] && cmp -s "$t.usage" "$t.synopsis"; then
		ok "$t.8 SYNOPSIS matches $t -h"
	else
		notok "$t.8 SYNOPSIS matches $t -h"
		diff "$t.usage" "$t.synopsis" | sed 's/^/# /'
	fi
	if MANWIDTH=80 man --warnings -l "$top/doc/$t.8" 2>&1 >/dev/null |
		grep -q .; then
		notok "$t.8 renders without warnings"
	else
		ok "$t.8 renders without warnings"
	fi
done
done_testing
