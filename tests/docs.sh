#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# docs.sh: the guides do not drift from what they describe.  Every option
# the guides and the README give setfcap, getfcap or fsck-check exists in
# that tool's man page; every kernel.fcaps sysctl and fcaps boot parameter
# kernel.md names is defined by the kernel series; the admin guide's
# excerpt of the example postinst is taken from doc/examples/postinst;
# every fsck-check rule the guides name exists; every link and path the
# Markdown files give resolves inside the tree.  TAP.
# shellcheck disable=SC2013,SC2016
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
cd "$top" || exit 1
if ! command -v man >/dev/null || ! command -v col >/dev/null; then
	echo "1..0 # SKIP man or col not installed"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
docs="README.md doc/admin-guide.md doc/kernel.md doc/design.md"
echo "1..7"

# 1: options.  A tool's name followed, on the same line, by --words.
for t in setfcap getfcap fsck-check; do
	MANWIDTH=300 man -l "doc/$t.8" 2>/dev/null | col -b >"$tmp/$t.man"
done
# shellcheck disable=SC2086
grep -h -o -E '(setfcap|getfcap|fsck-check)( +[^ `|;)]+)+' $docs |
	while read -r tool rest; do
		for w in $rest; do
			case $w in
			--*) o=${w%%=*}
			     grep -q -e "$o\b" "$tmp/$tool.man" ||
					echo "$tool $o" ;;
			esac
		done
	done | sort -u >"$tmp/bad-opts"
[ ! -s "$tmp/bad-opts" ]
ok_rc $? "every option the docs give a tool is in its man page$(tr '\n' ',' <"$tmp/bad-opts" | sed 's/^./ (missing: &/; s/,$/)/')"

# 2, 3, 4: the kernel interface named in kernel.md is each line's own
# (kernel/patches/<version>/, its fix/ and policy/ series: every line
# has one interface).
missing=
nosym=
vers=
for d in kernel/patches/*/; do
	v=$(basename "$d")
	[ -f "$d/series" ] || continue
	vers="$vers $v"
	cat "$d"/fix/*.patch "$d"/policy/*.patch >"$tmp/series"
	for s in $(grep -o -E 'kernel\.fcaps\.[a-z]+' doc/kernel.md | sort -u); do
		grep -q "^+What:.*/proc/sys/kernel/fcaps/${s#kernel.fcaps.}\$" \
			"$tmp/series" || missing="$missing $v:$s"
	done
	for s in $(sed -n '/^| sysctl |/,/^$/p' doc/kernel.md |
		sed -n 's/^| `\([a-z]*\)` |.*/\1/p'); do
		grep -q "^+What:.*/proc/sys/kernel/fcaps/$s\$" "$tmp/series" ||
			missing="$missing $v:$s"
	done
	for p in $(grep -o -E '\bfcaps(\.[a-z]+)?=' doc/kernel.md | sort -u); do
		grep -q "^+	$p" "$tmp/series" || echo "$v:$p"
	done >>"$tmp/noparam"
	grep -q '^+config SECURITY_FILE_CAPABILITIES$' "$tmp/series" ||
		nosym="$nosym $v"
done
[ -n "$vers" ] && [ -z "$missing" ]
ok_rc $? "every sysctl kernel.md names has an ABI entry in each series (${vers# })${missing:+ (missing:$missing)}"

touch "$tmp/noparam"
[ -n "$vers" ] && [ ! -s "$tmp/noparam" ]
ok_rc $? "every boot parameter kernel.md names is in each series' kernel-parameters.txt$(tr '\n' ' ' <"$tmp/noparam" | sed 's/^./ (missing: &/; s/ $/)/')"

[ -n "$vers" ] && [ -z "$nosym" ] &&
	grep -q '^CONFIG_SECURITY_FILE_CAPABILITIES=' kernel/config/fcaps.config
ok_rc $? "CONFIG_SECURITY_FILE_CAPABILITIES is each series' symbol${nosym:+ (not in:$nosym)}"

# 5: each line of the guide's postinst excerpt is in the example (the
# "..." line and one-line comments shortened for the guide aside).
sed -n '/^```sh$/,/^```$/p' doc/admin-guide.md | sed '1d;$d' |
	grep -v -e '^[[:space:]]*\.\.\.$' -e '^[[:space:]]*#' |
	sed 's/[[:space:]]*#.*//' | grep . >"$tmp/excerpt"
missing=0
while IFS= read -r line; do
	grep -q -F -- "$line" doc/examples/postinst || {
		echo "# not in doc/examples/postinst: $line"
		missing=$((missing + 1))
	}
done <"$tmp/excerpt"
[ -s "$tmp/excerpt" ] && [ $missing -eq 0 ]
ok_rc $? "the admin guide's postinst excerpt comes from doc/examples/postinst ($(wc -l <"$tmp/excerpt") lines)"

# 6: rules.  Backquoted words the guides put where a rule goes -- in
# parentheses, or before "rule"/"finding" -- must be fsck-check rules.
MANWIDTH=300 man -l doc/fsck-check.8 2>/dev/null | col -b |
	sed -n '/^RULES/,/^OUTPUT/p' | grep -o -E '[a-z][a-z0-9]*(-[a-z0-9]+)+|\b[a-z]+\b' |
	sort -u >"$tmp/rules"
# shellcheck disable=SC2086
cat $docs | tr -s '\n ' '  ' |
	grep -o -E '\(`[a-z0-9-]+`(, `[a-z0-9-]+`)*\)|`[a-z0-9-]+` (rule|finding)' |
	grep -o -E '`[a-z0-9-]+`' | tr -d '`' | sort -u >"$tmp/named"
bad=$(comm -23 "$tmp/named" "$tmp/rules" | tr '\n' ' ')
[ -s "$tmp/named" ] && [ -z "$bad" ]
ok_rc $? "the fsck-check rules the guides name exist ($(wc -l <"$tmp/named") named)${bad:+ (unknown: $bad)}"

# 7: links.  Every relative Markdown link, and every backquoted path
# starting "../", in the Markdown files names a file inside the tree.
root=$(pwd -P)
bad=
for md in $(git ls-files '*.md' 2>/dev/null || ls README.md doc/*.md); do
	d=$(dirname "$md")
	for l in $(grep -o -E '\]\([^)#[:space:]]+' "$md" | sed 's/^](//'; \
		grep -o -E '`\.\./[^`[:space:]]+`' "$md" | tr -d '`'); do
		case $l in *://*|mailto:*) continue ;; esac
		f=$(cd "$d" 2>/dev/null && realpath -m "$l")
		case $f in
		"$root"/*) [ -e "$f" ] || bad="$bad $md:$l" ;;
		*) bad="$bad $md:$l" ;;
		esac
	done
done
[ -z "$bad" ]
ok_rc $? "every link in the Markdown files resolves inside the tree${bad:+ (broken:$bad)}"
