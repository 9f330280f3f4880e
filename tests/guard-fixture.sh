# SPDX-License-Identifier: GPL-2.0-only
# guard-fixture.sh: a stand-in for a loaded fcaps-guard, for the suites of
# the tools that read it (sourced).  The host need not run BPF LSM
# programs: the guard's two pinned maps (lib/guard-abi.h) are made with
# bpftool on a BPF file system of the test's own, and the tools are
# pointed at them with FCAPS_GUARD_PINDIR.  lib reads them as it reads
# the real guard's: the pinned maps for root, the state file
# (/run/fcaps-guard/state, which guard_as_user puts in a private /run)
# for others.
#
#   guard_why                 why no stand-in can be made here, or nothing
#   guard_mount DIR           a BPF file system on DIR (the caller unmounts)
#   guard_pins DIR MASK FLAGS [COUNTS...]
#                             the maps "config" (MASK: 16 hex digits,
#                             FLAGS: 0-3, FG_DENY_WRITE | FG_LOCKED) and
#                             "counts" (one per enum fg_cause, 0 if not
#                             given) pinned in DIR, made afresh
#   guard_as_user STATE CMD...
#                             CMD as uid 65534 in a private mount
#                             namespace whose /run/fcaps-guard/state is
#                             the file STATE

guard_why() {
	if [ "$(id -u)" != 0 ]; then
		echo "not root (bpf(), mount)"
	elif ! command -v bpftool >/dev/null 2>&1; then
		echo "no bpftool"
	fi
}

guard_mount() {
	mkdir -p "$1" && mount -t bpf bpf "$1"
}

# le64 HEX16: its eight bytes, least significant first, as bpftool takes
# them ("0x20 0x00 ...")
le64() {
	echo "$1" | sed 's/../0x& /g' | awk '{ for (i = NF; i > 0; i--)
		printf("%s%s", $i, (i > 1) ? " " : "\n") }'
}

guard_pins() {
	_d=$1 _mask=$2 _flags=$3
	shift 3
	rm -rf "$_d" && mkdir -p "$_d" || return 1
	bpftool map create "$_d/config" type array key 4 value 32 \
		entries 1 name config || return 1
	bpftool map create "$_d/counts" type array key 4 value 8 \
		entries 5 name counts || return 1
	# shellcheck disable=SC2046
	bpftool map update pinned "$_d/config" key 0 0 0 0 value \
		$(le64 "$_mask") $(le64 "$(printf %016x "$_flags")") \
		$(le64 0000000000000000) $(le64 0000000000000000) || return 1
	_k=0
	for _c; do
		# shellcheck disable=SC2046
		bpftool map update pinned "$_d/counts" key "$_k" 0 0 0 value \
			$(le64 "$(printf %016x "$_c")") || return 1
		_k=$((_k + 1))
	done
}

guard_as_user() {
	_st=$1
	shift
	# shellcheck disable=SC2016
	unshare -m sh -c 'mount -t tmpfs -o mode=0755 tmpfs /run &&
		mkdir /run/fcaps-guard && cp "$0" /run/fcaps-guard/state &&
		chmod 0644 /run/fcaps-guard/state &&
		exec setpriv --reuid=65534 --regid=65534 --clear-groups "$@"' \
		"$_st" "$@"
}
