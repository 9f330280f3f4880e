#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# mkoci.sh OUTDIR: the seed images of the OCI harness (fuzz/corpus/oci/),
# made by tests/mkoci.py (Python's tarfile), small so that mutations land
# in the JSON and the headers.  How they were made, for the record; the
# corpus holds the output.  No root needed.
#
#   layers       an OCI archive of three layers: values added, changed,
#                lost, a whiteout, an opaque directory, a hard link, a
#                v3 value, a gzip layer
#   docker       the same image as a docker save tar
#   two          two images in one layout (no --image-ref: exit 16)
#   zstd         a zstd layer, a value no file system holds
#   altered      a layer blob whose digest does not match
#   hostile      ".." and absolute names, a whiteout of "..", a hard link
#                out of the root
#   nested       an index naming an index of one manifest (the reader
#                once used the media type of a freed JSON object there)
#   symlinks     members below a symbolic link of their own layer and of a
#                lower one, a loop, a link a whiteout removes, and a ".."
#                member of the archive after its blobs
#   user         a configuration User of a name and a group name, the
#                image's /etc/passwd and /etc/group, and a later layer
#                that replaces the one and whites out the other (--context)
set -eu
out=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
PYTHONPATH=$top/tests python3 - "$out" <<'PY'
import json, os, sys, tarfile
import mkoci as m
import tarfile as tf
tf.RECORDSIZE = 512	# no padding to 10 KiB: small seeds
out = sys.argv[1]
V2 = "0100000200200000000000000000000000000000"
V2B = "0100000200300000000000000000000000000000"
V3 = "0100000300200000" + "00" * 12 + "e8030000"
l1 = m.layer_bytes([("usr/bin/ping", V2), ("usr/bin/node", V2),
                    ("opt/d/", None, tarfile.DIRTYPE), ("opt/d/t", V2),
                    ("opt/e/x", V2), ("bin/ns", V3),
                    ("bin/ln", None, tarfile.LNKTYPE, "usr/bin/ping")])
l2 = m.layer_bytes([("usr/bin/node",), ("usr/bin/ping", V2B),
                    ("opt/d/.wh.t",), ("opt/e/.wh..wh..opq",),
                    ("opt/e/y", V2)], "gzip")
l3 = m.layer_bytes([("usr/bin/.wh.node",), ("usr/bin/node", V2)])
def one(name, images, docker=False):
	d = os.path.join(name + ".d")
	if docker:
		m.docker_save(os.path.join(out, name), images)
		return
	m.layout(d, images)
	m.archive(d, os.path.join(out, name))
one("layers", [("v1", [l1, l2, l3])])
one("docker", [("fcaps:v1", [l1, l2, l3])], docker=True)
one("two", [("a", [l1]), ("b", [l3])])
one("zstd", [("z", [m.layer_bytes([("bin/zero", ""),
                                   ("bin/v1", "010000010020000000000000")],
                                  "zstd")])])
d = "altered.d"
man, layers = m.layout(d, [("x", [l1])])[0]
with open(os.path.join(d, "blobs/sha256", layers[0][7:]), "r+b") as f:
	f.seek(600)
	f.write(b"X")
m.archive(d, os.path.join(out, "altered"))
d = "nested.d"
m.layout(d, [("n", [l3])])
idx = json.load(open(d + "/index.json"))
b = json.dumps({"schemaVersion": 2, "manifests": idx["manifests"]}).encode()
desc = m._blob(d, b)
desc["mediaType"] = "application/vnd.oci.image.index.v1+json"
json.dump({"schemaVersion": 2, "manifests": [desc]},
	  open(d + "/index.json", "w"))
m.archive(d, os.path.join(out, "nested"))
one("hostile", [("h", [m.layer_bytes([("../up", V2), ("/abs", V2),
                                      ("ok/.wh...",),
                                      ("out", None, tarfile.LNKTYPE,
                                       "../../etc/shadow")])])])
d = "symlinks.d"
m.layout(d, [("s", [m.layer_bytes([("lnk", None, tarfile.SYMTYPE, "/etc"),
                                   ("lnk/x", V2),
                                   ("a", None, tarfile.SYMTYPE, "b"),
                                   ("b", None, tarfile.SYMTYPE, "a"),
                                   ("gone", None, tarfile.SYMTYPE, "/")]),
                    m.layer_bytes([("lnk/y", V2), ("a/x", V2), (".wh.gone",),
                                   ("gone/", None, tarfile.DIRTYPE),
                                   ("gone/z", V2)])])])
m.archive(d, os.path.join(out, "symlinks"))
with tarfile.open(os.path.join(out, "symlinks"), "a") as t:
	t.addfile(tarfile.TarInfo("../evil"))
pw = b"root:x:0:0::/:/bin/sh\napp:x:1000:1000::/:/bin/sh\n"
one("user", [("u", [m.layer_bytes([("bin/ping", V2),
                                   ("etc/passwd", None, None, None, pw),
                                   ("etc/group", None, None, None,
                                    b"staff:x:50:\n")]),
                    m.layer_bytes([("etc/passwd", None, None, None,
                                    pw + b"svc:x:998:998::/:/bin/sh\n"),
                                   ("etc/.wh.group",)], "gzip")],
              "svc:staff")])
PY
