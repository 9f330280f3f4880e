#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/tree.sh DIR [TOP [VALUES]]: the audit-scan benchmark tree, made
# once and kept (DIR/.complete marks it whole): TOP (default 40) x 50
# directories of 100 files each, 200,000 names by default, the first
# VALUES (default 1) files of every directory (2,000 in all by default)
# with cap_net_raw+ep.  Shared by bench/scan.sh (which also makes a tenth
# of it with the same 2,000 values, TOP 4 and VALUES 10, to show memory
# does not grow with the tree) and bench/image.sh.
set -eu
dir=$1
top=${2:-40}
values=${3:-1}
[ -f "$dir/.complete" ] && exit 0
echo "generating $dir ($((top * 5000)) names, $((top * 50 * values)) values)..."
rm -rf "$dir"
python3 - "$dir" "$top" "$values" <<'PY'
import os, sys
root = sys.argv[1]
v = bytes.fromhex("0100000200200000000000000000000000000000")
for a in range(int(sys.argv[2])):
	for b in range(50):
		d = f"{root}/a{a}/b{b}"
		os.makedirs(d)
		for i in range(100):
			p = f"{d}/f{i}"
			open(p, "w").close()
			if i < int(sys.argv[3]):
				os.setxattr(p, "security.capability", v)
open(f"{root}/.complete", "w").close()
PY
