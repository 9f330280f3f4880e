# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=sh
#
# ea-plant.sh: sourced by the suites that build ext2/3/4 images holding
# values no kernel writes (zero-length, v1, odd flags, wrong sizes).
#
#   ea_hex HEX              write the bytes HEX (may be empty) to stdout
#   ea_set_file IMG PATH F  store the bytes of file F as PATH's
#                           security.capability in the image IMG with
#                           debugfs ea_set
#   ea_plant IMG PATH HEX   the same for the bytes HEX
#
# debugfs exits 0 on most failures and only says so, so ea_set_file reads
# what it says: a value that was not stored makes it fail, with
# debugfs's words on stderr, instead of leaving a suite to test nothing.

ea_hex() {
	python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1"
}

ea_set_file() {
	_ea_out=$(debugfs -w -R "ea_set -f $3 $2 security.capability" \
		"$1" 2>&1)
	_ea_rc=$?
	case $_ea_out in
	*rror*|*nvalid*|*"not found"*|*"No such"*|*"ould not"*|*"annot"*)
		printf 'ea_set %s %s: %s\n' "$1" "$2" "$_ea_out" >&2
		return 1 ;;
	esac
	return "$_ea_rc"
}

ea_plant() {
	_ea_v=$(mktemp) || return 1
	ea_hex "$3" >"$_ea_v" && ea_set_file "$1" "$2" "$_ea_v"
	_ea_rc=$?
	rm -f "$_ea_v"
	return "$_ea_rc"
}
