#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/tree.sh DIR [TOP [VALUES]]: the audit-scan benchmark tree, made
# once and kept (DIR/.complete marks it whole).  $SHAPE picks its shape:
#
# deep (the default): TOP (default 40) x 50 directories of 100 files
#   each, 200,000 names by default, the first VALUES (default 1) files of
#   every directory (2,000 in all by default) with cap_net_raw+ep.
#   Shared by bench/scan.sh (which also makes a tenth of it with the
#   same 2,000 values, TOP 4 and VALUES 10, to show memory does not grow
#   with the tree) and bench/image.sh.
# wide: TOP x 250 directories of 20 files each (10,000 directories and
#   200,000 names for TOP 40), TOP * 50 values (2,000) on files drawn at
#   random (seeded: the same tree every time) from the whole tree, of
#   mixed kinds in turn: v2 +ep, v2 +p, v2 +ei, v3 with rootid 1000.
#   (No v1: the kernel refuses to write one.)  VALUES is ignored.
set -eu
dir=$1
top=${2:-40}
values=${3:-1}
shape=${SHAPE:-deep}
[ -f "$dir/.complete" ] && exit 0
case $shape in
deep)	echo "generating $dir ($((top * 5000)) names, $((top * 50 * values)) values)..." ;;
wide)	echo "generating $dir (wide: $((top * 5000)) names in $((top * 250)) directories, $((top * 50)) values)..." ;;
*)	echo "bench/tree.sh: unknown SHAPE $shape (deep, wide)" >&2; exit 1 ;;
esac
rm -rf "$dir"
python3 - "$dir" "$top" "$values" "$shape" <<'PY'
import os, random, sys
root, top, values, shape = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
v = bytes.fromhex("0100000200200000000000000000000000000000")
# deep: 50 directories of 100 names under each top one, the first VALUES
# of each directory cap_net_raw+ep; wide: 250 of 20, 50 values per top
# directory on names picked at random, of four kinds in turn
if shape == "deep":
	dirs, per_dir = 50, 100
	def value(n, i):
		return v if i < values else None
else:
	kinds = [bytes.fromhex(h) for h in (
		"0100000200200000000000000000000000000000",	# v2 +ep
		"0000000200200000000000000000000000000000",	# v2 +p
		"0100000200000000002000000000000000000000",	# v2 +ei
		"0100000300200000000000000000000000000000e8030000",  # v3 rootid
	)]
	dirs, per_dir = 250, 20
	hit = sorted(random.Random(31).sample(range(top * dirs * per_dir), top * 50))
	kind = {n: kinds[k % len(kinds)] for k, n in enumerate(hit)}
	def value(n, i):
		return kind.get(n)
n = 0
for a in range(top):
	for b in range(dirs):
		d = f"{root}/a{a}/b{b}"
		os.makedirs(d)
		for i in range(per_dir):
			p = f"{d}/f{i}"
			open(p, "w").close()
			x = value(n, i)
			if x is not None:
				os.setxattr(p, "security.capability", x)
			n += 1
open(f"{root}/.complete", "w").close()
PY
