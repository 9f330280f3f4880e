# SPDX-License-Identifier: GPL-2.0-only
"""mkoci.py: container images with layers Python's tarfile writes, for
tests/scan-oci.sh and the seeds of the OCI fuzz harness (fuzz/mkoci.sh).

A layer is a list of members, each a tuple
    (name, value, type, linkname, data)
with value the hex of security.capability as a PAX
SCHILY.xattr.security.capability record (None: no value; "" a
zero-length one), type a tarfile type (default a regular file), data a
regular file's bytes (default b"x").  Names are str; bytes that are not
UTF-8 go in as surrogate escapes.

    layer_bytes(members, compress=None)   the layer tar ("gzip", "zstd")
    layout(dir, images)                   an OCI image layout directory:
        images is a list of (ref, [layer bytes, ...]) or (ref, [layer
        bytes, ...], user), user the configuration's User; returns, per
        image, its manifest digest and its layer digests
    archive(dir, out)                     the layout as a tar (OCI archive)
    docker_save(out, images)              a docker save tar (its layers
                                          uncompressed, as docker writes)
"""
import gzip
import hashlib
import io
import json
import os
import subprocess
import tarfile


def _value(h):
    return bytes.fromhex(h).decode("utf-8", "surrogateescape")


def layer_bytes(members, compress=None):
    buf = io.BytesIO()
    t = tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT,
                     encoding="utf-8", errors="surrogateescape")
    for m in members:
        name, value, typ, link, data = (tuple(m) + (None,) * 5)[:5]
        ti = tarfile.TarInfo(name)
        ti.type = typ or tarfile.REGTYPE
        ti.linkname = link or ""
        ti.mode = 0o755
        if data is None:
            data = b"x" if ti.type == tarfile.REGTYPE else b""
        ti.size = len(data)
        if value is not None:
            ti.pax_headers = {"SCHILY.xattr.security.capability":
                              _value(value)}
        t.addfile(ti, io.BytesIO(data) if data else None)
    t.close()
    raw = buf.getvalue()
    if compress == "gzip":
        return gzip.compress(raw, mtime=0)
    if compress == "zstd":
        return subprocess.run(["zstd", "-q", "-c"], input=raw,
                              stdout=subprocess.PIPE, check=True).stdout
    return raw


def sha(b):
    return "sha256:" + hashlib.sha256(b).hexdigest()


def _blob(d, b):
    dg = sha(b)
    p = os.path.join(d, "blobs", "sha256", dg[7:])
    with open(p, "wb") as f:
        f.write(b)
    return {"digest": dg, "size": len(b)}


def _media(layer):
    if layer[:2] == b"\x1f\x8b":
        return "application/vnd.oci.image.layer.v1.tar+gzip"
    if layer[:4] == b"\x28\xb5\x2f\xfd":
        return "application/vnd.oci.image.layer.v1.tar+zstd"
    return "application/vnd.oci.image.layer.v1.tar"


def _plain(layer):
    if layer[:2] == b"\x1f\x8b":
        return gzip.decompress(layer)
    if layer[:4] == b"\x28\xb5\x2f\xfd":
        return subprocess.run(["zstd", "-q", "-d", "-c"], input=layer,
                              stdout=subprocess.PIPE, check=True).stdout
    return layer


def _diff_id(layer):
    try:
        return sha(_plain(layer))
    except (EOFError, OSError, subprocess.CalledProcessError):
        return sha(layer)	# a damaged layer (a hostile test)


def _config(layers, user=None):
    c = {"architecture": "amd64", "os": "linux",
         "rootfs": {"type": "layers",
                    "diff_ids": [_diff_id(x) for x in layers]}}
    if user is not None:
        c["config"] = {"User": user}
    return json.dumps(c, sort_keys=True).encode()


def layout(d, images):
    os.makedirs(os.path.join(d, "blobs", "sha256"), exist_ok=True)
    with open(os.path.join(d, "oci-layout"), "w") as f:
        f.write('{"imageLayoutVersion":"1.0.0"}')
    index, out = [], []
    for ref, layers, *user in images:
        ls = []
        for x in layers:
            desc = _blob(d, x)
            desc["mediaType"] = _media(x)
            ls.append(desc)
        cfg = _blob(d, _config(layers, *user))
        cfg["mediaType"] = "application/vnd.oci.image.config.v1+json"
        man = json.dumps({
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "config": cfg, "layers": ls}, sort_keys=True).encode()
        md = _blob(d, man)
        md["mediaType"] = "application/vnd.oci.image.manifest.v1+json"
        if ref is not None:
            md["annotations"] = {"org.opencontainers.image.ref.name": ref}
        index.append(md)
        out.append((md["digest"], [x["digest"] for x in ls]))
    with open(os.path.join(d, "index.json"), "w") as f:
        json.dump({"schemaVersion": 2, "manifests": index}, f)
    return out


def archive(d, out):
    with tarfile.open(out, "w", format=tarfile.PAX_FORMAT) as t:
        for root, dirs, files in os.walk(d):
            dirs.sort()
            for n in sorted(files):
                p = os.path.join(root, n)
                t.add(p, os.path.relpath(p, d), recursive=False)


def docker_save(out, images):
    with tarfile.open(out, "w", format=tarfile.PAX_FORMAT) as t:
        def add(name, b):
            ti = tarfile.TarInfo(name)
            ti.size = len(b)
            t.addfile(ti, io.BytesIO(b))
        man = []
        for ref, layers, *user in images:
            names = []
            for i, x in enumerate(layers):
                n = "%s/layer.tar" % hashlib.sha256(
                    x + bytes([i])).hexdigest()
                add(n, _plain(x))	# docker save: uncompressed layers
                names.append(n)
            cfg = _config(layers, *user)
            cn = sha(cfg)[7:] + ".json"
            add(cn, cfg)
            man.append({"Config": cn, "RepoTags": [ref] if ref else None,
                        "Layers": names})
        add("manifest.json", json.dumps(man).encode())
