#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# cyclonedx.sh: fsck-check --cyclonedx in every scan mode (TAP).  Each
# document is validated against the CycloneDX 1.6 schema by the CycloneDX
# project's own validator (tests/cyclonedx-validate.js, which
# scripts/deps.sh installs from npm into build/cyclonedx/), and held to
# what was scanned: every name with a value is a component of type file
# with its fcaps: properties (each name one doc/fsck-check.8 documents)
# and, for a regular file, the SHA-256 sha256sum gives of its content;
# no name without a value is a component.
#
# 0. the validator is proven: it accepts a minimal document, rejects
#    hand-broken copies of a real one, and says it cannot run (exit 2),
#    never "valid", without its library.
# 1. (root) a tree planted with setcap: v2, v3 with a rootid, inheritable
#    only, a file of another owner, a hard link, a directory, a name with
#    a space, a 300 KiB file, and names with no value.
#    a. the mounted tree (and an operand that cannot be read: exit 8, an
#       incomplete scan, still a valid document);
#    b. --image: an ext4 image mke2fs -d made of it, with the values no
#       kernel writes planted by debugfs (zero-length, v1, unknown flags,
#       oversized): a damaged value carries its problems;
#    c. --archive: GNU tar --xattrs of it.
# 2. (no root) --archive on Python's tarfile's PAX values (damaged ones
#    too); --oci on an image of two layers (tests/mkoci.py): a value a
#    whiteout removed or a later layer lost is no component, each layer
#    property is the manifest's; --image-ref names the container.
# 3. SOURCE_DATE_EPOCH: the same input gives the same bytes, the epoch's
#    timestamp and a version 5 serial number; without it, a version 4
#    serial, new each run; a malformed one is a usage error (16).
set -u
export LC_ALL=C
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check
CAPX=${FCAPS_SAN:-$top/build/san}/tests/capxattr
validator=$top/tests/cyclonedx-validate.js
cdx_modules=$top/build/cyclonedx/node_modules

[ -x "$fc" ] || bail "$fc not built (make san)"
for c in node python3 sha256sum tar gzip; do
	if ! command -v "$c" >/dev/null 2>&1; then
		echo "1..0 # SKIP no $c (scripts/deps.sh installs the validator's node modules)"
		exit 0
	fi
done
if [ ! -d "$cdx_modules/@cyclonedx/cyclonedx-library" ]; then
	echo "1..0 # SKIP no CycloneDX validator in build/cyclonedx/ (scripts/deps.sh installs it from npm)"
	exit 0
fi

t=$(mktemp -d "${TMPDIR:-/tmp}/fsck-check-cdx.XXXXXX")
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$t"; }
trap cleanup EXIT
trap 'exit 1' HUP INT PIPE TERM
# A private copy: a concurrent make san must not swap it mid-suite.
cp "$fc" "$t/fsck-check" && fc=$t/fsck-check
cd "$t" || bail "cannot cd to $t"
export PYTHONPATH="$top/tests"
# no fcaps-guard's mask in the findings (tests/scan.sh)
FCAPS_GUARD_PINDIR=/nonexistent/fcaps-guard
export FCAPS_GUARD_PINDIR
unset SOURCE_DATE_EPOCH

# validate FILE: the validator's verdict (0 valid, 1 invalid, 2 cannot
# run), its words on stdout in FILE.val
validate() {
	NODE_PATH=$cdx_modules node "$validator" "$1" >"$1.val" 2>&1
}
# valid DESC FILE: a test that FILE is a valid CycloneDX 1.6 document
valid() {
	validate "$2"
	ok_rc $? "$1"
	grep -qx "$2: valid" "$2.val" || sed 's/^/# /' "$2.val"
}
clean_err() {	# clean_err FILE: empty, and no sanitizer report
	[ ! -s "$1" ] || { sed 's/^/# /' "$1"; return 1; }
}
sha() { sha256sum <"$1" | cut -c1-64; }

# The expectations of a document, one line each, fields separated by tabs:
#   C PATH SHA PROP...   a component of type file named PATH, with hashes
#                        [SHA-256 SHA] ("-": no hashes: not a regular
#                        file) and each PROP: NAME=VALUE a property NAME
#                        with VALUE (the only one, but for problem and
#                        finding, which repeat), !NAME no property NAME,
#                        ?NAME one present
#   N PATH               no component is named PATH
# want PATH FILE PROP...: a C line, the SHA-256 of FILE ("-": none)
want() {
	_p=$1 _s=-
	[ "$2" = - ] || _s=$(sha "$2")
	shift 2
	printf 'C\t%s\t%s' "$_p" "$_s"
	printf '\t%s' "$@"
	printf '\n'
}
nowant() { printf 'N\t%s\n' "$1"; }

cat >check.py <<'EOF'
"""check.py DOC EXPECT SOURCE INPUT MAN: "PASS desc" / "FAIL desc" lines."""
import json, re, sys

doc, expect, source, inp, man = sys.argv[1:6]
tag = f"{source} ({inp})"
MULTI = {"fcaps:problem", "fcaps:finding"}


def res(ok, desc, why=""):
    print("PASS" if ok else "FAIL", f"{tag}: {desc}", "" if ok else why)


try:
    d = json.load(open(doc, encoding="utf-8"))
except Exception as e:
    res(False, f"the document is JSON ({e})")
    sys.exit(0)
# the property names fsck-check.8 documents; fcaps:finding:RULE by pattern
doc_names = set(re.findall(r"fcaps:[a-z-]+(?::)?", open(man).read()))
comps = d.get("components", [])
by = {}
for c in comps:
    by.setdefault(c.get("name"), []).append(c)
want, nowant = {}, []
for line in open(expect, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[0] == "C":
        want[f[1]] = (f[2], f[3:])
    else:
        nowant.append(f[1])

meta = d.get("metadata", {})
sp = {p["name"]: p["value"]
      for p in meta.get("component", {}).get("properties", [])}
mp = {p["name"]: p["value"] for p in meta.get("properties", [])}
tools = meta.get("tools", {}).get("components", [{}])
ok = (sp.get("fcaps:source") == source and sp.get("fcaps:input") == inp
      and mp.get("fcaps:scan") == "complete"
      and tools[0].get("name") == "fsck-check"
      and d.get("specVersion") == "1.6")
res(ok, "metadata: the tool, the source, the input, a complete scan",
    f"{sp} {mp}")

names = set(by)
res(names == set(want), "the components are exactly the names with a value",
    f"extra {sorted(names - set(want))[:3]} missing {sorted(set(want) - names)[:3]}")
refs = [c.get("bom-ref") for c in comps]
res(len(set(refs)) == len(refs) and None not in refs, "every bom-ref is distinct")

undoc = set()
for c in comps:
    for p in c.get("properties", []):
        n = p["name"]
        if n.startswith("fcaps:finding:"):
            n = "fcaps:finding:"
        if n not in doc_names:
            undoc.add(p["name"])
for p in list(meta.get("component", {}).get("properties", [])) + \
        list(meta.get("properties", [])):
    if p["name"] not in doc_names:
        undoc.add(p["name"])
res(not undoc, "every property is one fsck-check.8 documents", sorted(undoc)[:4])

for path, (sha, props) in sorted(want.items()):
    cs = by.get(path, [])
    bad = []
    if len(cs) != 1:
        res(False, f"{path}: one component", f"{len(cs)} of them")
        continue
    c = cs[0]
    if c.get("type") != "file":
        bad.append(f"type {c.get('type')}")
    h = c.get("hashes")
    if sha == "-":
        if h is not None:
            bad.append(f"hashes {h}")
    elif h != [{"alg": "SHA-256", "content": sha}]:
        bad.append(f"hashes {h}, sha256sum {sha}")
    got = {}
    for p in c.get("properties", []):
        got.setdefault(p["name"], []).append(p["value"])
    for n, v in got.items():
        if n not in MULTI and len(v) != 1:
            bad.append(f"{n} {len(v)} times")
    for w in props:
        if w.startswith("!"):
            if w[1:] in got:
                bad.append(f"{w[1:]} {got[w[1:]]}")
        elif w.startswith("?"):
            if w[1:] not in got:
                bad.append(f"no {w[1:]}")
        else:
            n, v = w.split("=", 1)
            if v not in got.get(n, []):
                bad.append(f"{n} {got.get(n)}, want {v!r}")
            elif n.startswith("fcaps:finding"):
                rule = v.split(":")[0]
                if not got.get("fcaps:finding:" + rule):
                    bad.append(f"no reason for {rule}")
    what = "its SHA-256" if sha != "-" else "no hash"
    res(not bad, f"{path}: a file component, {what}, its properties",
        "; ".join(bad[:3]))
for path in nowant:
    res(path not in by, f"{path}: no value, no component")
EOF
# check DOC EXPECT SOURCE INPUT: the tests of check.py
check_doc() {
	python3 check.py "$1" "$2" "$3" "$4" "$top/doc/fsck-check.8" \
		>check.out 2>check.err ||
		echo "FAIL $3 ($4): check.py crashed: $(tail -n 1 check.err)" \
			>>check.out
	while read -r res desc; do
		if [ "$res" = PASS ]; then ok "$desc"; else notok "$desc"; fi
	done <check.out
}
# scan NAME ARGS...: fsck-check --cyclonedx ARGS into NAME.json (stderr
# NAME.err), a test that it exits 4 (the findings), then one that the
# document is valid; the exit status in rc
scan() {
	_n=$1
	shift
	"$fc" --cyclonedx "$@" >"$_n.json" 2>"$_n.err"
	rc=$?
	[ $rc -eq 4 ]
	ok_rc $? "$_n: --cyclonedx exits 4, the findings' status (rc $rc)"
	[ $rc -eq 4 ] || sed 's/^/# /' "$_n.err"
	valid "$_n: a valid CycloneDX 1.6 document" "$_n.json"
}

# ---- 0. the validator ---------------------------------------------------

printf '{"bomFormat":"CycloneDX","specVersion":"1.6","version":1}\n' \
	>minimal.json
validate minimal.json
case $? in
0) ok "the validator accepts a minimal CycloneDX 1.6 document" ;;
2)
	echo "1..0 # SKIP the CycloneDX validator cannot run: $(head -n 1 minimal.json.val)"
	exit 0 ;;
*)
	notok "the validator accepts a minimal CycloneDX 1.6 document"
	sed 's/^/# /' minimal.json.val ;;
esac
cp "$validator" nolib.js
NODE_PATH=$t/none HOME=$t node nolib.js minimal.json >nolib.out 2>&1
rc=$?
[ $rc -eq 2 ] && ! grep -q ': valid$' nolib.out
ok_rc $? "without its library the validator says it cannot run (rc $rc, want 2)"

# ---- 2. (no root) tarfile archives and an OCI image ------------------
# (before 1: what needs root comes last)

cat >mk.py <<'EOF'
import json, os, tarfile
import mkoci as m
V2 = "0100000200200000000000000000000000000000"	# cap_net_raw=ep
ADM = "0100000200002000000000000000000000000000"	# cap_sys_admin=ep
V3 = "0100000300200000" + "00" * 12 + "e8030000"	# rootid 1000
V1 = "010000010020000000000000"
ODD = "0300000200200000000000000000000000000000"
HUGE = "01000002" + "00" * 96
os.makedirs("content", exist_ok=True)


def f(name, value, data=None):
    """a regular file NAME, its DATA also in content/ for sha256sum"""
    data = data if data is not None else ("%s\n" % name).encode()
    with open("content/" + name.replace("/", "_"), "wb") as o:
        o.write(data)
    return (name, value, None, None, data)


arch = m.layer_bytes([
    f("bin/ping", V2), f("bin/ns", V3), f("bin/v1", V1), f("bin/odd", ODD),
    f("bin/zero", ""), f("bin/huge", HUGE), f("bin/plain", None),
    ("etc/", V2, tarfile.DIRTYPE)])
open("pax.tar", "wb").write(arch)
l1 = m.layer_bytes([
    f("usr/bin/ping", V2), f("usr/bin/gone", V2), f("usr/bin/lost", V2),
    f("usr/bin/plain", None), f("usr/bin/ns", V3), f("usr/bin/zero", ""),
    f("usr/bin/big", V2, os.urandom(200000))])
l2 = m.layer_bytes([
    ("usr/bin/.wh.gone",),			# removed
    f("usr/bin/lost", None, b"lost, again\n"),	# rewritten: no value
    f("usr/bin/admin", ADM)], "gzip")
out = m.layout("layout", [("v1", [l1, l2])])
with open("layers", "w") as o:
    o.write(" ".join(out[0][1]) + "\n")
EOF
if setup "tests/mkoci.py writes the archive and the image" python3 mk.py &&
   read -r l1 l2 <layers; then
	c=content
	{
		want /bin/ping $c/bin_ping fcaps:capability=cap_net_raw=ep \
			fcaps:version=v2 fcaps:effective=true \
			fcaps:permitted=cap_net_raw fcaps:inheritable=none \
			fcaps:value=0100000200200000000000000000000000000000 \
			fcaps:mode=100755 fcaps:uid=0 fcaps:gid=0 '!fcaps:problem'
		want /bin/ns $c/bin_ns fcaps:version=v3 fcaps:rootid=1000 \
			fcaps:capability=cap_net_raw=ep
		want /bin/v1 $c/bin_v1 fcaps:version=v1 \
			fcaps:problem=legacy-v1 fcaps:capability=cap_net_raw=ep \
			fcaps:finding=legacy-v1:warning
		want /bin/odd $c/bin_odd fcaps:problem=unknown-flags \
			fcaps:value=0300000200200000000000000000000000000000 \
			fcaps:finding=unknown-flags:warning
		want /bin/zero $c/bin_zero fcaps:problem=zero-length \
			fcaps:value= '!fcaps:capability' \
			fcaps:finding=zero-length:error
		want /bin/huge $c/bin_huge '?fcaps:unreadable' \
			'!fcaps:capability' fcaps:finding=oversized:error
		want /etc - fcaps:mode=40755 fcaps:finding=non-regular:warning
		nowant /bin/plain
	} >pax.want
	scan pax --archive pax.tar
	check_doc pax.json pax.want archive pax.tar

	{
		want /usr/bin/ping $c/usr_bin_ping \
			fcaps:capability=cap_net_raw=ep \
			"fcaps:layer=$l1" fcaps:layer-index=1 \
			fcaps:finding=layer-added:info
		want /usr/bin/ns $c/usr_bin_ns fcaps:rootid=1000 \
			"fcaps:layer=$l1" fcaps:layer-index=1
		want /usr/bin/zero $c/usr_bin_zero fcaps:problem=zero-length \
			fcaps:finding=zero-length:error
		want /usr/bin/big $c/usr_bin_big "fcaps:layer=$l1"
		want /usr/bin/admin $c/usr_bin_admin \
			fcaps:capability=cap_sys_admin=ep \
			"fcaps:layer=$l2" fcaps:layer-index=2 \
			fcaps:finding=dangerous:warning
		nowant /usr/bin/gone
		nowant /usr/bin/lost
		nowant /usr/bin/plain
	} >oci.want
	scan oci --oci layout
	check_doc oci.json oci.want oci layout

	"$fc" --cyclonedx --oci layout --image-ref v1 >ref.json 2>/dev/null
	valid "oci --image-ref: a valid document" ref.json
	python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["metadata"]["component"]
p = {x["name"]: x["value"] for x in c["properties"]}
assert c["type"] == "container" and c["name"] == "v1", c
assert p["fcaps:image-ref"] == "v1" and p["fcaps:input"] == "layout", p
' ref.json
	ok_rc $? "oci --image-ref: the subject is the container named v1"

	# ---- 0. the validator rejects what is not CycloneDX 1.6 ----------
	python3 - oci.json <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))


def broken(name, how):
    b = json.loads(json.dumps(d))
    how(b)
    json.dump(b, open("broken-%s.json" % name, "w"))


broken("type", lambda b: b["components"][0].update(type="executable"))
broken("hash", lambda b: b["components"][0]["hashes"][0].update(
    content="not-hex"))
broken("serial", lambda b: b.update(serialNumber="urn:uuid:1234"))
broken("format", lambda b: b.update(bomFormat="SPDX"))
broken("prop", lambda b: b["components"][0]["properties"][0].update(
    name=17))
open("broken-cut.json", "w").write(open(sys.argv[1]).read()[:200])
EOF
	for b in type hash serial format prop cut; do
		validate broken-$b.json
		rc=$?
		[ $rc -eq 1 ] && grep -qx "broken-$b.json: invalid" \
			broken-$b.json.val
		ok_rc $? "the validator rejects a copy broken by hand: $b (rc $rc)"
	done
fi

# ---- 3. SOURCE_DATE_EPOCH ----------------------------------------------

if [ -d layout ]; then
	SOURCE_DATE_EPOCH=1700000000 "$fc" --cyclonedx --oci layout \
		>sde1.json 2>/dev/null
	SOURCE_DATE_EPOCH=1700000000 "$fc" --cyclonedx --oci layout \
		>sde2.json 2>/dev/null
	[ -s sde1.json ] && cmp -s sde1.json sde2.json
	ok_rc $? "SOURCE_DATE_EPOCH: the same input, the same bytes"
	valid "SOURCE_DATE_EPOCH: a valid document" sde1.json
	python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
assert d["metadata"]["timestamp"] == "2023-11-14T22:13:20Z", d["metadata"]
assert re.fullmatch(r"urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-"
		    r"[89ab][0-9a-f]{3}-[0-9a-f]{12}", d["serialNumber"])
' sde1.json
	ok_rc $? "SOURCE_DATE_EPOCH: its timestamp, a version 5 serial number"
	SOURCE_DATE_EPOCH=1700000000 "$fc" --cyclonedx --oci layout \
		--image-ref v1 >sde3.json 2>/dev/null
	s1=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["serialNumber"])' sde1.json)
	s3=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["serialNumber"])' sde3.json)
	[ -n "$s1" ] && [ -n "$s3" ] && [ "$s1" != "$s3" ]
	ok_rc $? "SOURCE_DATE_EPOCH: another document, another serial number"
	s4=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["serialNumber"])' oci.json)
	"$fc" --cyclonedx --oci layout >rand.json 2>/dev/null
	s5=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["serialNumber"])' rand.json)
	v4='urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}'
	echo "$s4" | grep -Eqx "$v4" && echo "$s5" | grep -Eqx "$v4" &&
		[ "$s4" != "$s5" ]
	ok_rc $? "without it: a random (version 4) serial number, new each run"
	for bad in 12x -1 '' 253402300800; do
		SOURCE_DATE_EPOCH=$bad "$fc" --cyclonedx --oci layout \
			>sdebad.json 2>sdebad.err
		rc=$?
		[ $rc -eq 16 ] && [ ! -s sdebad.json ] &&
			grep -q SOURCE_DATE_EPOCH sdebad.err
		ok_rc $? "SOURCE_DATE_EPOCH='$bad': a usage error, no document (rc $rc)"
	done
fi

# ---- 1. (root) a planted tree: mounted, --image, --archive ------------

if [ "$(id -u)" -ne 0 ] || ! command -v setcap >/dev/null 2>&1; then
	skip "a planted tree: mounted, --image, --archive" "needs root and setcap (to plant the tree)"
	done_testing
fi
. "$top/tests/ea-plant.sh"
s=$t/tree
mk() {	# mk PATH: an executable file whose content is its own name
	mkdir -p "$(dirname "$1")" && printf '#!/bin/true\n# %s\n' "$1" >"$1" &&
		chmod 0755 "$1"
}
sc() { setup "setcap $*" setcap "$@"; }
mk "$s/bin/ping";		sc cap_net_raw+ep "$s/bin/ping"
ln "$s/bin/ping" "$s/bin/ping-link"
mk "$s/bin/admin";		sc cap_sys_admin+ep "$s/bin/admin"
mk "$s/bin/ns";			sc -n 1000 cap_net_raw+ep "$s/bin/ns"
mk "$s/bin/inh";		sc cap_net_raw+i "$s/bin/inh"
mk "$s/bin/user";		chown 1000:1000 "$s/bin/user"
sc cap_net_raw+ep "$s/bin/user"
mk "$s/with space/a b";		sc cap_ipc_lock+ep "$s/with space/a b"
head -c 300000 /dev/urandom >"$s/bin/big" && chmod 0755 "$s/bin/big"
sc cap_chown+p "$s/bin/big"
mkdir "$s/dirv"
setup "plant a value on dirv" "$CAPX" set "$s/dirv" \
	0000000200200000000000000000000000000000
for f in plain zero v1 odd huge; do mk "$s/bin/$f"; done

# tree_want PREFIX: the expectations of the tree's names under PREFIX
tree_want() {
	want "$1/bin/ping" "$s/bin/ping" fcaps:capability=cap_net_raw=ep \
		fcaps:version=v2 fcaps:effective=true \
		fcaps:permitted=cap_net_raw fcaps:inheritable=none \
		fcaps:value=0100000200200000000000000000000000000000 \
		fcaps:mode=100755 fcaps:uid=0 fcaps:gid=0 '!fcaps:finding' \
		'!fcaps:problem' '!fcaps:rootid'
	want "$1/bin/ping-link" "$s/bin/ping" fcaps:capability=cap_net_raw=ep
	want "$1/bin/admin" "$s/bin/admin" fcaps:capability=cap_sys_admin=ep \
		fcaps:permitted=cap_sys_admin \
		fcaps:value=0100000200002000000000000000000000000000 \
		fcaps:finding=dangerous:warning
	want "$1/bin/ns" "$s/bin/ns" fcaps:capability=cap_net_raw=ep \
		fcaps:version=v3 fcaps:rootid=1000 \
		fcaps:value=0100000300200000000000000000000000000000e8030000
	want "$1/bin/inh" "$s/bin/inh" fcaps:capability=cap_net_raw=i \
		fcaps:effective=false fcaps:permitted=none \
		fcaps:inheritable=cap_net_raw fcaps:finding=inheritable-only:info
	want "$1/bin/user" "$s/bin/user" fcaps:uid=1000 fcaps:gid=1000 \
		fcaps:finding=not-root-owned:warning
	want "$1/with space/a b" "$s/with space/a b" \
		fcaps:capability=cap_ipc_lock=ep
	want "$1/bin/big" "$s/bin/big" fcaps:capability=cap_chown=p \
		fcaps:effective=false fcaps:permitted=cap_chown
	want "$1/dirv" - fcaps:capability=cap_net_raw=p fcaps:mode=40755 \
		fcaps:finding=non-regular:warning
	nowant "$1/bin/plain"
}

# a. the mounted tree
{
	tree_want "$s"
	for f in zero v1 odd huge; do nowant "$s/bin/$f"; done
} >mounted.want
scan mounted "$s"
check "mounted: nothing on stderr" clean_err mounted.err
check_doc mounted.json mounted.want mounted "$s"

"$fc" --cyclonedx "$s" "$t/none" >part.json 2>part.err
rc=$?
[ $((rc & 8)) -ne 0 ] && grep -q "$t/none" part.err
ok_rc $? "an operand that cannot be read: exit 8 (rc $rc), the operand named"
valid "an incomplete scan: still a valid document" part.json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
p = {x["name"]: x["value"] for x in d["metadata"]["properties"]}
assert p["fcaps:scan"] == "incomplete", p
assert len(d["components"]) == 9, len(d["components"])
' part.json
ok_rc $? "an incomplete scan says so, and lists what it read"

# b. --image: mke2fs -d of the tree, then what no kernel writes
V_HUGE=01000002$(printf '%0192d' 0)	# 100 bytes
if ! command -v mke2fs >/dev/null 2>&1 ||
   ! command -v debugfs >/dev/null 2>&1; then
	skip "--image" "no mke2fs or debugfs (e2fsprogs)"
elif setup "mke2fs -d of the tree" mke2fs -q -F -t ext4 -b 4096 -I 256 \
		-d "$s" img 16M &&
     setup "plant zero-length" ea_plant img /bin/zero "" &&
     setup "plant v1" ea_plant img /bin/v1 010000010020000000000000 &&
     setup "plant odd flags" ea_plant img /bin/odd \
		0300000200200000000000000000000000000000 &&
     setup "plant oversized" ea_plant img /bin/huge "$V_HUGE"; then
	{
		tree_want ""
		want /bin/zero "$s/bin/zero" fcaps:problem=zero-length \
			fcaps:value= '!fcaps:capability' '!fcaps:version' \
			fcaps:finding=zero-length:error
		want /bin/v1 "$s/bin/v1" fcaps:version=v1 \
			fcaps:problem=legacy-v1 fcaps:capability=cap_net_raw=ep \
			fcaps:value=010000010020000000000000 \
			fcaps:finding=legacy-v1:warning
		want /bin/odd "$s/bin/odd" fcaps:problem=unknown-flags \
			fcaps:capability=cap_net_raw=ep \
			fcaps:finding=unknown-flags:warning
		want /bin/huge "$s/bin/huge" '?fcaps:unreadable' \
			'!fcaps:capability' "fcaps:value=$V_HUGE" \
			fcaps:finding=oversized:error
	} >image.want
	scan image --image img
	check "image: nothing on stderr" clean_err image.err
	check_doc image.json image.want image img
fi

# c. --archive: GNU tar --xattrs
if setup "GNU tar --xattrs of the tree" tar --xattrs \
		--xattrs-include=security.capability -cf gnu.tar -C "$s" .; then
	{
		tree_want ""
		for f in zero v1 odd huge; do nowant "/bin/$f"; done
	} >gnu.want
	scan gnu --archive gnu.tar
	check "archive: nothing on stderr" clean_err gnu.err
	check_doc gnu.json gnu.want archive gnu.tar

	SOURCE_DATE_EPOCH=1 "$fc" --cyclonedx "$s" >sdem1.json 2>/dev/null
	SOURCE_DATE_EPOCH=1 "$fc" --cyclonedx -j 1 "$s" >sdem2.json 2>/dev/null
	[ -s sdem1.json ] && cmp -s sdem1.json sdem2.json
	ok_rc $? "SOURCE_DATE_EPOCH: a mounted tree, the same bytes with 1 walker or several"
fi

done_testing
