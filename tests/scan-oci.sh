#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan-oci.sh: fsck-check --oci on container images (TAP).
#
# 1. (no root) an image of four layers written by Python's tarfile
#    (tests/mkoci.py): every kind of value, those no file system holds
#    included, names with spaces and non-UTF-8 bytes, a value lost, one
#    changed, one removed by a whiteout and re-added, an opaque
#    directory, gzip and zstd layers.  As a layout directory, an OCI
#    archive and a docker save tar: --list and the text output golden,
#    each JSON line's layer the manifest's.
# 2. --image-ref among several images; baselines, --policy, --fail-on.
# 3. hostile images: a symbolic link for a blob or for index.json, a
#    huge manifest or index, a truncated gzip layer, a 16 MiB PAX header,
#    a decompression bomb, ".." in an OCI archive: exit 8 with the image
#    and the cause named, no sanitizer report.  The cases whose whole
#    output is the test (an altered layer, a missing blob or manifest,
#    ".." and absolute names, names below a symbolic link, whiteouts,
#    nested indexes, a docker layer named outside the archive or with a
#    terminal escape, broken JSON) are tests/cases/oci-*.
# 4. (root) a layout only root can read is read all the same (its blobs
#    are open before the reader drops to nobody); the reader runs as
#    nobody, without capabilities, under the seccomp filter.
# 5. (root) an image built layer by layer by umoci from root file systems
#    carrying values (setcap), a GNU tar --xattrs layer, and skopeo's
#    copies to docker-archive: and oci-archive: (local transports): the
#    same values and events from each.
# 6. --context: golden findings of the two rules, the image
#    configuration's User and --user (a name through the image's
#    /etc/passwd and /etc/group, uid:gid, a name it lacks), --list, -q, --json,
#    --prometheus and --baseline with the rules.  Run before 4 (no
#    root needed).
set -u
export LC_ALL=C
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check

[ -x "$fc" ] || bail "$fc not built (make san)"
for c in python3 zstd gzip tar; do
	if ! command -v "$c" >/dev/null 2>&1; then
		echo "1..0 # SKIP no $c (scripts/deps.sh installs zstd)"
		exit 0
	fi
done
fc=$(json_keeper "$fc")

t=$(mktemp -d "${TMPDIR:-/tmp}/fsck-check-oci.XXXXXX")
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$t"; }
trap cleanup EXIT
trap 'exit 1' HUP INT PIPE TERM
cd "$t" || bail "cannot cd to $t"
export PYTHONPATH="$top/tests"

V2=0100000200200000000000000000000000000000
clean_err() {	# clean_err FILE: empty, and no sanitizer report
	[ ! -s "$1" ] || { sed 's/^/# /' "$1"; return 1; }
}
# nodigest: layer digests as "sha256:D" (golden text is not tied to them)
# list_golden INPUT REF WANT: --list of image REF in INPUT exits 4 with
# exactly WANT on stdout and nothing on stderr.
list_golden() {
	"$fc" --oci "$1" --image-ref "$2" --list >"$1.list" 2>"$1.err"
	rc=$?
	[ $rc -eq 4 ] && cmp -s "$1.list" "$3"
	ok_rc $? "$1: --list is golden (rc $rc)"
	cmp -s "$1.list" "$3" || diff "$3" "$1.list" | sed 's/^/# /'
	check "$1: nothing on stderr" clean_err "$1.err"
}
nodigest() { sed -E 's/sha256:[0-9a-f]{64}/sha256:D/g'; }
# json_rules FILE: "path present layer_index value rules" lines, sorted
json_rules() {
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
	e = json.loads(l)
	r = ",".join(f["rule"] for f in e["findings"]) or "-"
	p = e["path"].encode("latin-1").decode("utf-8", "backslashreplace")
	print(p, e.get("present"), e.get("layer_index"), e["value"], r)' "$1" |
		sort
}

# ---- 1. an image written by tarfile --------------------------------------

cat >mk.py <<'EOF'
import json, sys, tarfile
import mkoci as m
V2 = "0100000200200000000000000000000000000000"	# cap_net_raw=ep
V2B = "0100000200300000000000000000000000000000"	# + cap_net_admin
ADM = "0100000200002000000000000000000000000000"	# cap_sys_admin=ep
V3 = "0100000300200000" + "00" * 12 + "e8030000"	# rootid 1000
D = tarfile.DIRTYPE
nu = bytes.fromhex("6e2dff7574662038").decode("utf-8", "surrogateescape")
l1 = m.layer_bytes([
	("usr/bin/ping", V2), ("usr/bin/node", V2), ("usr/bin/admin", ADM),
	("usr/bin/ns", V3), ("usr/bin/zero", ""),
	("usr/bin/v1", "010000010020000000000000"),
	("usr/bin/odd", "0300000200200000000000000000000000000000"),
	("usr/bin/huge", "01000002" + "00" * 96),
	("usr/bin/with space", V2), ("usr/bin/" + nu, V2),
	("usr/bin/ln", None, tarfile.LNKTYPE, "usr/bin/ping"),
	("opt/", None, D), ("opt/x", V2), ("opt/sub/y", V2),
	("etc/", V2, D)])
l2 = m.layer_bytes([
	("usr/bin/node",),			# COPY: the value lost
	("usr/bin/ping", V2B),			# changed
	("usr/bin/.wh.admin",),			# removed
	("opt/.wh..wh..opq",), ("opt/z", V2),	# opaque: x and sub/y go
	("etc/", None, D)], "gzip")		# the directory's value lost
l3 = m.layer_bytes([("usr/bin/admin", ADM)], "zstd")	# back again
l4 = m.layer_bytes([("usr/bin/ping", V2B)])		# set again, same
imgs = [("v1", [l1, l2, l3, l4]), ("base", [l1])]
out = m.layout("layout", imgs)
m.archive("layout", "oci.tar")
m.docker_save("docker.tar", [("fcaps:v1", [l1, l2, l3, l4]),
			     ("fcaps:base", [l1])])
json.dump(out, open("digests.json", "w"))
EOF
setup "tests/mkoci.py writes the image" python3 mk.py
cat >v1.list.want <<'EOF'
/opt/z cap_net_raw=ep
/usr/bin/admin cap_sys_admin=ep
/usr/bin/huge [oversized]
/usr/bin/ln cap_net_raw=ep
/usr/bin/n-\377utf 8 cap_net_raw=ep
/usr/bin/ns cap_net_raw=ep [rootid=1000]
/usr/bin/odd cap_net_raw=ep [unknown-flags]
/usr/bin/ping cap_net_admin,cap_net_raw=ep
/usr/bin/v1 cap_net_raw=ep [legacy-v1]
/usr/bin/with space cap_net_raw=ep
/usr/bin/zero [zero-length]
EOF
printf '%b' "$(cat v1.list.want)\n" >v1.list.want2
for input in layout oci.tar docker.tar; do
	ref=v1
	[ "$input" = docker.tar ] && ref=fcaps:v1
	list_golden "$input" "$ref" v1.list.want2
	"$fc" --oci $input --image-ref $ref --json >"$input.json" 2>/dev/null
	json_rules "$input.json" >"$input.rules"
done
cmp -s layout.rules oci.tar.rules && cmp -s layout.rules docker.tar.rules
ok_rc $? "the layout, its OCI archive and the docker save: the same values, layers and events"
cat >v1.rules.want <<'EOF'
/etc False 2 0100000200200000000000000000000000000000 layer-added,layer-lost
/opt/sub/y False 2 0100000200200000000000000000000000000000 layer-added,layer-removed
/opt/x False 2 0100000200200000000000000000000000000000 layer-added,layer-removed
/opt/z True 2 0100000200200000000000000000000000000000 layer-added
/usr/bin/admin True 3 0100000200002000000000000000000000000000 dangerous,layer-added,layer-removed,layer-added
/usr/bin/huge True 1 01000002000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000 oversized,layer-added
/usr/bin/ln True 1 0100000200200000000000000000000000000000 layer-added
/usr/bin/n-\xffutf 8 True 1 0100000200200000000000000000000000000000 layer-added
/usr/bin/node False 2 0100000200200000000000000000000000000000 layer-added,layer-lost
/usr/bin/ns True 1 0100000300200000000000000000000000000000e8030000 not-portable,layer-added
/usr/bin/odd True 1 0300000200200000000000000000000000000000 unknown-flags,layer-added
/usr/bin/ping True 4 0100000200300000000000000000000000000000 layer-added,layer-changed
/usr/bin/v1 True 1 010000010020000000000000 legacy-v1,layer-added
/usr/bin/with space True 1 0100000200200000000000000000000000000000 layer-added
/usr/bin/zero True 1  zero-length,layer-added
EOF
cmp -s layout.rules v1.rules.want
ok_rc $? "JSON: present, layer, value and findings of every name are golden"
cmp -s layout.rules v1.rules.want || diff v1.rules.want layout.rules | sed 's/^/# /'
python3 -c 'import json, sys
man, layers = json.load(open("digests.json"))[0]
for l in open(sys.argv[1]):
	e = json.loads(l)
	assert e["source"] == "oci", e
	assert e["layer"] == layers[e["layer_index"] - 1], e
	for f in e["findings"]:
		if f["rule"].startswith("layer-"):
			assert "sha256:" in f["reason"]
' layout.json 2>py.err
ok_rc $? "JSON: each line's layer is the manifest's layer at layer_index ($(tail -n 1 py.err))"
"$fc" --oci layout --image-ref v1 2>&1 | nodigest >v1.text
for want in \
	'/usr/bin/node: warning: value lost in layer 2 (sha256:D): the file replaced by one without capabilities (what Docker'"'"'s COPY does) [layer-lost]' \
	'/etc: warning: value lost in layer 2 (sha256:D)' \
	'/opt/x: info: removed by layer 2 (sha256:D) [layer-removed]' \
	'/usr/bin/admin: info: removed by layer 2 (sha256:D) [layer-removed]' \
	'/usr/bin/admin: info: value added by layer 3 (sha256:D) [layer-added]' \
	'/usr/bin/ping: info: value changed by layer 2 (sha256:D) [layer-changed]' \
	'/usr/bin/ns: warning: v3 value for the user namespace whose root is uid 1000: wherever this is unpacked, exec honours it only inside a user namespace whose root is that uid' \
	'/usr/bin/zero: error: zero-length value: every exec of this file fails with EINVAL, root included [zero-length]' \
	'/usr/bin/huge: error: value of 100 bytes, larger than any revision (24 at most)' \
	'fsck-check: 11 files with capabilities, 2 errors, 6 warnings, 20 info'; do
	grep -qF "$want" v1.text
	ok_rc $? "text: ${want%%:*} (${want#*: })"
done
"$fc" --oci layout --image-ref v1 -q >q.text 2>&1
! grep -q 'info:' q.text && grep -q 'layer-lost' q.text
ok_rc $? "-q: the lost values (warnings), not the info events"

# ---- 2. several images, baselines, policy --------------------------------

rc_is 16 "two images and no --image-ref: exit 16" "$fc" --oci layout --list
grep -qF 'layout: 2 images: pick one with --image-ref (v1, base)' errs
ok_rc $? "and names them"
rc_is 16 "the same for a docker save" "$fc" --oci docker.tar --list
grep -qF '(fcaps:v1, fcaps:base)' errs
ok_rc $? "and names its RepoTags"
rc_is 8 "an --image-ref no image has: exit 8" "$fc" --oci oci.tar --image-ref nope
grep -qF 'oci.tar: no image named "nope" (it holds: v1, base)' errs
ok_rc $? "and says which there are"
rc_is 4 "--image-ref base picks the other image" "$fc" --oci layout --image-ref base --list
grep -qF '/usr/bin/node cap_net_raw=ep' out
ok_rc $? "whose node still has its value"
rc_is 4 "--prometheus with --oci" "$fc" --oci layout --image-ref v1 -q \
	--prometheus oci.prom
grep -q '^fsck_check_files{source="oci",path="layout"} 11$' oci.prom
ok_rc $? "its file says source oci and the 11 files of the final file system"
rc_is 16 "--image-ref without --oci is a usage error" "$fc" --image-ref v1 /tmp
rc_is 16 "--oci with a path operand is a usage error" "$fc" --oci layout /tmp
rc_is 16 "--oci with --archive is a usage error" "$fc" --oci layout --archive oci.tar
rc_is 16 "--oci - is a usage error (read more than once)" "$fc" --oci -
rc_is 8 "a missing image exits 8" "$fc" --oci no-such
grep -qF 'no-such: No such file or directory' errs
ok_rc $? "and names it"
mkdir empty
rc_is 8 "a directory with no index.json exits 8" "$fc" --oci empty
grep -qF 'empty: neither index.json nor manifest.json' errs
ok_rc $? "and says so"

rc_is 4 "--save-baseline of the base image" \
	"$fc" --oci layout --image-ref base --save-baseline base.bl
rc_is 4 "--baseline: the v1 image against it" \
	"$fc" --oci layout --image-ref v1 --baseline base.bl --json
json_rules out >bl.rules
grep -q '^/usr/bin/ping True 4 .*baseline-changed' bl.rules &&
	grep -q '^/opt/z True 2 .*baseline-added' bl.rules &&
	python3 -c 'import json, sys
r = [json.loads(l) for l in open(sys.argv[1])]
gone = [e["path"] for e in r if e["source"] == "baseline"]
assert sorted(gone) == ["/etc", "/opt/sub/y", "/opt/x", "/usr/bin/node"], gone
' out
ok_rc $? "changed, added, and the lost and removed ones removed since the baseline"
grep -av '^#' base.bl | tail -n +2 | cut -f 1 | sort >bl.paths
[ "$(wc -l <bl.paths)" -eq 14 ]
ok_rc $? "the baseline holds the 14 names of the base image ($(wc -l <bl.paths))"
"$fc" --oci layout --image-ref v1 --save-baseline v1.bl >/dev/null 2>&1
! grep -aq '^/usr/bin/node' v1.bl && grep -aq '^/usr/bin/ping' v1.bl
ok_rc $? "a baseline holds the final file system only (no lost name)"
printf '/usr/bin/* cap_net_raw,cap_net_admin,cap_sys_admin\n/opt/* cap_net_raw\n' >policy
rc_is 4 "--policy: what is beyond it" "$fc" --oci layout --image-ref v1 --policy policy --fail-on error
grep -q '^/usr/bin/zero: error' out && ! grep -q '^/opt/z: error' out
ok_rc $? "the policy judges the final file system's names"

# ---- 3. hostile images -----------------------------------------------------

cat >hostile.py <<'EOF'
import gzip, io, json, os, shutil, sys, tarfile
import mkoci as m
V2 = "0100000200200000000000000000000000000000"
ok = m.layer_bytes([("bin/ping", V2)])
def lay(name, layers, ref="x"):
	return m.layout(name, [(ref, layers)])[0]
# an OCI archive with ".." members: one after the blobs, one before
man, ls = lay("outer", [ok])
m.archive("outer", "outer-after.tar")
with tarfile.open("outer-after.tar", "a", format=tarfile.PAX_FORMAT) as t:
	t.addfile(tarfile.TarInfo("../evil"))
# an OCI archive whose blobs directory is a symbolic link
with tarfile.open("outer-sym.tar", "w", format=tarfile.PAX_FORMAT) as t:
	ti = tarfile.TarInfo("blobs"); ti.type = tarfile.SYMTYPE
	ti.linkname = "/tmp"; t.addfile(ti)
	with tarfile.open("outer-after.tar") as a:
		for ti in a.getmembers()[:-1]:
			t.addfile(ti, a.extractfile(ti))
# a blob that is a symbolic link (to a file outside the layout)
man, ls = lay("symlink", [ok])
p = "symlink/blobs/sha256/" + ls[0][7:]
shutil.move(p, "outside-blob")
os.symlink(os.path.abspath("outside-blob"), p)
# a manifest of more than 4 MiB (its digest right)
man, ls = lay("huge", [ok])
d = json.load(open("huge/blobs/sha256/" + man[7:]))
d["annotations"] = {"pad": "x" * (5 << 20)}
b = json.dumps(d).encode()
open("huge/blobs/sha256/" + m.sha(b)[7:], "wb").write(b)
idx = json.load(open("huge/index.json"))
idx["manifests"][0].update(digest=m.sha(b), size=len(b))
json.dump(idx, open("huge/index.json", "w"))
# an index.json of more than 4 MiB (read up to the bound, no further)
lay("hugeindex", [ok])
idx = json.load(open("hugeindex/index.json"))
idx["pad"] = "x" * (5 << 20)
json.dump(idx, open("hugeindex/index.json", "w"))
# a truncated gzip layer (the descriptor says what it is)
big = m.layer_bytes([("bin/f%d" % i, V2) for i in range(200)], "gzip")
lay("trunc", [big[:len(big) // 2]])
# index.json a symbolic link
lay("symindex", [ok])
shutil.move("symindex/index.json", "outside-index.json")
os.symlink(os.path.abspath("outside-index.json"), "symindex/index.json")
# a layer with a 16 MiB PAX header, and a decompression bomb
bp = io.BytesIO()
t = tarfile.open(fileobj=bp, mode="w", format=tarfile.PAX_FORMAT)
ti = tarfile.TarInfo("big"); ti.pax_headers = {"comment": "A" * (16 << 20)}
t.addfile(ti)
t.close()
lay("bigpax", [ok, bp.getvalue()])
class Zeros:
	def __init__(s, n): s.n = n
	def read(s, k):
		k = min(k, s.n); s.n -= k; return b"\0" * k
bb = io.BytesIO()
with gzip.GzipFile(fileobj=bb, mode="wb", compresslevel=9, mtime=0) as g:
	t = tarfile.open(fileobj=g, mode="w", format=tarfile.PAX_FORMAT)
	ti = tarfile.TarInfo("zeros"); ti.size = 300 << 20
	t.addfile(ti, Zeros(ti.size))
	t.close()
lay("bomb", [ok, bb.getvalue()])
EOF
setup "hostile images written" python3 hostile.py
while IFS='|' read -r input want; do
	rc_is 8 "$input: exit 8" "$fc" --oci "$input" --list
	grep -qF "$input: " errs && grep -qF -- "$want" errs
	ok_rc $? "$input: the image and the cause named ($want)"
	! grep -qE 'Sanitizer|runtime error|LeakSanitizer' errs
	ok_rc $? "$input: no sanitizer report"
done <<'EOF'
symindex|index.json is a symbolic link: refused
symlink|is a symbolic link: refused
huge|more than 4194304: not read
hugeindex|index.json: more than 4194304 bytes: not read
trunc|layer 1 (sha256:
bigpax|): member 1: 
bomb|a decompression bomb? stopped there
outer-after.tar|member 6: name "../evil" has a ".." component, a way out of the archive root: skipped
outer-sym.tar|name "blobs/sha256/
EOF
python3 -c 'import tarfile, mkoci as m
V2 = "0100000200200000000000000000000000000000"
m.layout("fileover", [("f", [m.layer_bytes([("d/", None, tarfile.DIRTYPE),
					    ("d/x", V2), ("dx", V2)]),
			     m.layer_bytes([("d",)])])])'
"$fc" --oci fileover --json >fo.json 2>/dev/null
json_rules fo.json >fo.rules
printf '%s\n' "/d/x False 2 $V2 layer-added,layer-removed" \
	"/dx True 1 $V2 layer-added" | cmp -s - fo.rules
ok_rc $? "a file in place of a directory removes what was below it"

# ---- 6. --context: each value where it runs --------------------------------
# (tests/runtime.sh checks the same model against podman and runc)

cat >ctx.py <<'EOF'
import mkoci as m
V2 = "0100000200200000000000000000000000000000"	# cap_net_raw=ep
NP = "0000000200040000000000000000000000000000"	# cap_net_bind_service=p
NE = "0100000200040000000000000000000000000000"	# cap_net_bind_service=ep
pw = b"root:x:0:0:root:/:/bin/sh\napp:x:1000:1000::/:/bin/sh\n"
gr = b"root:x:0:\nstaff:x:50:\n"
l1 = m.layer_bytes([("bin/raw", V2), ("bin/nbs_p", NP), ("bin/nbs_ep", NE),
	("etc/passwd", None, None, None, pw),
	("etc/group", None, None, None, gr)])
l2 = m.layer_bytes([("etc/.wh.passwd",)])
m.layout("ctx", [("app", [l1], "app"), ("num", [l1], "1000:50"),
	("grp", [l1], "app:staff"), ("none", [l1]), ("nosuch", [l1], "nosuch"),
	("gone", [l1, l2], "app"), ("badgrp", [l1], "app:wheel")])
m.docker_save("ctx-docker.tar", [("fcaps:app", [l1], "app")])
EOF
setup "tests/mkoci.py writes the images of --context" python3 ctx.py
# ctx_golden REF WANT ARGS...: the text output, but for the layer events
ctx_golden() {
	_r=$1 _w=$2
	shift 2
	"$fc" --oci ctx --image-ref "$_r" "$@" >ctx.out 2>ctx.err
	rc=$?
	grep -v '\[layer-added\]$' ctx.out >ctx.got
	[ $rc -eq 4 ] && cmp -s ctx.got "$_w" && ! [ -s ctx.err ]
	ok_rc $? "--context $*: image $_r: the findings are golden (rc $rc)"
	cmp -s ctx.got "$_w" || diff "$_w" ctx.got | sed 's/^/# /'
}
E=': exec fails with EPERM: effective flag set but the bounding set or pI withholds part of fP: capability-dumb binary, exec fails'
P='or partial fix: the value without the effective flag (+p, not +ep), for a program that raises what it needs itself'
cat >ctx.drop.want <<EOF
/bin/nbs_ep: error: in cap-drop-all, uid 1000 gid 1000$E; fix: --cap-add NET_BIND_SERVICE; $P [context-exec-fails]
/bin/nbs_p: warning: in cap-drop-all, uid 1000 gid 1000: exec succeeds, but cap_net_bind_service is not granted, silently: pP' = (fP & X) | (fI & pI); fix: --cap-add NET_BIND_SERVICE [context-not-granted]
/bin/raw: error: in cap-drop-all, uid 1000 gid 1000$E; fix: --cap-add NET_RAW; $P [context-exec-fails]
fsck-check: 3 files with capabilities, 2 errors, 1 warning, 3 info
EOF
ctx_golden app ctx.drop.want --context cap-drop-all
cat >ctx.k8s.want <<EOF
/bin/raw: error: in k8s-restricted, uid 1000 gid 1000, no_new_privs$E; fix: securityContext.capabilities.add: [NET_RAW] (outside the restricted profile, which allows only NET_BIND_SERVICE); $P [context-exec-fails]
fsck-check: 3 files with capabilities, 1 error, 0 warnings, 3 info
EOF
ctx_golden app ctx.k8s.want --context k8s-restricted,+net_bind_service
"$fc" --oci ctx --image-ref app --list >ctx.list0 2>/dev/null
rc0=$?
"$fc" --oci ctx --image-ref app --list --context cap-drop-all \
	>ctx.list 2>/dev/null
rc=$?
[ $rc0 -eq 0 ] && [ $rc -eq 4 ] && cmp -s ctx.list0 ctx.list
ok_rc $? "--list: the same lines, the context's findings in the exit status ($rc0, $rc)"
"$fc" --oci ctx --image-ref app -q --fail-on error --context cap-drop-all \
	>ctx.q 2>/dev/null
[ "$(sed 's/:.*\[/ [/' ctx.q)" = "/bin/nbs_ep [context-exec-fails]
/bin/raw [context-exec-fails]" ]
ok_rc $? "-q --fail-on error: only the values whose exec fails"

# ctx_user REF WANT ARGS...: the context's uid and gid in every --json line
ctx_user() {
	_r=$1 _w=$2
	shift 2
	"$fc" --oci ctx --image-ref "$_r" --json "$@" >ctx.json 2>ctx.err
	_g=$(python3 -c 'import json, sys
print(" ".join(sorted({"%d:%d" % (o["context"]["uid"], o["context"]["gid"])
	for o in map(json.loads, open(sys.argv[1]))})))' ctx.json)
	[ "$_g" = "$_w" ]
	ok_rc $? "image $_r, $*: the user is $_w (got '$_g')"
}
ctx_user app 1000:1000 --context docker
ctx_user num 1000:50 --context podman
ctx_user grp 1000:50 --context docker
ctx_user none 0:0 --context docker
ctx_user none 1000:1000 --context k8s-restricted
ctx_user app 0:0 --context docker --user 0
ctx_user none 1000:1000 --context docker --user app
ctx_user none 1000:50 --context docker --user app:staff
ctx_user app 1000:7 --context docker --user 1000:7
ctx_user app 0:0 --context systemd
ctx_user app 1000:1000 --no-new-privs
# the runtime's own files: a pod judges the image as that pod runs it
cat >ctx-pod.yaml <<'EOF'
apiVersion: v1
kind: Pod
spec:
  containers:
  - name: web
    securityContext:
      runAsNonRoot: true
      capabilities:
        drop: [ALL]
        add: [NET_BIND_SERVICE]
EOF
printf 'services:\n  app:\n    user: app:staff\n    cap_drop: [ALL]\n    cap_add: [NET_RAW]\n' >ctx-compose.yaml
ctx_user app 1000:1000 --context k8s:ctx-pod.yaml
ctx_user app 1000:50 --context compose:ctx-compose.yaml
cat >ctx.pod.want <<EOF
/bin/raw: error: in k8s ctx-pod.yaml#web, uid 1000 gid 1000$E; fix: securityContext.capabilities.add: [NET_RAW]; $P [context-exec-fails]
fsck-check: 3 files with capabilities, 1 error, 0 warnings, 3 info
EOF
ctx_golden app ctx.pod.want --context k8s:ctx-pod.yaml
cat >ctx.compose.want <<EOF
/bin/nbs_ep: error: in compose ctx-compose.yaml#app, uid 1000 gid 50$E; fix: cap_add: [NET_BIND_SERVICE]; $P [context-exec-fails]
/bin/nbs_p: warning: in compose ctx-compose.yaml#app, uid 1000 gid 50: exec succeeds, but cap_net_bind_service is not granted, silently: pP' = (fP & X) | (fI & pI); fix: cap_add: [NET_BIND_SERVICE] [context-not-granted]
fsck-check: 3 files with capabilities, 1 error, 1 warning, 3 info
EOF
ctx_golden app ctx.compose.want --context compose:ctx-compose.yaml
"$fc" --oci ctx --image-ref none --json --context k8s:ctx-pod.yaml \
	>ctx.json 2>ctx.err
rc=$?
[ $((rc & 8)) -ne 0 ] && ! grep -q '"context' ctx.json &&
	grep -q 'runAsNonRoot: true, and the container would run as root' ctx.err
ok_rc $? "a runAsNonRoot pod over an image whose user is root: not started, exit 8, nothing judged in it (rc $rc)"
printf 'kind: Pod\nspec:\n  containers:\n  - name: web\n    securityContext:\n      runAsUser: -3\n' >ctx-bad.yaml
"$fc" --oci ctx --image-ref app --context k8s:ctx-bad.yaml >ctx.out 2>ctx.err
rc=$?
[ $rc -eq 16 ] && [ ! -s ctx.out ] &&
	grep -qx 'fsck-check: --context k8s:ctx-bad.yaml: ctx-bad.yaml:6: securityContext.runAsUser: not a number ("-3")' ctx.err
ok_rc $? "a bad pod file: a usage error naming the file, line and key, nothing scanned (rc $rc)"
# an image is judged by the newest line's rules unless --kernel names one
"$fc" --oci ctx --image-ref app --json --context docker >ctx.json 2>ctx.err
grep -q '"models":"Linux 7.3 (the newest line; --kernel for another)"' ctx.json
ok_rc $? "--json: an image is judged by 7.3's rules"
"$fc" --oci ctx --image-ref app --json --context docker \
	--kernel 6.1.0-41-amd64 >ctx.json 2>ctx.err
grep -q '"models":"Linux 6.1 (--kernel)"' ctx.json
ok_rc $? "--kernel 6.1.0-41-amd64: 6.1's"
"$fc" --oci ctx-docker.tar --json --context cap-drop-all >ctx.json 2>ctx.err
python3 -c 'import json, sys
o = [json.loads(l) for l in open(sys.argv[1])]
assert len(o) == 3 and all(x["context"]["uid"] == 1000 for x in o), o' \
	ctx.json 2>/dev/null
ok_rc $? "a docker save tar: its configuration's User too"
python3 -c 'import json, sys
for o in map(json.loads, open(sys.argv[1])):
	f = {x["rule"]: x for x in o["findings"]}
	c = f.get("context-exec-fails") or f["context-not-granted"]
	assert c["exec"]["error"] == ("EPERM" if o["effective"] else None), c
	assert c["fixes"][0] == {"change": "--cap-add " +
		("NET_RAW" if o["path"] == "/bin/raw" else "NET_BIND_SERVICE"),
		"full": True}, c
	assert o["context"]["preset"] == "cap-drop-all"
	assert o["context"]["bounding"] == "0" * 16' ctx.json 2>py.err
ok_rc $? "--json: the context, each finding's exec and fixes"
for r in nosuch gone badgrp none; do
	u=
	[ $r = none ] && u=--user=nobody
	"$fc" --oci ctx --image-ref $r --json --context docker $u \
		>ctx.json 2>ctx.err
	rc=$?
	case $r in
	nosuch) w='the image'"'"'s user "nosuch": no such user in its /etc/passwd;' ;;
	gone) w='the image'"'"'s user "app": no such user in its /etc/passwd (it has none);' ;;
	badgrp) w='the image'"'"'s user "app:wheel": no such group in its /etc/group;' ;;
	none) w='--user "nobody": no such user in its /etc/passwd;' ;;
	esac
	[ $((rc & 8)) -ne 0 ] && grep -qF "ctx: $w" ctx.err &&
		! grep -q '"context' ctx.json
	ok_rc $? "image $r${u:+, $u}: exit 8, the user named, no value judged in the context (rc $rc)"
done
rm -f ctx.prom
"$fc" --oci ctx --image-ref app --context cap-drop-all --prometheus ctx.prom \
	>/dev/null 2>&1
grep -qx 'fsck_check_findings{source="oci",path="ctx",rule="context-exec-fails",severity="error"} 2' ctx.prom &&
	grep -qx 'fsck_check_findings{source="oci",path="ctx",rule="context-not-granted",severity="warning"} 1' ctx.prom
ok_rc $? "--prometheus: the findings of both rules, by severity"
"$fc" --oci ctx --image-ref app --save-baseline ctx.bl >/dev/null 2>&1
"$fc" --oci ctx --image-ref app --baseline ctx.bl --context cap-drop-all \
	>ctx.out 2>/dev/null
[ "$(grep -c '\[context-' ctx.out)" = 3 ] && ! grep -q '\[baseline-' ctx.out
ok_rc $? "--baseline: the context's findings as without one, no baseline change"

# ---- 4. the sandbox ----------------------------------------------------------

if [ "$(id -u)" -ne 0 ]; then
	skip "a layout only root reads" "needs root"
else
	cp -a layout private
	chmod -R go-rwx private
	chmod 0700 private
	rc_is 4 "a layout only root can read (0700, blobs 0600): read by the sandboxed reader" \
		"$fc" --oci private --image-ref v1 --list
	cmp -s out v1.list.want2
	ok_rc $? "the same --list: the blobs were opened before the drop to nobody"
	# A layer of 40,000 names keeps the reader busy long enough for its
	# /proc status to be read.
	python3 -c 'import mkoci as m
m.layout("busy", [("b", [m.layer_bytes([("d/f%d" % i,) for i in range(40000)] +
	[("bin/ping", "0100000200200000000000000000000000000000")], "gzip")])])'
	"$fc" --oci busy --list >busy.out 2>busy.err &
	pid=$!
	k=0 c=
	while [ $k -lt 500 ] && [ -z "$c" ] && kill -0 $pid 2>/dev/null; do
		for p in $(pgrep -P $pid); do
			grep -q '^Seccomp:[[:space:]]*2' "/proc/$p/status" 2>/dev/null &&
				cp "/proc/$p/status" child.status 2>/dev/null && c=$p
		done
		k=$((k + 1))
	done
	wait $pid
	rc=$?
	nobody=$(id -u nobody 2>/dev/null || echo 65534)
	st() { awk -v k="$1:" '$1 == k { $1 = ""; print substr($0, 2) }' child.status; }
	if [ -z "$c" ]; then
		skip "the --oci reader's privileges" "it ended before its /proc status could be read"
	else
		bad=
		for k in CapInh CapPrm CapEff CapBnd CapAmb; do
			[ "$(st $k)" = 0000000000000000 ] || bad="$bad $k=$(st $k)"
		done
		[ "$(st Uid)" = "$nobody $nobody $nobody $nobody" ] &&
			[ -z "$bad" ] && [ "$(st NoNewPrivs)" = 1 ] &&
			[ "$(st Seccomp_filters)" = 1 ]
		ok_rc $? "the --oci reader runs as nobody, no capabilities, no_new_privs, one seccomp filter${bad:+ (not:$bad)}"
	fi
	[ $rc -eq 0 ] && [ "$(cat busy.out)" = "/bin/ping cap_net_raw=ep" ]
	ok_rc $? "and reads the image (rc $rc)"
fi

# ---- 5. umoci, GNU tar and skopeo ------------------------------------------

if [ "$(id -u)" -ne 0 ] || ! command -v umoci >/dev/null ||
	! command -v skopeo >/dev/null || ! command -v setcap >/dev/null; then
	skip "images built by umoci, copied by skopeo" "needs root, umoci, skopeo and setcap"
	done_testing
fi
sc() { setup "setcap $*" setcap "$@"; }
setup "umoci init" umoci init --layout u
setup "umoci new" umoci new --image u:base
setup "umoci unpack base" umoci unpack --image u:base b1
r=b1/rootfs
mkdir -p "$r/usr/bin" "$r/opt/d" "$r/with space"
nu=$(printf 'n\377x')
for f in ping node ns admin "$nu"; do printf x >"$r/usr/bin/$f"; done
printf x >"$r/opt/d/tool"
printf x >"$r/with space/a b"
sc cap_net_raw+ep "$r/usr/bin/ping"
sc cap_net_bind_service+ep "$r/usr/bin/node"
sc -n 1000 cap_net_admin+ep "$r/usr/bin/ns"
sc cap_sys_admin+ep "$r/usr/bin/admin"
sc cap_net_raw+p "$r/usr/bin/$nu"
sc cap_sys_admin+ep "$r/opt/d/tool"
sc cap_ipc_lock+ep "$r/with space/a b"
setup "umoci repack l1" umoci repack --image u:l1 b1
setup "umoci unpack l1" umoci unpack --image u:l1 b2
getcap b2/rootfs/usr/bin/ping | grep -q cap_net_raw
ok_rc $? "umoci unpack restores a value"
getcap -n b2/rootfs/usr/bin/ns 2>/dev/null | grep -q . &&
	python3 -c 'import os, sys
v = os.getxattr(sys.argv[1], "security.capability")
assert len(v) == 24 and int.from_bytes(v[20:], "little") == 1000, v' \
	b2/rootfs/usr/bin/ns 2>/dev/null
ok_rc $? "umoci unpack restores the v3 value with its rootid"
r=b2/rootfs
cp "$r/usr/bin/node" node.copy && rm "$r/usr/bin/node" &&
	cp node.copy "$r/usr/bin/node"		# as COPY does
sc cap_net_raw,cap_net_admin+ep "$r/usr/bin/ping"
rm -r "$r/opt/d"
setup "umoci repack l2" umoci repack --image u:l2 b2
cat >u.list.want <<EOF
/usr/bin/admin cap_sys_admin=ep
/usr/bin/ns cap_net_admin=ep [rootid=1000]
/usr/bin/n\\377x cap_net_raw=p
/usr/bin/ping cap_net_admin,cap_net_raw=ep
/with space/a b cap_ipc_lock=ep
EOF
printf '%b' "$(cat u.list.want)\n" >u.list.want2
cat >u.rules.want <<'EOF'
/opt/d/tool False 2 - layer-added,layer-removed
/usr/bin/admin True 1 dangerous layer-added
/usr/bin/n\xffx True 1 - layer-added
/usr/bin/node False 2 - layer-added,layer-lost
/usr/bin/ns True 1 not-portable layer-added
/usr/bin/ping True 2 - layer-added,layer-changed
/with space/a b True 1 - layer-added
EOF
# urules FILE: "path present layer_index rules layer-events", sorted
urules() {
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
	e = json.loads(l)
	r = [f["rule"] for f in e["findings"]]
	p = e["path"].encode("latin-1").decode("utf-8", "backslashreplace")
	print(p, e["present"], e["layer_index"],
	      ",".join(x for x in r if not x.startswith("layer-")) or "-",
	      ",".join(x for x in r if x.startswith("layer-")))' "$1" | sort
}
setup "skopeo copy to docker-archive" skopeo copy --quiet oci:u:l2 \
	docker-archive:u-docker.tar:fcaps:l2
setup "skopeo copy to oci-archive" skopeo copy --quiet oci:u:l2 \
	oci-archive:u-oci.tar:l2
for input in u u-oci.tar u-docker.tar; do
	ref=l2
	[ "$input" = u-docker.tar ] && ref=fcaps:l2
	list_golden "$input" "$ref" u.list.want2
	"$fc" --oci $input --image-ref $ref --json >"$input.json" 2>/dev/null
	urules "$input.json" >"$input.rules"
	cmp -s "$input.rules" u.rules.want
	ok_rc $? "$input: the lost, removed, changed and added events"
	cmp -s "$input.rules" u.rules.want ||
		diff u.rules.want "$input.rules" | sed 's/^/# /'
done

# a layer written by GNU tar --xattrs, in an image of its own
g=gtree
mkdir -p "$g/bin"
printf x >"$g/bin/ping"
sc cap_net_raw+ep "$g/bin/ping"
printf x >"$g/bin/ns"
sc -n 1000 cap_net_admin+ep "$g/bin/ns"
setup "GNU tar --xattrs" tar --xattrs --xattrs-include=security.capability \
	-czf gnu-layer.tgz -C "$g" .
python3 -c 'import mkoci as m
m.layout("gnu", [("g", [open("gnu-layer.tgz", "rb").read()])])'
"$fc" --oci gnu --list >gnu.list 2>gnu.err
printf '/bin/ns cap_net_admin=ep [rootid=1000]\n/bin/ping cap_net_raw=ep\n' |
	cmp -s - gnu.list
ok_rc $? "a GNU tar --xattrs gzip layer: both values, the rootid too"
check "nothing on stderr" clean_err gnu.err
done_testing
