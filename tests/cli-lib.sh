# SPDX-License-Identifier: GPL-2.0-only
# cli-lib.sh: what the cli-*.sh suites share (sourced): the TAP helpers of
# tests/tap.sh, the tools under test, a scratch directory, xhex.
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
san=${FCAPS_SAN:-$top/build/san}
SETF=$san/setfcap/setfcap
GETF=$san/getfcap/getfcap
. "$top/tests/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-cli.XXXXXX") || exit 1
cleanup() {
	# a suite cut short may leave its test mounts: never rm -rf into them
	awk -v t="$tmp/" 'index($2, t) == 1 { print $2 }' /proc/mounts \
		2>/dev/null | sort -r | while read -r m; do umount -l "$m"; done
	chattr -R -i "$tmp" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 1

# xhex FILE: the raw security.capability value in hex, "none" if absent
xhex() {
	getfattr --absolute-names -n security.capability -e hex "$1" \
		2>/dev/null | sed -n 's/^security.capability=0x//p' |
		grep . || echo none
}
is_root() { [ "$(id -u)" = 0 ]; }

for b in "$SETF" "$GETF"; do
	if [ ! -x "$b" ]; then
		echo "Bail out! $b not built (make san)"
		exit 1
	fi
done
