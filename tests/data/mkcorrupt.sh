#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# mkcorrupt.sh OUTDIR: how the hand-corrupted images in tests/data/ were
# made (kept for the record; the suite uses the committed .img.gz files,
# so that a change in mke2fs cannot quietly change what they test).  No
# root needed: values are planted with debugfs ea_set.
#
# Every image has /ok/a (cap_net_raw+ep), /ok/b (cap_sys_admin+ep) and
# one damaged place:
#   trunc       2 MiB ext2, 4 groups, cut after 1 MiB: the inode bitmaps
#               and the inode tables of groups 2 and 3 are gone
#   badsb       primary superblock magic zeroed: the backup (block 8193)
#               is used
#   loop        /d/e/up is a hard link to /d: a directory loop
#   garbage-ea  128-byte inodes (values in EA blocks); /ok/b's EA block
#               overwritten with garbage
#   csum        metadata_csum; /ok/b's in-inode value changed behind the
#               checksum's back (inode checksum mismatch)
#   baddir      /bad's directory block has a rec_len of 0: unreadable
#   partial     /ok/b's in-inode attributes: security.capability, then a
#               user.note whose size runs past the inode: the value before
#               the damage must still be read
#   dupblock    /d/e's block map lists its one block 12 times: names twice
#   dag         /d/e's triple-indirect block leads, through three blocks
#               whose every pointer is the next one, to its directory
#               block 16 million times: the walk must stop at the size
set -eu
out=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$out"

hex() { python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$1"; }
hex 0100000200200000000000000000000000000000 >"$t/raw"
hex 0100000200002000000000000000000000000000 >"$t/admin"

# mkimg NAME SIZE MKE2FS-ARGS...: tree /ok/a /ok/b /far/c /d/e/f /bad/x,
# values set
mkimg() {
	name=$1 size=$2
	shift 2
	rm -rf "$t/tree"
	mkdir -p "$t/tree/ok" "$t/tree/far" "$t/tree/d/e" "$t/tree/bad"
	for f in ok/a ok/b far/c d/e/f bad/x; do
		printf 'x' >"$t/tree/$f"
	done
	mke2fs -q -F -U 6d2a4c0e-5b1a-4e0f-9a3c-1f2e3d4c5b6a \
		-E hash_seed=0b1e3e4a-2f6d-4c1b-8a9e-7d6c5b4a3f21 \
		-d "$t/tree" "$@" "$t/$name.img" "$size" >/dev/null
	for f in ok/a far/c d/e/f bad/x; do
		debugfs -w -R "ea_set -f $t/raw /$f security.capability" \
			"$t/$name.img" >/dev/null 2>&1
	done
	debugfs -w -R "ea_set -f $t/admin /ok/b security.capability" \
		"$t/$name.img" >/dev/null 2>&1
}
# poke IMG OFFSET HEX: overwrite bytes
poke() {
	python3 -c 'import sys
with open(sys.argv[1], "r+b") as f:
	f.seek(int(sys.argv[2], 0))
	f.write(bytes.fromhex(sys.argv[3]))' "$@"
}
# inode_off IMG PATH: byte offset of the inode of PATH
inode_off() {
	debugfs -R "imap $2" "$1" 2>/dev/null |
		sed -n 's/.*located at block \([0-9]*\), offset \(0x[0-9a-f]*\).*/\1 \2/p' |
		{ read -r b o; echo $((b * $3 + o)); }
}

mkimg trunc 2M -t ext2 -b 1024 -g 512 -N 64 -I 256
truncate -s 1M "$t/trunc.img"

mkimg badsb 9M -t ext2 -b 1024 -N 32 -I 256 -O ^resize_inode
poke "$t/badsb.img" 1080 0000

mkimg loop 512K -t ext2 -b 1024 -N 32 -I 256
debugfs -w -R "link /d /d/e/up" "$t/loop.img" >/dev/null 2>&1

mkimg garbage-ea 512K -t ext2 -b 1024 -N 32 -I 128
blk=$(debugfs -R "stat /ok/b" "$t/garbage-ea.img" 2>/dev/null |
	sed -n 's/.*File ACL: \([0-9]*\).*/\1/p')
python3 -c 'import random, sys
r = random.Random(7)
with open(sys.argv[1], "r+b") as f:
	f.seek(int(sys.argv[2]) * 1024)
	f.write(bytes(r.randrange(256) for _ in range(1024)))' \
	"$t/garbage-ea.img" "$blk"

mkimg csum 512K -t ext4 -b 1024 -N 32 -I 256 -O metadata_csum,^has_journal
off=$(inode_off "$t/csum.img" /ok/b 1024)
# The value is the last thing in the inode body: change its cap bits.
python3 -c 'import sys
with open(sys.argv[1], "r+b") as f:
	f.seek(int(sys.argv[2]))
	ino = bytearray(f.read(256))
	i = ino.find(bytes.fromhex("0100000200002000"))
	assert i > 0
	ino[i + 6] = 0x10	# cap_sys_admin -> cap_sys_boot
	f.seek(int(sys.argv[2]))
	f.write(ino)' "$t/csum.img" "$off"

mkimg baddir 512K -t ext2 -b 1024 -N 32 -I 256
blk=$(debugfs -R "blocks /bad" "$t/baddir.img" 2>/dev/null | tr -d ' ')
# The first entry (".") gets rec_len 0.
poke "$t/baddir.img" $((blk * 1024 + 4)) 0000

mkimg dupblock 512K -t ext2 -b 1024 -N 32 -I 256
blk=$(debugfs -R "blocks /d/e" "$t/dupblock.img" 2>/dev/null | tr -d ' ')
for i in 1 2 3 4 5 6 7 8 9 10 11; do
	debugfs -w -R "sif /d/e block[$i] $blk" "$t/dupblock.img" >/dev/null 2>&1
done

mkimg dag 512K -t ext2 -b 1024 -N 32 -I 256
blk=$(debugfs -R "blocks /d/e" "$t/dag.img" 2>/dev/null | tr -d ' ')
set -- $(debugfs -R "ffb 3" "$t/dag.img" 2>/dev/null | sed 's/.*found: //')
python3 -c 'import struct, sys
img, a, b, c, leaf = sys.argv[1], *map(int, sys.argv[2:6])
with open(img, "r+b") as f:
	for blk, to in ((a, b), (b, c), (c, leaf)):
		f.seek(blk * 1024)
		f.write(struct.pack("<256I", *([to] * 256)))' "$t/dag.img" "$1" "$2" "$3" "$blk"
debugfs -w -R "sif /d/e block[TIND] $1" "$t/dag.img" >/dev/null 2>&1

mkimg partial 512K -t ext2 -b 1024 -N 32 -I 256
printf hello >"$t/note"
debugfs -w -R "ea_set -f $t/note /ok/b user.note" "$t/partial.img" >/dev/null 2>&1
off=$(inode_off "$t/partial.img" /ok/b 1024)
python3 -c 'import struct, sys
with open(sys.argv[1], "r+b") as f:
	f.seek(int(sys.argv[2]))
	ino = bytearray(f.read(256))
	i = ino.find(b"note") - 16	# struct ext2_ext_attr_entry
	assert i > 128
	ino[i + 8:i + 12] = struct.pack("<I", 4000)	# e_value_size
	f.seek(int(sys.argv[2]))
	f.write(ino)' "$t/partial.img" "$off"

for f in trunc badsb loop garbage-ea csum baddir dupblock dag partial; do
	gzip -9n <"$t/$f.img" >"$out/$f.img.gz"
done
