#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# planted.sh: the tools on values that only some kernels let root store
# (TAP).  Runs on the host, where each case plants its value and skips,
# naming the kernel release and what it did, when this kernel refuses it;
# and in the guests (tests/vm/planted-*.sh), where $planted_require lists
# the kinds the guest kernel must store (there a refusal fails) and
# $planted_refuse those it must refuse.
#
# What each case expects of a read follows the probe: a kernel that stores
# a zero-length value may refuse to return it (EINVAL, Linux 6.12) or
# return it as zero bytes.
set -u
if [ -x /tests/capxattr ] && [ -x /bin/getfcap ]; then
	# in a guest: the static tools on PATH
	CAPX=/tests/capxattr SETF=setfcap GETF=getfcap FC=fsck-check
else
	top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
	san=${FCAPS_SAN:-$top/build/san}
	CAPX=$san/tests/capxattr SETF=$san/setfcap/setfcap
	GETF=$san/getfcap/getfcap FC=$san/fsck-check/fsck-check
fi
if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root (a root write is what is planted)"
	exit 0
fi
for b in "$CAPX" "$SETF" "$GETF" "$FC"; do
	if ! command -v "$b" >/dev/null; then
		echo "Bail out! $b not built (make san)"
		exit 1
	fi
done
dir=$(dirname "$0")
[ -f "$dir/kprobe.sh" ] || dir=/tests
. "$dir/tap.sh"
. "$dir/kprobe.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-planted.XXXXXX") || exit 1
cleanup() {
	awk -v t="$tmp/" 'index($2, t) == 1 { print $2 }' /proc/mounts |
		while read -r m; do umount "$m"; done
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1

# want KIND COUNT DESC PATH: plant KIND on PATH, or skip COUNT tests;
# a kind this guest must store fails instead of skipping.
want() {
	if plant "$1" "$4"; then
		case " ${planted_refuse:-} " in
		*" $1 "*) notok "$(kind_words "$1") is refused" \
			"(this kernel stored it)" ;;
		esac
		return 0
	fi
	case " ${planted_refuse:-} " in
	*" $1 "*) ok "$(kind_words "$1") is refused: $plant_why" ;;
	esac
	case " ${planted_require:-} " in
	*" $1 "*) skip_n_fail "$2" "$3" "$plant_why" ;;
	*) skip_n "$2" "$3" "$plant_why" ;;
	esac
	return 1
}
skip_n_fail() {
	_i=0
	while [ $_i -lt "$1" ]; do
		_i=$((_i + 1))
		notok "$2 ($_i of $1): $3, but this kernel must store it"
	done
}
# back KIND: what a read of KIND returns here: its hex, or the errno name
back() {
	if [ "$(probed "$1" read)" = ok ]; then probed "$1" back
	else probed "$1" read; fi
}

probe_load || { echo "Bail out! capxattr probe failed"; exit 1; }
echo "# Linux $probe_kernel: a zero-length value: root write" \
	"$(probed zero_length write), read $(probed zero_length read)," \
	"unprivileged write $(probed zero_length unpriv)"

cp /bin/true a
"$SETF" cap_net_raw+ep a >/dev/null || notok "setup: setfcap a"
touch empty
if want zero_length 3 "getfcap on a zero-length value" empty; then
	rc_is 1 "getfcap: a zero-length value makes the exit status 1" \
		"$GETF" empty a
	check "getfcap: and it is reported, not hidden" \
		grep -q '^getfcap: empty: ' errs
	check "getfcap: the readable file is still printed" \
		grep -qx 'a cap_net_raw=ep' out
fi

cp /bin/true run
if want zero_length 2 "getfcap --explain on a zero-length value" run; then
	rc_is 0 "getfcap --explain on a zero-length value" \
		"$GETF" --explain --user 65534 run
	check "getfcap --explain says exec fails (EINVAL, as Linux 6.12)" \
		grep -q 'execve fails: Invalid argument' out
fi

touch z
if want zero_length 2 "setfcap over a zero-length value" z; then
	rc_is 0 "setfcap: a zero-length value is overwritten" \
		"$SETF" cap_kill+p z
	check "setfcap: and now holds the new value" \
		[ "$("$CAPX" get z)" = 0000000220000000000000000000000000000000 ]
fi

mkdir nx
touch p1
if ! mount -t ramfs ramfs nx 2>/dev/null; then
	skip_n 2 "setfcap roll back of a zero-length value" "cannot mount ramfs"
elif want zero_length 2 "setfcap roll back of a zero-length value" p1; then
	touch nx/q
	rc_is 1 "setfcap: roll back restores a zero-length value" \
		"$SETF" cap_kill+p p1 cap_kill+p nx/q
	check "setfcap: the zero-length value is back ($(back zero_length))" \
		[ "$("$CAPX" get p1)" = "$(back zero_length)" ]
fi

mkdir -p tree/bin
cp /bin/true tree/bin/zero
if want zero_length 2 "fsck-check on a zero-length value" tree/bin/zero; then
	"$FC" --json tree >scan.json 2>scan.err
	rc=$?
	keep_json scan.json
	check "fsck-check: exit status 4 for the zero-length value (got $rc)" \
		[ "$rc" -eq 4 ]
	if [ "$(probed zero_length read)" = ok ]; then rule=zero-length
	else rule=unreadable; fi
	check "fsck-check: the zero-length value is reported ($rule)" \
		grep -q "\"path\":\"tree/bin/zero\".*\"rule\":\"$rule\"" scan.json
fi
echo "1..$n"
