#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# mkimages.sh OUTDIR: the seed images of the image harness
# (fuzz/corpus/image/), kept small so that mutations land in metadata.
# How they were made, for the record; the corpus holds the output, so a
# newer mke2fs cannot quietly change the seeds.  Needs root (the source
# tree carries security.capability for mke2fs -d to copy).
#
#   ext2-1k     ext2, 1 KiB blocks, 128-byte inodes: values in EA blocks
#   ext4-256    ext4 without journal, 256-byte inodes: values in the inode
#   ext4-csum   the same with metadata_csum and a journal-less htree dir
#   ext4-odd    ext4-256 plus debugfs ea_set values no kernel writes:
#               zero-length, v1, odd flags, 3 bytes, oversized
set -eu
out=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$out" "$t/src/bin" "$t/src/sub/deep"

. "$(dirname "$0")/../tests/ea-plant.sh"
: >"$t/src/bin/ping"
: >"$t/src/bin/v3"
: >"$t/src/sub/deep/admin"
: >"$t/src/plain"
ln "$t/src/bin/ping" "$t/src/sub/ping-link"
ln -s ../bin/ping "$t/src/sub/sym"
setfattr -n security.capability -v 0x0100000200200000000000000000000000000000 "$t/src/bin/ping"
setfattr -n security.capability -v 0x0100000300002000000000000000000000000000e8030000 "$t/src/bin/v3"
setfattr -n security.capability -v 0x0100000200002000000000000000000000000000 "$t/src/sub/deep/admin"

mk() {
	name=$1 size=$2
	shift 2
	rm -f "$out/$name"
	truncate -s "$size" "$out/$name"
	mke2fs -q -F -d "$t/src" -N 24 -m 0 "$@" "$out/$name" "$size" >/dev/null
}
mk ext2-1k 64k -t ext2 -b 1024 -I 128
mk ext4-256 64k -t ext4 -b 1024 -I 256 -O ^has_journal,^resize_inode
mk ext4-csum 64k -t ext4 -b 1024 -I 256 -O ^has_journal,^resize_inode,metadata_csum
cp "$out/ext4-256" "$out/ext4-odd"
plant() { ea_plant "$out/ext4-odd" "$1" "$2"; }
plant /plain ""
plant /bin/v3 01000001200000000000
plant /sub/deep/admin 010000
plant /bin/ping 01010002002000000000000000000000000000000000000000000000
