#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=6.1] kernel/recipients.sh [--check] PATCH...
#
# The mail headers `git send-email` reads, written into each PATCH's
# header block (after Subject: and its continuation lines): To: the
# maintainers and Cc: the reviewers and lists that the line's own
# scripts/get_maintainer.pl names for the patch (run from the pristine
# tree, build/linux-source-$KVER: kernel/unpack.sh; never asking git,
# which the unpacked tree does not have).  A cover letter
# (0000-cover-letter.patch) gets the union of its series' patches'
# recipients: the patches its directory's series lists.  Headers already
# there are replaced, so a second run changes nothing; the body's Cc:
# tags (stable@vger.kernel.org and the like, the patch author's choice,
# which send-email reads too) are left alone.  A header several
# addresses long is folded as git format-patch folds --to and --cc.
#
# --check changes nothing: exit 1, naming each PATCH whose headers are
# not what get_maintainer.pl gives now.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
check=
[ "${1:-}" = --check ] && { check=y; shift; }
[ $# -gt 0 ] || { echo "usage: $0 [--check] PATCH..." >&2; exit 2; }
gm=$pristine/scripts/get_maintainer.pl
[ -f "$gm" ] ||
	{ echo "kernel/recipients.sh: no $gm (KVER=$KVER sh kernel/unpack.sh)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# strip FILE: FILE without To:/Cc: headers (and their continuation lines)
# in its header block
strip() {
	awk 'hdr && /^$/ { hdr = 0 }
	     hdr && /^(To|Cc):/ { drop = 1; next }
	     hdr && drop && /^[ \t]/ { next }
	     { drop = 0; print }' hdr=1 "$1"
}

# header NAME FILE: NAME: and FILE's lines, folded as git folds them
header() {
	awk -v name="$1" 'NR > 1 { printf ",\n    " }
			  NR == 1 { printf "%s: ", name }
			  { printf "%s", $0 }
			  END { if (NR) printf "\n" }' "$2"
}

# insert FILE HEADERS: FILE with HEADERS after its Subject: header
insert() {
	awk -v add="$2" 'function put() { if (!done) printf "%s", add; done = 1 }
		hdr && sub_ && !/^[ \t]/ { put(); sub_ = 0 }
		hdr && /^$/ { put(); hdr = 0 }
		hdr && /^Subject:/ { sub_ = 1 }
		{ print }' hdr=1 "$1"
}

# An address's key: the part in <>, or the whole line, in lower case
# (one person may be named two ways by two MAINTAINERS entries).
addr='function addr(s) {
	if (match(s, /<[^>]*>/)) s = substr(s, RSTART, RLENGTH)
	return tolower(s)
}'
# union OUT FILE...: the addresses of the FILEs, each once, first-seen
union() {
	out=$1; shift
	cat "$@" | awk "$addr"' !seen[addr($0)]++' >"$out"
}
# minus A B: B's lines whose address is not in A
minus() {
	awk "$addr"' FNR == NR { a[addr($0)] = 1; next }
		!(addr($0) in a)' "$1" "$2"
}

# ask PATCH: get_maintainer.pl's maintainers into $work/$key.to, the
# reviewers and lists into $work/$key.cc (those not already in .to); key
# is PATCH's, so a patch named twice (and by its cover letter) is asked once
ask() {
	key=k$(printf '%s' "$1" | cksum | cut -d' ' -f1)
	set -- "$1" "$key"
	[ -f "$work/$2.to" ] && return 0
	strip "$1" >"$work/$2.in"
	for part in to cc; do
		case $part in
		to) roles="--m --no-r --no-l" ;;
		cc) roles="--no-m --r --l" ;;
		esac
		# shellcheck disable=SC2086
		(cd "$pristine" && perl scripts/get_maintainer.pl --no-git \
			--no-git-fallback --no-rolestats $roles "$work/$2.in") \
			>"$work/$2.$part" 2>"$work/$2.err" || {
			echo "kernel/recipients.sh: get_maintainer.pl ${1#$top/}:" >&2
			cat "$work/$2.err" >&2
			return 1
		}
	done
	minus "$work/$2.to" "$work/$2.cc" >"$work/$2.cc1"
	mv "$work/$2.cc1" "$work/$2.cc"
}

rc=0
for p in "$@"; do
	case $p in /*) ;; *) p=$PWD/$p ;; esac
	case $(basename "$p") in
	0000-cover-letter.patch)
		# the union of the series' patches'
		d=$(dirname "$p")
		[ -f "$d/series" ] || {
			echo "kernel/recipients.sh: no ${d#$top/}/series for ${p#$top/}" >&2
			exit 1
		}
		list=$(series_entries "$d/series" | sed "s|^|$d/|")
		tos='' ccs=''
		for q in $list; do
			ask "$q" || exit 1
			tos="$tos $work/$key.to" ccs="$ccs $work/$key.cc"
		done
		k=cover
		# shellcheck disable=SC2086
		union "$work/$k.to" /dev/null $tos
		# shellcheck disable=SC2086
		union "$work/$k.cc0" /dev/null $ccs
		minus "$work/$k.to" "$work/$k.cc0" >"$work/$k.cc"
		strip "$p" >"$work/$k.in" ;;
	*)	ask "$p" || exit 1
		k=$key ;;
	esac
	hdrs=$(header To "$work/$k.to"; header Cc "$work/$k.cc")
	[ -n "$hdrs" ] && hdrs="$hdrs
"
	insert "$work/$k.in" "$hdrs" >"$work/$k.out"
	cmp -s "$work/$k.out" "$p" && continue
	if [ -n "$check" ]; then
		echo "kernel/recipients.sh: ${p#$top/}: To:/Cc: differ from get_maintainer.pl's (KVER=$KVER kernel/recipients.sh writes them)"
		rc=1
	else
		cat "$work/$k.out" >"$p"
		echo "  RCPT ${p#$top/}"
	fi
done
exit $rc
