# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=sh
#
# plant-tree.sh: sourced (after tests/tap.sh) by the suites that read one
# tree of planted values as a mounted tree and offline: tests/scan-image.sh
# (ext4 images made from it) and tests/scan-archive.sh (archives of it).
# Needs root and setcap.
#
#   mkfile PATH       a small executable script, its directories made
#   sc ARGS...        setcap ARGS as a setup step: a value that is not
#                     planted is a failed test, never a test of nothing
#   plant_tree DIR    the tree both suites start from, in DIR:
#     bin/ping          cap_net_raw+ep, also named bin/ping-link and
#                       other/ping3 (hard links)
#     bin/admin         cap_sys_admin+ep
#     bin/ns            cap_net_raw+ep, v3 with rootid 1000
#     bin/inh           cap_net_raw+i
#     bin/suid          cap_net_raw+ep, set-uid
#     bin/user          cap_net_raw+ep, owned by 1000:1000
#     bin/python3.11    cap_net_bind_service+ep (an interpreter)
#     open/tool         cap_net_raw+ep, in a directory of mode 0777
#     bin/plain         no value
#   Each suite adds its own names after.

mkfile() {
	mkdir -p "$(dirname "$1")"
	printf '#!/bin/true\n' >"$1"
	chmod 0755 "$1"
}

sc() { setup "setcap $*" setcap "$@"; }

plant_tree() {
	mkfile "$1/bin/ping";		sc cap_net_raw+ep "$1/bin/ping"
	ln "$1/bin/ping" "$1/bin/ping-link"
	mkdir -p "$1/other";		ln "$1/bin/ping" "$1/other/ping3"
	mkfile "$1/bin/admin";		sc cap_sys_admin+ep "$1/bin/admin"
	mkfile "$1/bin/ns";		sc -n 1000 cap_net_raw+ep "$1/bin/ns"
	mkfile "$1/bin/inh";		sc cap_net_raw+i "$1/bin/inh"
	mkfile "$1/bin/suid";		chmod 4755 "$1/bin/suid"
	sc cap_net_raw+ep "$1/bin/suid"
	mkfile "$1/bin/user";		chown 1000:1000 "$1/bin/user"
	sc cap_net_raw+ep "$1/bin/user"
	mkfile "$1/bin/python3.11"
	sc cap_net_bind_service+ep "$1/bin/python3.11"
	mkfile "$1/open/tool";		sc cap_net_raw+ep "$1/open/tool"
	chmod 0777 "$1/open"
	mkfile "$1/bin/plain"
}
