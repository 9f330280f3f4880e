#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# include-cycles.sh [TOP]: fail when the modules of lib/, common/,
# fsck-check/ and the tools (getfcap/, setfcap/, guard/, learn/) include
# each other in a cycle.
#
# A module is a source file and its header (tree.c and tree.h).  A
# header with no source of its own name belongs to the source its name
# starts with (archive-scan.h to archive.c); one with neither (fcap.h,
# source.h) is a module alone.  Module A uses B when a file of A has an
# `#include "..."` of a file of B.  A cycle (A uses B, B uses A, through
# any number of modules) is printed, one "A -> B -> ... -> A" line, and
# the status is 1; else 0.
set -u
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 2
dirs="lib common fsck-check getfcap setfcap guard learn"
# the module of file $1 (dir/name)
module() {
	_d=${1%/*} _f=${1##*/} _s=
	case $_f in
	*.c) echo "$_d/${_f%.c}"; return ;;
	esac
	_s=${_f%.h}
	if [ ! -f "$_d/$_s.c" ] && [ -f "$_d/${_s%%-*}.c" ]; then
		_s=${_s%%-*}
	fi
	echo "$_d/$_s"
}
edges=$(mktemp) || exit 2
trap 'rm -f "$edges"' EXIT
for d in $dirs; do
	for f in "$d"/*.c "$d"/*.h; do
		[ -f "$f" ] || continue
		from=$(module "$f")
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$f" | while read -r inc; do
			to=
			for t in "$d" $dirs; do
				if [ -f "$t/$inc" ]; then
					to=$(module "$t/$inc")
					break
				fi
			done
			[ -n "$to" ] && [ "$to" != "$from" ] &&
				echo "$from $to"
		done
	done
done | sort -u >"$edges"
# depth-first search from every module: a module met again on the
# current path closes a cycle
awk '
{ adj[$1] = adj[$1] " " $2; node[$1] = 1; node[$2] = 1 }
function dfs(u,    i, n, v, vs, p, k) {
	state[u] = 1
	path[++depth] = u
	n = split(adj[u], vs, " ")
	for (i = 1; i <= n; i++) {
		v = vs[i]
		if (state[v] == 1) {
			p = ""
			for (k = 1; k <= depth; k++)
				if (path[k] == v || p != "")
					p = p path[k] " -> "
			print "include cycle: " p v
			bad = 1
		} else if (!state[v]) {
			dfs(v)
		}
	}
	depth--
	state[u] = 2
}
END {
	for (u in node)
		if (!state[u])
			dfs(u)
	exit bad
}' "$edges"
