#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan-archive.sh: fsck-check --archive on tar archives made by real tools
# (TAP).
#
# 1. (root) a tree with every kind of value a file system holds, names
#    with spaces and non-UTF-8 bytes and a hard link, archived by GNU tar
#    --xattrs --xattrs-include=security.capability (plain, gzip, xz,
#    zstd, bzip2) and by bsdtar: each archive's --list is the mounted
#    scan's --list of the tree, its JSON the same values, findings and
#    links; GNU tar without --xattrs carries no values.
# 1b. (root) a layer built by umoci from a root file system with values,
#    copied by skopeo to docker-archive: and oci-archive: (local
#    transports): every layer blob keeps the values, v3 rootid included.
# 2. (no root) Python's tarfile writes the PAX values no file system can
#    hold (zero-length, v1, unknown flags, oversized, v3 with a rootid)
#    in both header forms: the --list and the text output are golden.
# 3. baselines, --policy, --fail-on, standard input, the schema.
# 4. hostile archives: a 16 MiB PAX header, truncated gzip, a
#    decompression bomb, more values than the bound: exit 8 with the
#    archive and the cause named, no sanitizer report, no hang, nothing
#    written outside.  The cases whose whole output is the test (".."
#    and absolute names, links out of the root or below a symbolic
#    link, a truncated or foreign archive) are tests/cases/archive-*.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
. "$top/tests/plant-tree.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check
schema=$top/fsck-check/fsck-check.schema.json

[ -x "$fc" ] || bail "$fc not built (make san)"
for c in tar bsdtar python3 gzip xz zstd bzip2 timeout; do
	if ! command -v "$c" >/dev/null 2>&1; then
		echo "1..0 # SKIP no $c (scripts/deps.sh installs libarchive-tools, xz-utils, zstd, bzip2)"
		exit 0
	fi
done

t=$(mktemp -d "${TMPDIR:-/tmp}/fsck-check-archive.XXXXXX")
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$t"; }
trap cleanup EXIT
trap 'exit 1' HUP INT PIPE TERM
cp "$fc" "$t/fsck-check" && fc=$t/fsck-check
cd "$t" || bail "cannot cd to $t"

# json_paths FILE: "path rules" lines of a --json output, sorted
json_rules() {
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
	e = json.loads(l)
	r = ",".join(sorted(f["rule"] for f in e["findings"])) or "-"
	p = e["path"].encode("latin-1").decode("utf-8", "backslashreplace")
	print(p, e["value"], r, ",".join(e["links"]) or "-")' "$1" |
		sed 's/not-portable/namespaced/' | sort
}
clean_err() {	# clean_err FILE: empty, and no sanitizer report
	[ ! -s "$1" ] || { sed 's/^/# /' "$1"; return 1; }
}

# ---- 1. archives of a planted tree ------------------------------------

if [ "$(id -u)" -ne 0 ] || ! command -v setcap >/dev/null; then
	skip "archives of a planted tree" "needs root and setcap (to plant the tree)"
else
	s=$t/tree
	plant_tree "$s"
	mkfile "$s/with space/a b";	sc cap_ipc_lock+ep "$s/with space/a b"
	nu=$(printf 'n\377\001x')
	mkfile "$s/bin/$nu";		sc cap_net_raw+p "$s/bin/$nu"
	i=0
	while [ $i -lt 50 ]; do : >"$s/other/f$i"; i=$((i + 1)); done

	"$fc" --list "$s" 2>/dev/null | sed "s|^$s||" | sort >mounted.list
	"$fc" --json "$s" 2>/dev/null | sed "s|\"$s|\"|g" >mounted.json
	json_rules mounted.json >mounted.rules
	[ "$(wc -l <mounted.list)" -eq 12 ]
	ok_rc $? "the mounted scan finds the 12 names planted ($(wc -l <mounted.list))"

	xa="--xattrs --xattrs-include=security.capability"
	while read -r name how; do
		# shellcheck disable=SC2086
		if ! sh -c "$how" >mk.out 2>&1; then
			notok "$name: archive made ($(tail -n 1 mk.out))"
			continue
		fi
		"$fc" --archive "$name" --list >"$name.list" 2>"$name.err"
		rc=$?
		sort "$name.list" >"$name.slist"
		[ $rc -eq 4 ] && cmp -s "$name.slist" mounted.list
		ok_rc $? "$name: --list is the mounted scan's (rc $rc)"
		[ $rc -eq 4 ] ||  sed 's/^/# /' "$name.err"
		cmp -s "$name.slist" mounted.list ||
			diff mounted.list "$name.slist" | sed 's/^/# /'
		"$fc" --archive "$name" --json >"$name.json" 2>>"$name.err"
		json_rules "$name.json" >"$name.rules"
		cmp -s "$name.rules" mounted.rules
		ok_rc $? "$name: the same values, findings and hard links as the mounted scan"
		cmp -s "$name.rules" mounted.rules ||
			diff mounted.rules "$name.rules" | sed 's/^/# /'
		check "$name: nothing on stderr" clean_err "$name.err"
	done <<EOF
gnu.tar tar $xa -cf gnu.tar -C $s .
gnu.tar.gz tar $xa -czf gnu.tar.gz -C $s .
gnu.tar.xz tar $xa -cJf gnu.tar.xz -C $s .
gnu.tar.zst tar $xa --zstd -cf gnu.tar.zst -C $s .
gnu.tar.bz2 tar $xa -cjf gnu.tar.bz2 -C $s .
gnu-abs.tar tar $xa -cf gnu-abs.tar -C $s bin open other 'with space'
bsd.tar bsdtar -cf bsd.tar -C $s .
bsd.tgz bsdtar -czf bsd.tgz -C $s .
EOF
	grep -F '"path":"/bin/ns"' gnu.tar.json |
		grep -qF '"rule":"not-portable","severity":"warning"'
	ok_rc $? "the v3 value of setcap -n 1000 is not portable (the mounted scan: namespaced)"
	python3 -c 'import tarfile
m = {x.name: x.pax_headers for x in tarfile.open("bsd.tar")}
h = m["./bin/admin"]
assert "LIBARCHIVE.xattr.security.capability" in h, h' 2>/dev/null
	ok_rc $? "bsdtar wrote LIBARCHIVE.xattr.security.capability (and SCHILY.xattr)"
	python3 -c 'import tarfile
m = {x.name: x.pax_headers for x in tarfile.open("gnu.tar")}
assert "SCHILY.xattr.security.capability" in m["./bin/admin"]
assert not any(k.startswith("LIBARCHIVE") for h in m.values() for k in h)' 2>/dev/null
	ok_rc $? "GNU tar wrote SCHILY.xattr.security.capability only"

	tar -cf noxattrs.tar -C "$s" .
	rc_is 0 "GNU tar without --xattrs: no values in the archive (exit 0)" \
		"$fc" --archive noxattrs.tar --list
	check "and nothing listed" test ! -s out
	tar --xattrs -cf xattrs-only.tar -C "$s" .
	"$fc" --archive xattrs-only.tar --list 2>/dev/null | sort >xo.list
	cmp -s xo.list mounted.list
	ok_rc $? "GNU tar --xattrs alone (no --xattrs-include) keeps them"

	if python3 -c 'import jsonschema' 2>/dev/null; then
		python3 -c 'import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
for line in open(sys.argv[2]):
	v.validate(json.loads(line))' "$schema" gnu.tar.json 2>schema.err
		ok_rc $? "--archive --json validates against the schema"
	else
		skip "--archive --json validates against the schema" "no python3-jsonschema"
	fi
	grep -q '"source":"archive"' gnu.tar.json
	ok_rc $? "JSON lines say \"source\":\"archive\""

	# Baselines: saved from one archive, compared with another.
	"$fc" --archive gnu.tar -q --fail-on error --save-baseline base \
		>/dev/null 2>&1
	cut -f 1,7,8 base | grep -q '^/bin/ping	x0100000200200000[0-9a-f]*	[0-9a-f]\{64\}$'
	ok_rc $? "--save-baseline records the raw value and the SHA-256 of the member"
	"$fc" --archive gnu.tar.gz --json --baseline base >same.json 2>&1
	! grep -q '"rule":"baseline-' same.json
	ok_rc $? "the same tree, gzip compressed, matches the baseline"
	cp -a "$s" "$t/tree2"
	setup "setcap on the changed tree" setcap cap_net_admin+ep "$t/tree2/bin/inh"
	mkfile "$t/tree2/bin/new";	sc cap_net_raw+ep "$t/tree2/bin/new"
	setup "remove a value" setcap -r "$t/tree2/bin/admin"
	printf 'changed\n' >>"$t/tree2/open/tool"
	sc cap_net_raw+ep "$t/tree2/open/tool"
	tar $xa -cf changed.tar -C "$t/tree2" .
	"$fc" --archive changed.tar --json --baseline base >bcmp.json 2>&1
	for r in "baseline-changed /bin/inh" "baseline-added /bin/new" \
		"baseline-removed /bin/admin" "baseline-content /open/tool"; do
		set -- $r
		grep -F "\"path\":\"$2\"" bcmp.json | grep -qF "\"rule\":\"$1\""
		ok_rc $? "baseline: $1 ($2)"
	done

	printf '/bin/ping* cap_net_raw\n/other/* cap_net_raw\n' >policy
	"$fc" --archive gnu.tar --json --policy policy >pol.json 2>/dev/null
	grep -F '"path":"/bin/admin"' pol.json | grep -qF '"rule":"policy"' &&
		! grep -F '"path":"/bin/ping"' pol.json | grep -qF '"rule":"policy"'
	ok_rc $? "--policy: /bin/admin outside it, /bin/ping within"
	rc_is 4 "--fail-on error: the interpreter value is an error (exit 4)" \
		"$fc" --archive gnu.tar -q --fail-on error
	"$fc" --archive - --list <gnu.tar.gz 2>/dev/null | sort >stdin.list
	cmp -s stdin.list mounted.list
	ok_rc $? "--archive - reads standard input"
fi

# ---- 1b. image layers: umoci, then skopeo (local transports only) -------

if [ "$(id -u)" -ne 0 ] || ! command -v umoci >/dev/null ||
	! command -v skopeo >/dev/null || ! command -v setcap >/dev/null; then
	skip "layers made by umoci and copied by skopeo" "needs root, umoci, skopeo and setcap"
else
	# layer_of LAYOUT REF: the path of the first layer blob of REF
	layer_of() {
		python3 -c 'import json, sys
d = sys.argv[1]
def blob(dg): return f"{d}/blobs/" + dg.replace(":", "/")
idx = json.load(open(f"{d}/index.json"))
m = [m for m in idx["manifests"]
     if m.get("annotations", {}).get("org.opencontainers.image.ref.name") == sys.argv[2]][0]
print(blob(json.load(open(blob(m["digest"])))["layers"][0]["digest"]))' "$@"
	}
	setup "umoci init" umoci init --layout oci
	setup "umoci new" umoci new --image oci:base
	setup "umoci unpack" umoci unpack --image oci:base bundle
	mkdir -p bundle/rootfs/usr/bin
	printf x >bundle/rootfs/usr/bin/ping
	printf y >bundle/rootfs/usr/bin/ns
	setup "setcap in the bundle" setcap cap_net_raw+ep bundle/rootfs/usr/bin/ping
	setup "setcap -n 1000 in the bundle" setcap -n 1000 cap_net_admin+ep \
		bundle/rootfs/usr/bin/ns
	setup "umoci repack" umoci repack --image oci:v1 bundle
	printf '/usr/bin/ns cap_net_admin=ep [rootid=1000]\n/usr/bin/ping cap_net_raw=ep\n' \
		>layer.want
	lb=$(layer_of oci v1 2>/dev/null) || lb=
	[ -n "$lb" ] && [ "sha256:$(sha256sum <"$lb" | cut -d ' ' -f 1)" = \
		"$(basename "$(dirname "$lb")"):$(basename "$lb")" ]
	ok_rc $? "umoci's layer blob is where its manifest says, with that digest"
	"$fc" --archive "$lb" --list >umoci.list 2>/dev/null
	cmp -s umoci.list layer.want
	ok_rc $? "umoci repack keeps both values, the v3 rootid too (its gzip layer, --archive)"
	"$fc" --archive "$lb" --json 2>/dev/null | grep -F '"path":"/usr/bin/ns"' |
		grep -qF '"rule":"not-portable"'
	ok_rc $? "the layer's v3 value is not portable"
	setup "skopeo copy to docker-archive" skopeo copy --quiet oci:oci:v1 \
		docker-archive:docker.tar:fcaps:v1
	setup "skopeo copy to oci-archive" skopeo copy --quiet oci:oci:v1 \
		oci-archive:oci.tar:v1
	mkdir -p dx ox
	setup "unpack the docker archive" tar -xf docker.tar -C dx
	setup "unpack the oci archive" tar -xf oci.tar -C ox
	dl=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))[0]["Layers"][0])' dx/manifest.json 2>/dev/null) || dl=
	"$fc" --archive "dx/$dl" --list >docker.list 2>/dev/null
	cmp -s docker.list layer.want
	ok_rc $? "skopeo to docker-archive keeps both values ($dl)"
	ol=$(layer_of ox v1 2>/dev/null) || ol=
	"$fc" --archive "$ol" --list >ocia.list 2>/dev/null
	cmp -s ocia.list layer.want
	ok_rc $? "skopeo to oci-archive keeps both values"
	tar -xOf docker.tar "$dl" 2>/dev/null | "$fc" --archive - --list \
		>pipe.list 2>/dev/null
	cmp -s pipe.list layer.want
	ok_rc $? "a layer piped out of the docker archive reads the same (--archive -)"
fi

# ---- 2. PAX values no file system holds (Python's tarfile) --------------

cat >mkpax.py <<'EOF'
import base64, io, sys, tarfile
def s(h):	# raw bytes as a PAX value
	return bytes.fromhex(h).decode("utf-8", "surrogateescape")
t = tarfile.open(sys.argv[1], "w", format=tarfile.PAX_FORMAT,
		 encoding="utf-8", errors="surrogateescape")
def add(name, value=None, key="SCHILY", mode=0o755, typ=tarfile.REGTYPE,
	link="", uid=0):
	ti = tarfile.TarInfo(name)
	ti.type, ti.mode, ti.linkname, ti.uid = typ, mode, link, uid
	data = b"x" if typ == tarfile.REGTYPE else b""
	ti.size = len(data)
	if value is not None and key == "SCHILY":
		ti.pax_headers = {"SCHILY.xattr.security.capability": s(value)}
	elif value is not None:
		b64 = base64.b64encode(bytes.fromhex(value)).decode().rstrip("=")
		ti.pax_headers = {"LIBARCHIVE.xattr.security.capability": b64}
	t.addfile(ti, io.BytesIO(data) if data else None)
add("./", typ=tarfile.DIRTYPE)
add("bin", typ=tarfile.DIRTYPE)
add("bin/zero", "")
add("bin/v1", "010000010020000000000000")
add("bin/odd", "0300000200200000000000000000000000000000")
add("bin/huge", "01000002" + "00" * 96)
add("bin/kilo", "01000002" + "ab" * 1020)
add("bin/vast", "01000002" + "00" * 65533)
add("bin/short", "0100")
add("bin/rev9", "0100000900200000000000000000000000000000")
add("bin/v3", "0100000300200000" + "00" * 12 + "e8030000")
add("bin/v3root", "010000030020000000000000000000000000000000000000")
add("bin/la", "0100000200200000000000000000000000000000", key="LIBARCHIVE")
add("bin/la-v1", "010000010020000000000000", key="LIBARCHIVE")
add("bin/link-v1", typ=tarfile.LNKTYPE, link="bin/v1")
add(s("6e6f6e2dff7574663820") + "x", "0100000200200000000000000000000000000000")
add("dir", "0000000200200000000000000000000000000000", typ=tarfile.DIRTYPE)
add("bin/later", "0100000200200000000000000000000000000000")
add("bin/later")		# replaced by a member with no value
add("bin/ping", "0100000200200000000000000000000000000000")
add("bin/ping", "0100000200002000000000000000000000000000")
t.close()
EOF
python3 mkpax.py pax.tar 2>py.err
ok_rc $? "Python tarfile writes the PAX values $(tail -n 1 py.err)"
cat >pax.list.expect <<'EOF'
/bin/huge [oversized]
/bin/kilo [oversized]
/bin/la cap_net_raw=ep
/bin/la-v1 cap_net_raw=ep [legacy-v1]
/bin/link-v1 cap_net_raw=ep [legacy-v1]
/bin/odd cap_net_raw=ep [unknown-flags]
/bin/ping cap_sys_admin=ep
/bin/rev9 [bad-revision]
/bin/short [truncated]
/bin/v1 cap_net_raw=ep [legacy-v1]
/bin/v3 cap_net_raw=ep [rootid=1000]
/bin/v3root cap_net_raw=ep [rootid=0]
/bin/vast [oversized]
/bin/zero [zero-length]
/dir cap_net_raw=p [directory]
/non-\377utf8 x cap_net_raw=ep
EOF
"$fc" --archive pax.tar --list >pax.list 2>pax.err
rc=$?
[ $rc -eq 4 ]
ok_rc $? "PAX values: exit 4 (findings) (got $rc)"
check "PAX values: nothing on stderr" clean_err pax.err
printf '%b' "$(cat pax.list.expect)\n" >pax.list.want
cmp -s pax.list pax.list.want
ok_rc $? "PAX values: --list is golden"
cmp -s pax.list pax.list.want || diff pax.list.want pax.list | sed 's/^/# /'
"$fc" --archive pax.tar >pax.text 2>&1
for want in \
	'/bin/zero: error: zero-length value: every exec of this file fails with EINVAL, root included [zero-length]' \
	'/bin/v1: warning: legacy revision 1 value (32-bit sets): cap_net_raw=ep' \
	'/bin/la-v1: warning: legacy revision 1 value (32-bit sets): cap_net_raw=ep' \
	'/bin/odd: warning: unknown flag bits 0x000002: cap_net_raw=ep' \
	'/bin/huge: error: value of 100 bytes, larger than any revision (24 at most)' \
	'/bin/kilo: error: value of 1024 bytes, larger than any revision (24 at most)' \
	'/bin/vast: error: value of 65537 bytes, larger than any revision (24 at most)' \
	'/bin/short: error: value of 2 bytes has no magic word' \
	'/bin/rev9: error: unknown revision 0x09' \
	'/bin/v3: warning: v3 value for the user namespace whose root is uid 1000: wherever this is unpacked, exec honours it only inside a user namespace whose root is that uid' \
	'/dir: warning: capabilities on a non-regular file'; do
	grep -qF "$want" pax.text
	ok_rc $? "text: ${want%%:*} (${want#*: })"
done
! grep -q '^/bin/v3root:.*namespaced' pax.text
ok_rc $? "text: a v3 value with rootid 0 is not flagged"
! grep -q '^/bin/v3root:.*not-portable' pax.text
ok_rc $? "text: a v3 value with rootid 0 is portable"
! grep -q '^/bin/later' pax.list
ok_rc $? "a value replaced by a later member without one is gone"
"$fc" --archive pax.tar --json >pax.json 2>/dev/null
python3 -c 'import json, sys
by = {json.loads(l)["path"]: json.loads(l) for l in open(sys.argv[1])}
name = "/non-\u00ffutf8 x"
assert by[name]["path"].encode("latin-1") == b"/non-\xffutf8 x"
assert by["/bin/v1"]["links"] == ["/bin/link-v1"], by["/bin/v1"]["links"]
assert by["/bin/v1"]["nlink"] == 2
assert by["/bin/zero"]["value"] == "" and by["/bin/zero"]["size"] == 0
# offline, a value is kept byte for byte up to XATTR_SIZE_MAX (65536)
assert by["/bin/huge"]["value"] == "01000002" + "00" * 96, by["/bin/huge"]
assert by["/bin/huge"]["error"] is None
assert by["/bin/kilo"]["value"] == "01000002" + "ab" * 1020
assert by["/bin/kilo"]["error"] is None
assert by["/bin/vast"]["value"] is None
assert by["/bin/vast"]["error"] == "Argument list too long", by["/bin/vast"]
assert by["/bin/v3"]["rootid"] == 1000' pax.json 2>py.err
rc=$?
sed 's/^/# /' py.err
ok_rc $rc "JSON: the non-UTF-8 name byte for byte, the hard link, raw values ($(tail -n 1 py.err))"

# --context: the archive's values judged where they will run
"$fc" --archive pax.tar --context cap-drop-all >pax.ctx 2>&1
rc=$?
for want in \
	'/bin/ping: error: in cap-drop-all, uid 0 gid 0: exec fails with EPERM: effective flag set but the bounding set or pI withholds part of fP: capability-dumb binary, exec fails; fix: --cap-add SYS_ADMIN;' \
	'/bin/zero: error: in cap-drop-all, uid 0 gid 0: exec fails with EINVAL: the kernel cannot read this value: exec fails; no fix found' \
	'/bin/v3: warning: in cap-drop-all, uid 0 gid 0: exec succeeds, but cap_net_raw is not granted, silently'; do
	grep -qF "$want" pax.ctx
	ok_rc $? "--context cap-drop-all: ${want%%:*} (${want#*: })"
done
[ $rc -eq 4 ] && ! grep -q '^/dir: .*\[context-' pax.ctx
ok_rc $? "--context: exit 4, a directory not judged (rc $rc)"

# ---- 3. usage ------------------------------------------------------------

rc_is 16 "--archive with a path operand is a usage error" \
	"$fc" --archive pax.tar /tmp
rc_is 16 "--archive with --image is a usage error" \
	"$fc" --archive pax.tar --image /dev/null
rc_is 8 "a directory exits 8" "$fc" --archive /tmp
grep -qF '/tmp: a directory, not a tar archive' errs
ok_rc $? "and says so"
: >empty.tar
rc_is 8 "an empty file is no tar archive: exit 8" "$fc" --archive empty.tar
rc_is 8 "a missing archive exits 8" "$fc" --archive no-such.tar
grep -qF 'no-such.tar: No such file or directory' errs
ok_rc $? "and names it"

# ---- 3b. the sandbox ------------------------------------------------------

# The reader waits on its standard input, a FIFO: its /proc status is
# then what it runs with.
# child_of PID: the pid of PID's child
child_of() {
	for c in /proc/[0-9]*; do
		[ "$(awk '/^PPid:/ { print $2 }' "$c/status" 2>/dev/null)" = "$1" ] &&
			echo "${c#/proc/}" && return 0
	done
	return 1
}
# reader_of PID: the sandboxed reader, PID's child, once it runs under its
# seccomp filter (waiting up to 30 s)
reader_of() {
	end=$(($(date +%s) + 30))
	while [ "$(date +%s)" -le "$end" ]; do
		r=$(child_of "$1") &&
			grep -q '^Seccomp:[[:space:]]*2' "/proc/$r/status" 2>/dev/null &&
			echo "$r" && return 0
		sleep 0.02
	done
	return 1
}
if [ "$(id -u)" -ne 0 ]; then
	skip "the reader runs as nobody without capabilities" "needs root"
else
	: >child.status
	: >parent.status
	# the archive is written only once the statuses are read: the reader
	# waits on the FIFO however long the machine takes to get there
	rm -f in.fifo && mkfifo in.fifo
	"$fc" --archive - --list <in.fifo >fifo.out 2>fifo.err &
	pid=$!
	exec 3>in.fifo
	c=$(reader_of $pid) || c=
	if [ -n "$c" ]; then
		cp "/proc/$c/status" child.status
		cp "/proc/$pid/status" parent.status
	fi
	cat pax.tar >&3
	exec 3>&-
	wait $pid
	rc=$?
	nobody=$(id -u nobody 2>/dev/null || echo 65534)
	ngid=$(id -g nobody 2>/dev/null || echo 65534)
	st() { awk -v k="$1:" '$1 == k { $1 = ""; print substr($0, 2) }' child.status; }
	check "the reader is a child process, in seccomp filter mode" \
		test -s child.status
	[ "$(st Uid)" = "$nobody $nobody $nobody $nobody" ] &&
		[ "$(st Gid)" = "$ngid $ngid $ngid $ngid" ] &&
		[ -z "$(st Groups)" ]
	ok_rc $? "its uids and gids are nobody's, no supplementary groups ($(st Uid))"
	bad=
	for k in CapInh CapPrm CapEff CapBnd CapAmb; do
		[ "$(st $k)" = 0000000000000000 ] || bad="$bad $k=$(st $k)"
	done
	[ -s child.status ] && [ -z "$bad" ]
	ok_rc $? "every capability set is empty${bad:+ (not:$bad)}"
	[ "$(st NoNewPrivs)" = 1 ] && [ "$(st Seccomp_filters)" = 1 ]
	ok_rc $? "no_new_privs and one seccomp filter"
	grep -q '^Uid:[[:space:]]*0[[:space:]]' parent.status &&
		grep -q '^Seccomp:[[:space:]]*0' parent.status
	ok_rc $? "the parent, which writes the baseline, keeps root, unfiltered"
	printf '%b' "$(cat pax.list.expect)\n" | cmp -s - fifo.out && [ $rc -eq 4 ]
	ok_rc $? "the sandboxed reader's result is the usual one (rc $rc)"
	# SIGINT once the reader runs under its filter, while it waits for
	# the archive (not after a fixed sleep: a loaded machine may not have
	# got that far)
	"$fc" --archive - --list <in.fifo >/dev/null 2>fifo.err &
	pid=$!
	exec 3>in.fifo
	reader_of $pid >/dev/null
	kill -INT $pid
	# the archive stays open until the reader has ended: it must end on
	# the signal, not on the end of its input (closing first raced the
	# signal and ended as an empty archive, exit 8, on a loaded machine)
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	exec 3>&-
	wait $pid
	rc=$?
	[ $((rc & 32)) -eq 32 ]
	ok_rc $? "SIGINT to the parent reaches the reader: exit 32 (rc $rc)"
fi

# ---- 4. hostile archives --------------------------------------------------

cat >mkhostile.py <<'EOF'
import gzip, io, sys, tarfile
V = "\x01\x00\x00\x02\x00 \x00\x00" + "\x00" * 12
def member(t, name, value=True, typ=tarfile.REGTYPE, link="", pax=None):
	ti = tarfile.TarInfo(name)
	ti.type, ti.linkname, ti.mode = typ, link, 0o755
	h = dict(pax or {})
	if value:
		h["SCHILY.xattr.security.capability"] = V
	ti.pax_headers = h
	data = b"x" if typ == tarfile.REGTYPE else b""
	ti.size = len(data)
	t.addfile(ti, io.BytesIO(data) if data else None)
def archive(name, members, fileobj=None):
	t = tarfile.open(name, "w", fileobj=fileobj, format=tarfile.PAX_FORMAT)
	for m in members:
		member(t, *m[:1], **m[1]) if isinstance(m, tuple) else member(t, m)
	t.close()
archive("bigpax.tar", [("big", dict(pax={"comment": "A" * (16 << 20)})), "ok"])
class Zeros:
	def __init__(s, n): s.n = n
	def read(s, k):
		k = min(k, s.n); s.n -= k; return b"\0" * k
with gzip.open("bomb.tar.gz", "wb", compresslevel=9) as g:
	t = tarfile.open(fileobj=g, mode="w", format=tarfile.PAX_FORMAT)
	member(t, "first")
	ti = tarfile.TarInfo("zeros"); ti.size = 4 << 30
	t.addfile(ti, Zeros(ti.size))
	member(t, "after")
	t.close()
archive("good.tar", ["a", "b"])
data = open("good.tar", "rb").read() + b"\0" * (1 << 20)
open("good.tar.gz", "wb").write(gzip.compress(data))
with gzip.open("random.tar.gz", "wb") as g:
	t = tarfile.open(fileobj=g, mode="w", format=tarfile.PAX_FORMAT)
	ti = tarfile.TarInfo("random"); ti.size = 1 << 20
	t.addfile(ti, open("/dev/urandom", "rb"))
	member(t, "after")
	t.close()
EOF
python3 mkhostile.py 2>py.err
ok_rc $? "hostile archives written $(tail -n 1 py.err)"
gz=$(wc -c <random.tar.gz)
head -c $((gz / 2)) random.tar.gz >trunc-data.tar.gz
head -c 20 good.tar.gz >trunc-head.tar.gz
mkdir -p jail/etc && : >jail/etc/shadow && : >stamp

# hostile NAME MESSAGE [LISTED...]: exit 8 (with 4 if values are listed),
# MESSAGE on stderr with the archive's name, what must still be listed,
# no sanitizer report, within 60 s
hostile() {
	name=$1 msg=$2
	shift 2
	(cd jail && timeout 60 "$fc" --archive "../$name" --list) \
		>"$name.out" 2>"$name.err"
	rc=$?
	bad=0
	[ $((rc & 8)) -eq 8 ] && [ $rc -lt 16 ] || bad=1
	grep -q 'Sanitizer\|runtime error' "$name.err" && bad=1
	grep -qF "../$name: " "$name.err" && grep -qF "$msg" "$name.err" ||
		bad=1
	for p in "$@"; do
		grep -q "^$p " "$name.out" || bad=1
	done
	ok_rc $bad "$name: exit 8 (rc $rc), '$msg' named, $# values still listed"
	[ $bad -eq 0 ] || sed 's/^/# /' "$name.err" | head -n 5
}
hostile bigpax.tar 'member 1: '
hostile bomb.tar.gz 'a decompression bomb? stopped there' /first
hostile trunc-data.tar.gz 'truncated gzip input'
hostile trunc-head.tar.gz 'cannot read a tar archive'
python3 -c 'import gzip, sys, tarfile
V = "\x01\x00\x00\x02\x00 \x00\x00" + "\x00" * 12
with gzip.open("many.tar.gz", "wb", compresslevel=1) as g:
	t = tarfile.open(fileobj=g, mode="w", format=tarfile.PAX_FORMAT)
	for i in range(100001):
		ti = tarfile.TarInfo(f"f{i}")
		ti.pax_headers = {"SCHILY.xattr.security.capability": V}
		t.addfile(ti)
	t.close()' 2>py.err
ok_rc $? "100,001 members with a value written $(tail -n 1 py.err)"
hostile many.tar.gz 'more than 100000 names with a value: stopped there' /f0 /f99999
[ "$(wc -l <many.tar.gz.out)" -eq 100000 ]
ok_rc $? "many.tar.gz: the first 100,000 are still reported"
("$fc" --archive many.tar.gz --list 2>many.err; echo $? >many.rc) | head -n 1 >/dev/null
[ "$(cat many.rc)" -eq 141 ] && ! grep -q 'died' many.err
ok_rc $? "output into a closed pipe ends it by SIGPIPE, as it would any tool (rc $(cat many.rc))"
rc_is 0 "a gzip stream with 1 MiB of zero blocks after the end is fine" \
	"$fc" --archive good.tar.gz -q
[ -z "$(find jail -newer stamp)" ] &&
	[ ! -s jail/etc/shadow ] && [ "$(ls jail)" = etc ]
ok_rc $? "nothing was written where the scans ran"

# ---- libarchive is loaded only to read an archive -------------------------
# (archive.c: with its libraries it made every run start 4-5 ms later)
mkdir -p ld/d && : >ld/d/f && tar -cf ld/a.tar -C ld/d f
LD_DEBUG=libs "$fc" --list ld/d >/dev/null 2>ld/mounted
LD_DEBUG=libs "$fc" --archive ld/a.tar --list >/dev/null 2>ld/archive
grep -q 'calling init: .*libc\.so' ld/mounted &&
	! grep -q 'calling init: .*libarchive' ld/mounted &&
	grep -q 'calling init: .*libarchive' ld/archive
ok_rc $? "libarchive is loaded to read an archive, not to scan a mounted tree"
# ...and where it cannot be loaded (/dev/null bound over it, in a mount
# namespace of its own): --archive fails naming the archive, a mounted
# scan is not touched
la=$(sed -n 's/.*calling init: \(.*libarchive\.so\.[0-9]*\)$/\1/p' ld/archive |
	head -n 1)
if [ "$(id -u)" -ne 0 ] || [ -z "$la" ] || ! unshare -m true 2>/dev/null; then
	skip "without libarchive" "needs root and unshare -m (and libarchive's path: '$la')"
else
	nolib() {
		unshare -m sh -c 'mount --bind /dev/null "$1" && shift && exec "$@"' \
			sh "$la" "$fc" "$@"
	}
	nolib --archive ld/a.tar --list >ld/out 2>ld/err
	rc=$?
	[ $rc -eq 8 ] && [ ! -s ld/out ] &&
		grep -q '^fsck-check: ld/a.tar: cannot read archives without libarchive: ' ld/err
	ok_rc $? "without libarchive, --archive fails (8) naming the archive (exit $rc: $(head -c 160 ld/err))"
	nolib --list ld/d >ld/out 2>ld/err
	rc=$?
	[ $rc -eq 0 ] && clean_err ld/err
	ok_rc $? "without libarchive, a mounted scan runs (exit $rc)"
fi

done_testing
