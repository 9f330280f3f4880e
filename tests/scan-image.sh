#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan-image.sh: fsck-check --image on generated ext2/3/4 images (TAP).
#
# 1. (root) a tree with every kind of value, copied by mke2fs -d into
#    ext2, ext3 and ext4 images (1k and 4k blocks, 128- and 256-byte
#    inodes, with and without metadata_csum, inline_data, an htree
#    directory), then debugfs ea_set for what no kernel writes
#    (zero-length, v1, odd flags, oversized, on a directory, a symlink and
#    a fifo) and an unlinked inode that keeps its value (an orphan).  The
#    offline findings are all reported, and --image agrees with the
#    mounted scan (mount -o loop,ro) on every value both can read.
# 1b. (no root) the same offline-only values planted with debugfs into
#    images of an unprivileged tree.
# 2. the hand-corrupted images of tests/data/ and byte-flipped mutants of
#    a generated image: no crash (ASan build), no hang (timeout), exit 8
#    when something could not be read, the rest still reported.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check
schema=$top/fsck-check/fsck-check.schema.json

if [ ! -x "$fc" ]; then
	echo "Bail out! $fc not built (make san)"
	exit 1
fi
# every --json run's output is kept for tests/json-lines.sh
fc=$(json_keeper "$fc")
for c in mke2fs debugfs python3 timeout gzip; do
	if ! command -v "$c" >/dev/null 2>&1; then
		echo "1..0 # SKIP no $c (scripts/deps.sh installs e2fsprogs)"
		exit 0
	fi
done

# py SCRIPT ARGS...: the script prints "PASS desc" / "FAIL desc" lines
py() {
	python3 "$@" >"$t/py.out" 2>"$t/py.err" ||
		echo "FAIL $1 crashed: $(tail -n 1 "$t/py.err")" >>"$t/py.out"
	while read -r res desc; do
		if [ "$res" = PASS ]; then ok "$desc"; else notok "$desc"; fi
	done <"$t/py.out"
}

t=$(mktemp -d "${TMPDIR:-/tmp}/fsck-check-image.XXXXXX")
mnt=
cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$t"
}
trap cleanup EXIT
trap 'exit 1' HUP INT PIPE TERM
# A private copy: a concurrent make san must not swap it mid-suite.
cp "$fc" "$t/fsck-check" && fc=$t/fsck-check

# --list lines of values a mounted scan cannot read but an offline one can,
# and of inodes no directory names
value_marks=' \[([a-z0-9-]+,)*(orphan|unreadable|oversized|zero-length|truncated|bad-size|bad-revision|unknown-flags|legacy-v1)(,[a-z0-9-]+)*\]$'
# The trees' setup steps check themselves (setraw here, sc of
# tests/plant-tree.sh): a value that does not land is a failed test.
CAPX=${FCAPS_SAN:-$top/build/san}/tests/capxattr
setraw() { setup "plant $2 on $1" "$CAPX" set "$1" "$2"; }	# PATH HEX
. "$top/tests/ea-plant.sh"
. "$top/tests/plant-tree.sh"

# The offline-only values, planted with debugfs (ea_plant).
V_ZERO=
V_V1=010000010020000000000000
V_ODD=0300000200200000000000000000000000000000
V_V2=0000000200200000000000000000000000000000
V_BIG=01000002$(printf '%0192d' 0)	# 100 bytes

# Expectations for pass 1: path, then rules that must be reported.
cat >"$t/expect" <<'EOF'
/bin/ping -
/bin/ping-link -
/other/ping3 -
/bin/admin dangerous
/bin/ns namespaced
/bin/inh inheritable-only
/bin/effempty effective-empty
/bin/suid setid
/bin/user not-root-owned
/bin/gw writable
/bin/python3.11 interpreter
/open/tool parent-writable
/dirv non-regular
/big/f150 -
/small/tool -
/bin/zero zero-length
/bin/v1 legacy-v1
/bin/odd unknown-flags
/bin/huge oversized
/dir2 non-regular,unknown-flags
/lnk non-regular
/fifo non-regular
EOF

check_image() {	# check_image NAME JSON STORAGE: offline findings (python)
	cat >"$t/check.py" <<'EOF'
import json, sys
name, jfile, expect, storage = sys.argv[1:5]
ents = [json.loads(l) for l in open(jfile)]
by = {}
for e in ents:
	by.setdefault(e["path"], e)
miss = []
for line in open(expect):
	path, rules = line.split()
	e = by.get(path)
	if not e:
		miss.append(path + " missing")
		continue
	got = {f["rule"] for f in e["findings"]}
	for r in rules.split(","):
		if r != "-" and r not in got:
			miss.append(f"{path}: no {r} (got {sorted(got)})")
	if rules == "-" and e["findings"]:
		miss.append(f"{path}: unexpected {e['findings']}")
print(("FAIL" if miss else "PASS"), f"{name}: every value and offline finding reported",
      "; ".join(miss[:3]))
orph = [e for e in ents if e["path"].startswith("<inode ")]
ok = len(orph) == 1 and any(f["rule"] == "orphan" for f in orph[0]["findings"]) \
	and orph[0]["caps"] == "cap_net_raw=ep"
print(("PASS" if ok else "FAIL"), f"{name}: the unlinked inode is reported as an orphan")
links = by.get("/bin/ping", {}).get("links", [])
ok = sorted(links) == ["/bin/ping-link", "/other/ping3"]
print(("PASS" if ok else "FAIL"), f"{name}: every name of a hard-linked inode (links {links})")
v1 = by.get("/bin/v1", {})
ok = v1.get("caps") == "cap_net_raw=ep" and any("cap_net_raw=ep" in f["reason"]
	for f in v1.get("findings", []) if f["rule"] == "legacy-v1")
print(("PASS" if ok else "FAIL"), f"{name}: v1 value decoded (cap_net_raw=ep)")
st = {e["path"]: e.get("storage") for e in ents}
bad = [p for p, s in st.items() if s != storage and p != "/bin/huge"]
print(("PASS" if not bad else "FAIL"), f"{name}: values said to be stored in the {storage} ({bad[:3]})")
blk = by.get("/bin/huge", {})
ok = blk.get("storage") == "block" and isinstance(blk.get("ea_block"), int)
print(("PASS" if ok else "FAIL"), f"{name}: the oversized value is in an EA block, its number given")
EOF
	py "$t/check.py" "$1" "$2" "$t/expect" "$3"
}

compare_mounted() {	# compare_mounted NAME IMAGE-JSON MOUNTED-JSON MOUNTPOINT
	cat >"$t/cmp.py" <<'EOF'
import json, sys
name, ij, mj, mp = sys.argv[1:5]
img = {}
for l in open(ij):
	e = json.loads(l)
	img[e["path"]] = e
mnt = {}
for l in open(mj):
	e = json.loads(l)
	p = e["path"][len(mp):] or "/"
	mnt[p] = e
named = {p for p in img if not p.startswith("<")}
ok = named == set(mnt)
print(("PASS" if ok else "FAIL"), f"{name}: --image and the mounted scan find the same names",
      sorted(named ^ set(mnt))[:4])
diff = []
both = 0
drop = {"nosuid-mount"}
for p, m in mnt.items():
	i = img.get(p)
	if not i or m["error"]:
		continue
	both += 1
	for k in ("value", "mode", "uid", "gid", "nlink", "caps"):
		if i[k] != m[k]:
			diff.append(f"{p}: {k} {i[k]} != {m[k]}")
	ri = {(f["rule"], f["severity"]) for f in i["findings"]}
	rm = {(f["rule"], f["severity"]) for f in m["findings"] if f["rule"] not in drop}
	if ri != rm:
		diff.append(f"{p}: findings {sorted(ri)} != {sorted(rm)}")
print(("PASS" if not diff and both >= 15 else "FAIL"),
      f"{name}: same value, metadata and findings on the {both} values both read", diff[:3])
off = []
for p, m in mnt.items():
	if not m["error"]:
		continue
	i = img.get(p, {})
	rules = {f["rule"] for f in i.get("findings", [])}
	if "unreadable" in rules or not rules & {"zero-length", "legacy-v1",
						"unknown-flags", "oversized"}:
		off.append(f"{p}: {sorted(rules)}")
print(("PASS" if not off else "FAIL"),
      f"{name}: what the mounted scan cannot read is decoded offline", off[:3])
EOF
	py "$t/cmp.py" "$@"
}

# ---- 1. generated images ----------------------------------------------

if [ "$(id -u)" -ne 0 ]; then
	skip "generated images" "needs root (setcap and chown in the source tree, mount)"
else
	s=$t/tree
	plant_tree "$s"
	mkfile "$s/bin/effempty";	setraw "$s/bin/effempty" \
		0100000200000000000000000000000000000000
	mkfile "$s/bin/gw";		chmod 0775 "$s/bin/gw"
	sc cap_net_raw+ep "$s/bin/gw"
	mkdir -p "$s/dirv";		setraw "$s/dirv" \
		0000000200200000000000000000000000000000
	mkdir -p "$s/big" "$s/small" "$s/dir2"
	i=0
	while [ $i -lt 300 ]; do : >"$s/big/f$i"; i=$((i + 1)); done
	sc cap_net_raw+ep "$s/big/f150"
	mkfile "$s/small/tool";		sc cap_net_raw+ep "$s/small/tool"
	for f in zero v1 odd huge gone; do mkfile "$s/bin/$f"; done
	sc cap_net_raw+ep "$s/bin/gone"
	mkfifo "$s/fifo"

	# name  mke2fs options  size  where in-inode values live
	while read -r name size storage opts; do
		img=$t/$name.img
		if ! mke2fs -q -F -d "$s" $opts "$img" "$size" \
			>"$t/mke2fs.out" 2>&1; then
			skip "$name" "mke2fs $opts failed: $(tail -n 1 "$t/mke2fs.out")"
			continue
		fi
		case $opts in
		*dir_index*)
			e2fsck -fyD "$img" >/dev/null 2>&1
			debugfs -R "htree /big" "$img" 2>/dev/null |
				grep -q 'Number of entries'
			ok_rc $? "$name: /big is an htree directory (e2fsck -D)" ;;
		*inline_data*)
			debugfs -R "stat /small" "$img" 2>/dev/null |
				grep -q 'Size of inline data'
			ok_rc $? "$name: /small is an inline-data directory" ;;
		esac
		planted=0
		ea_plant "$img" /bin/zero "$V_ZERO" &&
		ea_plant "$img" /bin/v1 "$V_V1" &&
		ea_plant "$img" /bin/odd "$V_ODD" &&
		ea_plant "$img" /bin/huge "$V_BIG" &&
		ea_plant "$img" /dir2 "$V_ODD" &&
		debugfs -w -R "symlink /lnk /bin/ping" "$img" >/dev/null 2>&1 &&
		ea_plant "$img" /lnk "$V_V2" &&
		ea_plant "$img" /fifo "$V_V2" &&
		debugfs -w -R "unlink /bin/gone" "$img" >/dev/null 2>&1 ||
			planted=1
		ok_rc $planted "$name: values planted with debugfs"
		"$fc" --image "$img" --json >"$t/$name.json" 2>"$t/$name.err"
		rc=$?
		ok_rc $((rc != 4)) "$name: --image exits 4 (findings) (got $rc)"
		[ ! -s "$t/$name.err" ]
		ok_rc $? "$name: nothing on stderr ($(head -c 150 "$t/$name.err"))"
		check_image "$name" "$t/$name.json" "$storage"

		mnt=$t/mnt
		mkdir -p "$mnt"
		if mount -o loop,ro "$img" "$mnt" 2>"$t/mount.err"; then
			"$fc" --json -j 1 "$mnt" >"$t/$name.mnt.json" \
				2>"$t/$name.mnt.err"
			"$fc" --list "$mnt" | sed "s|^$mnt||" |
				grep -Ev "$value_marks" | sort \
				>"$t/$name.mnt.list"
			"$fc" --image "$img" --list 2>/dev/null |
				grep -v '^/bin/v1 \|^/bin/odd ' |
				grep -Ev "$value_marks" | sort \
				>"$t/$name.img.list"
			umount "$mnt"
			mnt=
			compare_mounted "$name" "$t/$name.json" \
				"$t/$name.mnt.json" "$t/mnt"
			cmp -s "$t/$name.img.list" "$t/$name.mnt.list"
			ok_rc $? "$name: --list inventories equal (but v1 and odd-flag values, offline only, and values only offline can read)"
		else
			skip "$name: mounted comparison" "cannot mount: $(head -n 1 "$t/mount.err")"
			mnt=
		fi
	done <<'EOF'
ext2-1k-128  8M  block  -t ext2 -b 1024 -I 128
ext3-1k  8M  inode  -t ext3 -b 1024 -I 256 -O dir_index
ext4-4k  16M  inode  -t ext4 -b 4096 -I 256 -O metadata_csum
ext4-4k-nocsum  16M  inode  -t ext4 -b 4096 -I 256 -O ^metadata_csum
ext4-1k-128-csum  8M  block  -t ext4 -b 1024 -I 128 -O metadata_csum,dir_index
ext4-inline  16M  inode  -t ext4 -b 4096 -I 256 -O inline_data,metadata_csum
EOF

	img=$t/ext4-4k.img
	if python3 -c 'import jsonschema' 2>/dev/null; then
		python3 -c 'import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
for line in open(sys.argv[2]):
	v.validate(json.loads(line))' "$schema" "$t/ext4-4k.json" 2>"$t/schema.err"
		ok_rc $? "--image --json validates against the schema"
	else
		skip "--image --json validates against the schema" "no jsonschema"
	fi
	"$fc" --image "$img" >"$t/text" 2>&1
	grep -qF '/bin/v1: warning: legacy revision 1 value (32-bit sets): cap_net_raw=ep' "$t/text"
	ok_rc $? "text output: a v1 value with its decoded sets"
	grep -q '^<inode [0-9]*>: warning: no directory names this inode' "$t/text"
	ok_rc $? "text output: the orphan, by inode number"

	# --offset: the same file system behind 1 MiB of something else.
	head -c 1048576 /dev/urandom >"$t/off.img"
	cat "$img" >>"$t/off.img"
	"$fc" --image "$t/off.img" --offset 1048576 --list >"$t/off.list" 2>&1
	"$fc" --image "$img" --list >"$t/plain.list" 2>&1
	cmp -s "$t/off.list" "$t/plain.list"
	ok_rc $? "--offset 1048576 reads the file system behind a prefix"
	"$fc" --image "$t/off.img" --offset 0x100000 -q --fail-on error >/dev/null 2>&1
	ok_rc $(($? != 4)) "--offset takes hex"
	"$fc" --image "$t/off.img" >/dev/null 2>"$t/off.err"
	rc=$?
	ok_rc $((rc != 8)) "no file system at offset 0 exits 8 (got $rc)"
	grep -qF "$t/off.img: cannot open an ext2/3/4 file system" "$t/off.err"
	ok_rc $? "the error names the file and the cause"

	# Baselines: the same format and rules as the mounted scan.
	"$fc" --image "$img" -q --fail-on error --save-baseline "$t/base" \
		>/dev/null 2>&1
	cut -f 1,7,8 "$t/base" | grep -q '^/bin/ping	x0100000200200000[0-9a-f]*	[0-9a-f]\{64\}$'
	ok_rc $? "--save-baseline records raw value and SHA-256 read from the image"
	"$fc" --image "$img" --json --baseline "$t/base" >"$t/same.json" 2>&1
	! grep -q '"rule":"baseline-' "$t/same.json"
	ok_rc $? "an unchanged image matches its baseline"
	cp "$img" "$t/changed.img"
	ea_plant "$t/changed.img" /bin/inh "$V_V2"
	debugfs -w -R "write /etc/hostname /bin/new" "$t/changed.img" >/dev/null 2>&1
	ea_plant "$t/changed.img" /bin/new "$V_V2"
	debugfs -w -R "ea_rm /small/tool security.capability" "$t/changed.img" >/dev/null 2>&1
	"$fc" --image "$t/changed.img" --json --baseline "$t/base" >"$t/bcmp.json" 2>&1
	for r in "baseline-changed /bin/inh" "baseline-added /bin/new" \
		"baseline-removed /small/tool"; do
		set -- $r
		grep -F "\"path\":\"$2\"" "$t/bcmp.json" | grep -qF "\"rule\":\"$1\""
		ok_rc $? "baseline: $1 ($2)"
	done
	# A content change behind an unchanged value (debugfs keeps xattrs).
	cp "$img" "$t/content.img"
	debugfs -w -R "sif /bin/admin size 3" "$t/content.img" >/dev/null 2>&1
	"$fc" --image "$t/content.img" --json --baseline "$t/base" 2>&1 |
		grep -F '"path":"/bin/admin"' | grep -qF '"rule":"baseline-content"'
	ok_rc $? "baseline: content change (SHA-256 read through libext2fs)"

	# Read-write mounts are refused unless --force; read-only ones are fine.
	cp "$img" "$t/rw.img"
	mnt=$t/mnt
	if mount -o loop "$t/rw.img" "$mnt" 2>/dev/null; then
		"$fc" --image "$t/rw.img" >/dev/null 2>"$t/rw.err"
		rc=$?
		ok_rc $((rc != 8)) "a file system mounted read-write is refused, exit 8 (got $rc)"
		grep -qF "$t/rw.img: mounted read-write" "$t/rw.err"
		ok_rc $? "and the refusal says why"
		"$fc" --image "$t/rw.img" --force >/dev/null 2>"$t/rw.err"
		ok_rc $(($? != 4)) "--force scans it anyway (with a warning)"
		umount "$mnt"
		mnt=
	else
		skip "read-write mount refused" "cannot mount"
		skip "and the refusal says why" "cannot mount"
		skip "--force scans it anyway" "cannot mount"
	fi
	# A block device: the same image behind a loop device, unmounted.
	if dev=$(losetup -f --show -r "$img" 2>/dev/null); then
		"$fc" --image "$dev" --list >"$t/dev.list" 2>"$t/dev.err"
		losetup -d "$dev"
		cmp -s "$t/dev.list" "$t/plain.list"
		ok_rc $? "an unmounted block device ($dev) reads as its image"
	else
		skip "an unmounted block device reads as its image" "no loop device"
	fi
	cp "$img" "$t/jr.img"
	debugfs -w -R "feature needs_recovery" "$t/jr.img" >/dev/null 2>&1
	"$fc" --image "$t/jr.img" >/dev/null 2>"$t/jr.err"
	rc=$?
	grep -qF 'the journal needs recovery' "$t/jr.err" && [ $rc -eq 4 ]
	ok_rc $? "a journal that needs recovery is warned about (rc $rc)"
fi

# ---- 1b. no root needed: every value planted with debugfs -------------

cat >"$t/expect-nr" <<'EOF'
/bin/ping -
/bin/ping-link -
/bin/zero zero-length
/bin/v1 legacy-v1
/bin/odd unknown-flags
/bin/huge oversized
/dir2 non-regular,unknown-flags
/lnk non-regular
EOF
cat >"$t/check-nr.py" <<'EOF'
import json, sys
name, jfile, expect = sys.argv[1:4]
ents = [json.loads(l) for l in open(jfile)]
by = {e["path"]: e for e in ents}
miss = []
for line in open(expect):
	path, rules = line.split()
	got = {f["rule"] for f in by.get(path, {"findings": [{"rule": "MISSING"}]})["findings"]}
	got.discard("not-root-owned")	# mke2fs -d keeps the caller's uid
	want = set() if rules == "-" else set(rules.split(","))
	if not want <= got or (not want and got):
		miss.append(f"{path}: {sorted(got)}")
print(("FAIL" if miss else "PASS"), f"{name}: values planted by debugfs all judged", miss[:3])
orph = [e for e in ents if e["path"].startswith("<inode ")]
ok = len(orph) == 1 and "orphan" in {f["rule"] for f in orph[0]["findings"]}
print(("PASS" if ok else "FAIL"), f"{name}: the unlinked inode is an orphan")
ok = by.get("/bin/ping", {}).get("links") == ["/bin/ping-link"]
print(("PASS" if ok else "FAIL"), f"{name}: both names of the hard link")
EOF
u=$t/nrtree
mkdir -p "$u/bin" "$u/dir2"
for f in ping zero v1 odd huge gone; do printf x >"$u/bin/$f"; done
ln "$u/bin/ping" "$u/bin/ping-link"
while read -r name size opts; do
	img=$t/$name.img
	if ! mke2fs -q -F -d "$u" $opts "$img" "$size" >/dev/null 2>&1; then
		skip "$name (no root)" "mke2fs $opts failed"
		continue
	fi
	planted=0
	ea_plant "$img" /bin/ping "$V_V2" &&
	ea_plant "$img" /bin/zero "$V_ZERO" &&
	ea_plant "$img" /bin/v1 "$V_V1" &&
	ea_plant "$img" /bin/odd "$V_ODD" &&
	ea_plant "$img" /bin/huge "$V_BIG" &&
	ea_plant "$img" /bin/gone "$V_V2" &&
	ea_plant "$img" /dir2 "$V_ODD" &&
	debugfs -w -R "symlink /lnk /bin/ping" "$img" >/dev/null 2>&1 &&
	ea_plant "$img" /lnk "$V_V2" &&
	debugfs -w -R "unlink /bin/gone" "$img" >/dev/null 2>&1 ||
		planted=1
	ok_rc $planted "$name: values planted with debugfs (no root)"
	"$fc" --image "$img" --json >"$t/$name.json" 2>"$t/$name.err"
	rc=$?
	[ $rc -eq 4 ] && [ ! -s "$t/$name.err" ]
	ok_rc $? "$name: exit 4, nothing on stderr (rc $rc)"
	py "$t/check-nr.py" "$name" "$t/$name.json" "$t/expect-nr"
done <<'EOF'
nr-ext2-1k-128  1M  -t ext2 -b 1024 -I 128 -N 64
nr-ext4-4k-csum  8M  -t ext4 -b 4096 -I 256 -N 64 -O metadata_csum,^has_journal
EOF
# --context: the image's values judged where they will run, as a
# mounted scan's would be
img=$t/nr-ext4-4k-csum.img
if [ -s "$img" ]; then
	"$fc" --image "$img" --json --context docker --cap-drop NET_RAW \
		>"$t/ctx.json" 2>"$t/ctx.err"
	cat >"$t/ctx.py" <<'EOF'
import json, sys
by = {}
for l in open(sys.argv[1]):
	o = json.loads(l)
	by[o["path"]] = {f["rule"]: f for f in o["findings"]}
def ctx(p):
	return {r: f for r, f in by.get(p, {}).items() if r.startswith("context-")}
c = ctx("/bin/ping").get("context-not-granted", {})
ok = c.get("exec", {}).get("error", 0) is None and \
	c.get("fixes", [{}])[0] == {"change": "--cap-add NET_RAW", "full": True}
print("PASS" if ok else "FAIL", "--image --context: cap_net_raw=p without NET_RAW: not granted, fix --cap-add NET_RAW", c)
c = ctx("/bin/zero").get("context-exec-fails", {})
print("PASS" if c.get("exec", {}).get("error") == "EINVAL" else "FAIL",
      "--image --context: the zero-length value: EINVAL")
print("PASS" if not ctx("/dir2") and not ctx("/lnk") else "FAIL",
      "--image --context: a directory and a symbolic link are not judged")
EOF
	py "$t/ctx.py" "$t/ctx.json"
else
	skip "--image --context" "no image made above"
fi

# Usage errors.
"$fc" --offset 5 / >/dev/null 2>&1
ok_rc $(($? != 16)) "--offset without --image is a usage error"
"$fc" --image /dev/null /tmp >/dev/null 2>&1
ok_rc $(($? != 16)) "--image with path operands is a usage error"
"$fc" --image /dev/null --offset -1 >/dev/null 2>&1
ok_rc $(($? != 16)) "a negative --offset is a usage error"
"$fc" --image "$t/no-such.img" >/dev/null 2>"$t/ns.err"
rc=$?
[ $rc -eq 8 ] && grep -qF "$t/no-such.img" "$t/ns.err"
ok_rc $? "a missing image exits 8, naming it"

# SIGINT: exit 32, when there is an image large enough to interrupt.
big=${BENCH_IMAGE:-/tmp/fcaps-bench-scan.img}
if [ -r "$big" ]; then
	"$fc" --image "$big" --list >/dev/null 2>&1 &
	pid=$!
	sleep 0.1
	kill -INT $pid 2>/dev/null
	wait $pid
	rc=$?
	if [ $rc -ge 32 ]; then
		ok_rc 0 "SIGINT during --image exits 32"
	else
		skip "SIGINT during --image exits 32" "scan finished first (rc $rc)"
	fi
else
	skip "SIGINT during --image exits 32" "no large image (make bench-image makes one)"
fi

# ---- 2. corrupt images -------------------------------------------------

# corrupt NAME MESSAGE LISTED...: what must come out of a damaged image
corrupt() {
	name=$1 msg=$2
	shift 2
	gzip -dc "$top/tests/data/$name.img.gz" >"$t/$name.img"
	timeout 20 "$fc" --image "$t/$name.img" --list >"$t/$name.out" \
		2>"$t/$name.err"
	rc=$?
	bad=0
	[ $((rc & 8)) -eq 8 ] && [ $rc -lt 16 ] || bad=1
	grep -q 'Sanitizer\|runtime error' "$t/$name.err" && bad=1
	grep -qF "$msg" "$t/$name.err" || bad=1
	for p in "$@"; do
		grep -q "^$p " "$t/$name.out" || bad=1
	done
	ok_rc $bad "corrupt $name: exit 8 (rc $rc), '$msg' named, $# values still found"
}
corrupt trunc "inode table of group 2 unreadable" /ok/a /ok/b /d/e/f
corrupt badsb "using the backup at block 8193" /ok/a /ok/b /bad/x
corrupt loop "/d/e/up: another name of directory inode" /ok/a /ok/b /d/e/f
corrupt garbage-ea "EA block 38 unreadable" /ok/a /d/e/f /bad/x
corrupt csum "Inode checksum does not match" /ok/a /ok/b /d/e/f
corrupt baddir "directory /bad (inode 12) unreadable" /ok/a /ok/b /d/e/f
corrupt dupblock "the same name found more than once" /ok/a /ok/b /d/e/f
corrupt partial "inode 21: in-inode extended attributes partly unreadable" /ok/a /ok/b /d/e/f
corrupt dag "has more entries than its size allows" /ok/a /ok/b /d/e/f
for f in dupblock dag; do
	[ "$(grep -c '^/d/e/f ' "$t/$f.out")" -eq 1 ]
	ok_rc $? "corrupt $f: a name repeated by the block map is listed once"
done

# Mutants: flip bytes in the blocks the generated images of 1b use (and
# sometimes cut the image short); the scanner must end (timeout), not
# crash (ASan/UBSan) and exit 0, 4, 8 or 12.
for base in nr-ext2-1k-128 nr-ext4-4k-csum; do
	if [ ! -f "$t/$base.img" ]; then
		skip "mutants of $base" "no image"
		skip "mutants of $base report damage" "no image"
		continue
	fi
	crashed=0 hung=0 codes= k=0
	while [ $k -lt 40 ]; do
		seed=$base-$k
		k=$((k + 1))
		python3 -c 'import random, sys
src, dst, seed = sys.argv[1:4]
data = bytearray(open(src, "rb").read())
r = random.Random(seed)
used = [i for i in range(0, len(data), 1024) if any(data[i:i + 1024])]
for _ in range(r.randint(1, 12)):
	b = r.choice(used)
	data[b + r.randrange(1024)] = r.randrange(256)
if r.random() < 0.1:
	del data[r.randrange(len(data) // 2, len(data)):]
open(dst, "wb").write(data)' "$t/$base.img" "$t/mut.img" "$seed"
		timeout 20 "$fc" --image "$t/mut.img" --json >/dev/null \
			2>"$t/mut.err"
		rc=$?
		case $rc in
		0|4|8|12) ;;
		124) hung=$((hung + 1)); echo "# $seed: timeout" ;;
		*) crashed=$((crashed + 1)); echo "# $seed: exit $rc"
		   grep -m 3 'ERROR\|runtime error\|SUMMARY' "$t/mut.err" |
			sed 's/^/#   /' ;;
		esac
		grep -q 'Sanitizer\|runtime error' "$t/mut.err" && {
			crashed=$((crashed + 1)); echo "# $seed: sanitizer report"; }
		codes="$codes $rc"
	done
	ok_rc $((crashed + hung)) "40 mutants of $base: no crash ($crashed), no hang ($hung)"
	echo "$codes" | grep -q ' 8\| 12'
	ok_rc $? "mutants of $base: damage is reported (some exit 8)"
done

echo "1..$n"
