#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# mkarchives.sh OUTDIR: the seed archives of the archive harness
# (fuzz/corpus/archive/), small so that mutations land in headers.  How
# they were made, for the record; the corpus holds the output.  Needs
# root (setcap on the tree that GNU tar and bsdtar archive).
#
#   gnu          GNU tar --xattrs: SCHILY.xattr, a hard link, a directory
#   bsd          bsdtar: LIBARCHIVE.xattr and SCHILY.xattr
#   pax          Python tarfile: values no file system holds, a non-UTF-8
#                name, a hard link, a replaced member
#   hostile      ".." and absolute names, a hard link out of the root
#   symlinks     names below a symbolic link, and below a loop of them; a
#                hard link to one; a link replaced by a directory; a value
#                of 1024 bytes (kept whole offline)
#   pax-gzip, pax-xz, pax-zstd  compressed (no archive suffixes: these
#                are fuzz inputs, not tarballs of the project)
set -eu
out=$(cd "$1" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/src/bin" "$t/src/d"
printf x >"$t/src/bin/ping"
setcap cap_net_raw+ep "$t/src/bin/ping"
ln "$t/src/bin/ping" "$t/src/bin/ping2"
printf y >"$t/src/d/ns"
setcap -n 1000 cap_net_admin+p "$t/src/d/ns"
tar --xattrs --xattrs-include=security.capability -b 1 -cf "$out/gnu" \
	-C "$t/src" .
bsdtar -b 1 -cf "$out/bsd" -C "$t/src" .
cd "$t"
python3 - "$out" <<'PY'
import base64, io, sys, tarfile
out = sys.argv[1]
def s(h):
	return bytes.fromhex(h).decode("utf-8", "surrogateescape")
def archive(name, members):
	t = tarfile.open(f"{out}/{name}", "w", format=tarfile.PAX_FORMAT,
			 encoding="utf-8", errors="surrogateescape")
	for m in members:
		name, value, typ, link, b64 = (m + (None,) * 5)[:5]
		ti = tarfile.TarInfo(name)
		ti.type = typ or tarfile.REGTYPE
		ti.linkname = link or ""
		data = b"x" if ti.type == tarfile.REGTYPE else b""
		ti.size = len(data)
		if value is not None and b64:
			v = base64.b64encode(bytes.fromhex(value)).decode()
			ti.pax_headers = {"LIBARCHIVE.xattr.security.capability": v}
		elif value is not None:
			ti.pax_headers = {"SCHILY.xattr.security.capability": s(value)}
		t.addfile(ti, io.BytesIO(data) if data else None)
	t.close()
V2 = "0100000200200000000000000000000000000000"
archive("pax", [
	("bin/zero", ""), ("bin/v1", "010000010020000000000000"),
	("bin/odd", "0300000200200000000000000000000000000000"),
	("bin/huge", "01000002" + "00" * 96),
	("bin/v3", "0100000300200000" + "00" * 12 + "e8030000"),
	("bin/la", V2, None, None, True),
	("bin/link", None, tarfile.LNKTYPE, "bin/v1"),
	(s("6e2dff"), V2), ("dir", V2, tarfile.DIRTYPE),
	("bin/later", V2), ("bin/later",),
])
archive("hostile", [
	("../up", V2), ("/abs", V2), ("ok", V2),
	("out", None, tarfile.LNKTYPE, "../../etc/shadow"),
])
archive("symlinks", [
	("lnk", None, tarfile.SYMTYPE, "/etc"), ("lnk/x", V2),
	("a", None, tarfile.SYMTYPE, "b"), ("b", None, tarfile.SYMTYPE, "a"),
	("a/x", V2), ("z", None, tarfile.LNKTYPE, "lnk/x"),
	("d", None, tarfile.SYMTYPE, "/"), ("d", None, tarfile.DIRTYPE),
	("d/y", V2), ("big", "01000002" + "ab" * 1020),
])
PY
gzip -9 -c "$out/pax" >"$out/pax-gzip"
xz -c "$out/pax" >"$out/pax-xz"
zstd -q -c "$out/pax" >"$out/pax-zstd"
