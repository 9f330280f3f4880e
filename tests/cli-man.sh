#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# cli-man.sh: the SYNOPSIS of doc/setfcap.8, doc/getfcap.8 and
# doc/fsck-check.8 matches each tool's usage(), every long option a tool
# accepts is documented in its man page, and the pages render without
# warnings (TAP).
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

# fsck-check's usage wraps differently from its SYNOPSIS: compare the words.
"$san/fsck-check/fsck-check" -h | sed -n '/^usage:/,/^$/p' |
	sed 's/^usage: //' | tr -s ' \n' '  ' | sed 's/ *$//' >fsck-check.usage
MANWIDTH=300 man -l "$top/doc/fsck-check.8" 2>/dev/null | col -b |
	sed -n '/^SYNOPSIS/,/^[A-Z]/p' | sed '1d;$d' | tr -s ' \n' '  ' |
	sed 's/^ *//; s/ *$//' >fsck-check.synopsis
if [ -s fsck-check.usage ] && cmp -s fsck-check.usage fsck-check.synopsis; then
	ok "fsck-check.8 SYNOPSIS matches fsck-check -h"
else
	notok "fsck-check.8 SYNOPSIS matches fsck-check -h"
	diff fsck-check.usage fsck-check.synopsis | sed 's/^/# /'
fi
if MANWIDTH=80 man --warnings -l "$top/doc/fsck-check.8" 2>&1 >/dev/null |
	grep -q .; then
	notok "fsck-check.8 renders without warnings"
else
	ok "fsck-check.8 renders without warnings"
fi

# Every long option in the sources (getopt_long tables; setfcap compares
# strings itself) appears in the man page.
for t in setfcap getfcap fsck-check; do
	{
		grep -h -o '{ *"[a-z][a-z-]*", *[a-z_]*argument' "$top/$t"/*.c |
			sed 's/{ *"\([a-z-]*\)".*/\1/'
		grep -h -o 'strcmp(arg, "--[a-z-]*")' "$top/$t"/*.c |
			sed 's/.*"--\([a-z-]*\)".*/\1/'
	} | sort -u >"$t.opts"
	MANWIDTH=300 man -l "$top/doc/$t.8" 2>/dev/null | col -b >"$t.man"
	missing=
	while read -r o; do
		grep -q -e "--$o\b" "$t.man" || missing="$missing --$o"
	done <"$t.opts"
	if [ -s "$t.opts" ] && [ -z "$missing" ]; then
		ok "$t.8 documents all $(wc -l <"$t.opts") long options"
	else
		notok "$t.8 documents every long option (missing:${missing:- none found})"
	fi
done
done_testing
