#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# runtime.sh: what getfcap --explain --context and fsck-check --oci
# --context predict is what the real runtimes give (TAP; host suite, root).
#
# An image holds copies of a static probe (tests/runtime-probe.c), each
# carrying a value of one kind (+ep, +p only, +ei, the all-zero value, v3
# rootids for a user namespace).  Each copy runs as a container's process
# -- exec'd by the runtime itself, as a service's program is -- under
# podman (with runc: crun refuses this machine's cgroup setup) with its
# default set, --cap-drop ALL, --cap-add, no-new-privileges, --user and
# --uidmap, and under runc alone on an OCI bundle unpacked by umoci whose
# process.capabilities, user and noNewPrivileges the test writes, as
# Kubernetes' runtimes and a systemd-like start would.  Each podman run
# is also predicted from the Compose file of the same flags
# (podman-compose:), with --privileged inside a narrower bounding set too;
# each runc run from the very config.json runc read (oci:) and from the
# pod, Compose service or unit with a drop-in that starts that process;
# and `podman kube play` runs pods whose containers are predicted from the
# manifest played (podman-kube:).  For every file and context the
# prediction (the exec error, or CapPrm, CapEff and CapAmb) is compared
# with what the probe printed or the runtime reported.  So is
# fsck-check's, on the same image as podman save or umoci wrote it: its
# rule (context-exec-fails with the error, context-not-granted) or no
# finding, against the error, or whether the process held what the
# file asks for.
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
san=${FCAPS_SAN:-$top/build/san}
GETF=$san/getfcap/getfcap
SETF=$san/setfcap/setfcap
FSCK=$san/fsck-check/fsck-check
PROBE=$san/tests/runtime-probe
. "$top/tests/tap.sh"

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP not root (runtimes and setfcap need it)"
	exit 0
fi
for b in "$GETF" "$SETF" "$FSCK" "$PROBE"; do
	[ -x "$b" ] || bail "$b not built (make san)"
done
# its --json output is kept for tests/json-lines.sh
FSCK=$(json_keeper "$FSCK")
for t in python3 tar; do
	command -v "$t" >/dev/null || { echo "1..0 # SKIP no $t"; exit 0; }
done

mkdir -p "$top/build" || bail "cannot make $top/build"
work=$(mktemp -d "$top/build/runtime.XXXXXX") || bail "no scratch directory"
TMPDIR=$work/tmp
export TMPDIR
mkdir "$TMPDIR"
tag=fcaps-runtime-$$
img=localhost/$tag:latest
PODMAN="podman --cgroup-manager cgroupfs --runtime runc"
RUNC="runc --root $work/runc-state"
cleanup() {
	if command -v podman >/dev/null; then
		$PODMAN ps -a -q --filter "label=$tag" 2>/dev/null |
			xargs -r $PODMAN rm -f >/dev/null 2>&1
		$PODMAN rmi -f "$img" >/dev/null 2>&1
	fi
	if command -v runc >/dev/null; then
		$RUNC list -q 2>/dev/null | xargs -r -n1 $RUNC delete -f \
			>/dev/null 2>&1
	fi
	if command -v podman >/dev/null; then
		$PODMAN pod ls -q --filter "name=$tag" 2>/dev/null |
			xargs -r $PODMAN pod rm -f >/dev/null 2>&1
		# the pause image podman kube play built, if it was not here
		[ "${pause_had-x}" = "" ] &&
			$PODMAN images -q localhost/podman-pause 2>/dev/null |
			xargs -r $PODMAN rmi -f >/dev/null 2>&1
	fi
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The files: NAME VALUE (setfcap's arguments; "-" for none)
files="plain -
ep_raw cap_net_raw+ep
ep_nbs cap_net_bind_service+ep
p_nbs cap_net_bind_service+p
ei_nbs cap_net_bind_service+ei
ep_admin cap_sys_admin+ep
zero =
v3_nbs_100000 -n.100000.cap_net_bind_service+ep
v3_raw_100000 -n.100000.cap_net_raw+ep
v3_nbs_200000 -n.200000.cap_net_bind_service+ep"
names=$(echo "$files" | cut -d' ' -f1)

# plant ROOT: the probes and their values, a passwd and busybox
plant() {
	mkdir -p "$1/f" "$1/etc" "$1/bin" || return 1
	printf 'root:x:0:0:root:/:/bin/sh\nuser:x:1000:1000::/:/bin/sh\n' \
		>"$1/etc/passwd"
	printf 'root:x:0:\nuser:x:1000:\n' >"$1/etc/group"
	[ -x /bin/busybox ] && cp /bin/busybox "$1/bin/busybox"
	echo "$files" | while read -r name value; do
		cp "$PROBE" "$1/f/$name" || return 1
		case $value in
		-) ;;
		=) "$SETF" "" "$1/f/$name" >/dev/null || return 1 ;;
		*) # shellcheck disable=SC2046
			"$SETF" $(echo "$value" | tr . ' ') "$1/f/$name" \
				>/dev/null || return 1 ;;
		esac
	done
}
setup "plant the image's files" plant "$work/root" ||
	bail "cannot plant the files"
# getfcap predicts for the files where they lie: a nosuid mount there
# would be its prediction, not the container's
if python3 -c 'import os, sys
sys.exit(not os.statvfs(sys.argv[1]).f_flag & os.ST_NOSUID)' "$work"; then
	echo "1..0 # SKIP $top/build is on a nosuid mount"
	exit 0
fi

# predict DIR CONTEXT...: one line per file, "NAME ERROR" or "NAME ok
# PRM EFF AMB", from getfcap --explain --json (run by $WRAP when set); an
# argument with "%f" in it is given for each file with its name there
predict() {
	d=$1
	shift
	case "$*" in
	*%f*)
		for f in $names; do
			# shellcheck disable=SC2046
			$WRAP "$GETF" --explain --json $(echo "$*" |
				sed "s/%f/$(echo "$f" | tr _ -)/g") "$d/f/$f"
		done ;;
	*)
		for f in $names; do echo "$d/f/$f"; done |
			xargs $WRAP "$GETF" --explain --json "$@" ;;
	esac | python3 -c '
import json, os, sys
for line in sys.stdin:
    o = json.loads(line)
    name = os.path.basename(o["path"])
    x = o["exec"]
    if x["error"]:
        print(name, x["error"])
    else:
        print(name, "ok", x["permitted"], x["effective"], x["ambient"])
'
}
WRAP=

# fpredict IMAGE CONTEXT...: one line per file, "NAME OUTCOME WANTS EFF",
# from fsck-check --oci IMAGE --json: OUTCOME the error of a
# context-exec-fails finding, not-granted for context-not-granted, works
# for neither (or for a file without a value); WANTS (hex) and EFF (0 or
# 1) what the value asks for: its permitted set, or its inheritable set
# when that is empty, and its effective flag
fpredict() {
	i=$1
	shift
	$WRAP "$FSCK" --oci "$i" --json "$@" >"$work/fc.json" 2>"$work/fc.err"
	rc=$?
	if [ $rc -ne 0 ] && [ $rc -ne 4 ]; then
		echo "fsck-check exit $rc: $(head -1 "$work/fc.err")" >&2
		return
	fi
	# shellcheck disable=SC2086
	python3 - "$work/fc.json" $names <<'EOF'
import json, os, sys
seen = {}
for line in open(sys.argv[1]):
    o = json.loads(line)
    if not o["path"].startswith("/f/") or not o.get("present", True):
        continue
    rules = {f["rule"]: f for f in o["findings"]}
    if "context-exec-fails" in rules:
        out = rules["context-exec-fails"]["exec"]["error"]
    elif "context-not-granted" in rules:
        out = "not-granted"
    else:
        out = "works"
    p = int(o["permitted"] or "0", 16)
    w = p if p else int(o["inheritable"] or "0", 16)
    seen[os.path.basename(o["path"])] = "%s %x %d" % (out, w,
                                                      bool(o["effective"]))
for n in sys.argv[2:]:
    print(n, seen.get(n, "works 0 0"))
EOF
}

# fclass OBSERVED WANTS EFF: what happened, in fpredict's terms: the
# error, or whether the process held every capability the file asks for
# (effective too when its effective flag is set)
fclass() {
	case $1 in
	ok\ *) ;;
	*) echo "$1"; return ;;
	esac
	# shellcheck disable=SC2086
	set -- $1 "$2" "$3"
	w=$((0x$5))
	if [ $((w & ~0x$2)) -ne 0 ] ||
		{ [ "$6" = 1 ] && [ $((w & ~0x$3)) -ne 0 ]; }; then
		echo not-granted
	else
		echo works
	fi
}

# observed OUTPUT: the same form, from the probe's line or the error
observed() {
	case $1 in
	*"uid="*" prm="*)
		echo "$1" | sed -n 's/.*prm=\([0-9a-f]*\) eff=\([0-9a-f]*\) amb=\([0-9a-f]*\).*/ok \1 \2 \3/p' |
			head -1 ;;
	*"operation not permitted"*) echo EPERM ;;
	*"value too large"*) echo EOVERFLOW ;;
	*"invalid argument"*) echo EINVAL ;;
	*) echo "other: $(echo "$1" | head -1)" ;;
	esac
}

checked=0 matched=0 fchecked=0 fmatched=0
# tally P RUNTIME WANT GOT DESC: one prediction of getfcap (P empty) or of
# fsck-check (P "f"), counted in ${P}checked, ${P}matched and the
# runtime's ${P}n_RUNTIME and ${P}m_RUNTIME, and reported
tally() {
	eval "$1checked=\$(($1checked + 1)) $1n_$2=\$((\${$1n_$2:-0} + 1))"
	if [ -n "$3" ] && [ "$3" = "$4" ]; then
		eval "$1matched=\$(($1matched + 1)) $1m_$2=\$((\${$1m_$2:-0} + 1))"
		ok "$5: $3"
	else
		notok "$5: predicted '$3', got '$4'"
	fi
}

# compare RUNTIME LABEL PREDICTIONS FPREDICTIONS RUN...: run each file
# with RUN FILE; check getfcap's prediction, and fsck-check's unless
# FPREDICTIONS is "-" (no image for it).  RUN "again" checks against what
# the last RUN gave: the same run, predicted from another configuration
mkdir "$work/seen" || bail "cannot make $work/seen"
compare() {
	rt=$1 label=$2 preds=$3 fpreds=$4
	shift 4
	for f in $names; do
		want=$(echo "$preds" | sed -n "s/^$f //p")
		if [ "$1" = again ]; then
			got=$(cat "$work/seen/$f")
		else
			got=$(observed "$("$@" "/f/$f" 2>&1)")
			echo "$got" >"$work/seen/$f"
		fi
		tally "" "$rt" "$want" "$got" "$rt $label: $f"
		[ "$fpreds" = - ] && continue
		fp=$(echo "$fpreds" | sed -n "s/^$f //p")
		# shellcheck disable=SC2046
		tally f "$rt" "${fp%% *}" \
			"$(fclass "$got" $(echo "$fp" | cut -d' ' -f2-3))" \
			"fsck-check $rt $label: $f"
	done
}

# ---- podman, with runc ----------------------------------------------
podman_run() {
	$WRAP $PODMAN run --rm --network none --label "$tag" \
		--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 "$@" </dev/null
}
podman_skip=
if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
	podman_skip="podman or runc not installed (scripts/deps.sh)"
elif ! tar --xattrs --xattrs-include='security.capability' -C "$work/root" \
	-cf "$work/image.tar" . 2>"$work/err" ||
	! $PODMAN import -q "$work/image.tar" "$img" >/dev/null 2>>"$work/err"
then
	podman_skip="cannot import an image: $(head -1 "$work/err")"
elif ! out=$(podman_run "$img" /f/plain 2>&1) ||
	! echo "$out" | grep -q '^uid='; then
	podman_skip="podman cannot start a container here: $(echo "$out" | head -1)"
fi
# same_values IMAGE ROOT [REF]: fsck-check --oci IMAGE --list shows the
# values getfcap reads from ROOT/f: they went through a runtime's storage
same_values() {
	"$FSCK" --oci "$1" ${3:+--image-ref "$3"} --list 2>"$work/err" |
		grep '^/f/' | sort >"$work/fc.list"
	for f in $names; do "$GETF" "$2/f/$f"; done |
		sed "s|^$2||" | sort | cmp -s - "$work/fc.list"
}
# fsck-check reads the image podman ran, as podman save writes it
fsck_podman=-
if [ -z "$podman_skip" ]; then
	if ! $PODMAN save -q --format oci-archive -o "$work/podman-oci.tar" \
		"$img" 2>"$work/err"; then
		skip "fsck-check on podman's image" \
			"podman save failed: $(head -1 "$work/err")"
	elif ! same_values "$work/podman-oci.tar" "$work/root"; then
		skip "fsck-check on podman's image" \
			"podman save changed the values: $(head -1 "$work/fc.list")"
	else
		fsck_podman=$work/podman-oci.tar
	fi
fi
# PODMAN ARGS|CONTEXT ARGS
podman_cases="|--context podman
--cap-drop ALL|--context podman --cap-drop ALL
--cap-drop ALL --cap-add NET_BIND_SERVICE|--context podman --cap-drop ALL --cap-add NET_BIND_SERVICE
--security-opt no-new-privileges|--context podman --no-new-privs
--user 1000|--context podman --user 1000
--user 1000 --cap-add NET_BIND_SERVICE|--context podman --user 1000 --cap-add NET_BIND_SERVICE
--user 1000 --security-opt no-new-privileges --cap-add NET_RAW|--context podman --user 1000 --no-new-privs --cap-add NET_RAW
--uidmap 0:100000:65536|--context podman --userns-root 100000
--uidmap 0:100000:65536 --user 1000|--context podman --userns-root 100000 --user 1000
--uidmap 0:200000:65536 --user 1000|--context podman --userns-root 200000 --user 1000
--privileged|--context podman --privileged
--privileged --user 1000|--context podman --privileged --user 1000
--privileged --user 1000 --cap-add NET_RAW|--context podman --privileged --user 1000 --cap-add NET_RAW"
# compose_of PODMAN-ARGS...: the Compose service podman-compose starts
# with those flags (one --cap-add, --cap-drop, --user, --security-opt)
compose_of() {
	printf 'services:\n  probe:\n    image: %s\n' "$img"
	while [ $# -gt 0 ]; do
		case $1 in
		--cap-add) printf '    cap_add: [%s]\n' "$2"; shift ;;
		--cap-drop) printf '    cap_drop:\n      - %s\n' "$2"; shift ;;
		--user) printf '    user: "%s"\n' "$2"; shift ;;
		--security-opt) printf '    security_opt: [%s]\n' "$2"; shift ;;
		--privileged) printf '    privileged: true\n' ;;
		*) return 1 ;;
		esac
		shift
	done
}
# podman_case PODMAN-ARGS|CONTEXT-ARGS: the run, predicted from the
# flags, and again from the equivalent Compose file (podman-compose)
podman_case() {
	pargs=${1%%|*} cargs=${1#*|}
	# shellcheck disable=SC2086
	preds=$(predict "$work/root" $cargs)
	fpreds=-
	# shellcheck disable=SC2086
	[ "$fsck_podman" = - ] || fpreds=$(fpredict "$fsck_podman" $cargs)
	# shellcheck disable=SC2086
	compare podman "${pargs:-(defaults)}" "$preds" "$fpreds" \
		podman_run $pargs "$img"
	# shellcheck disable=SC2086
	compose_of $pargs >"$work/compose.yaml" || return 0
	c=podman-compose:$work/compose.yaml
	preds=$(predict "$work/root" --context "$c")
	[ "$fsck_podman" = - ] ||
		fpreds=$(fpredict "$fsck_podman" --context "$c")
	compare pcompose "podman-compose.yaml of ${pargs:-(defaults)}" \
		"$preds" "$fpreds" again
}
if [ -n "$podman_skip" ]; then
	skip "podman" "$podman_skip"
else
	echo "$podman_cases" | {
		while read -r line; do
			podman_case "$line"
		done
		# --privileged takes the bounding set podman runs with: run
		# both under one without two capabilities
		if command -v capsh >/dev/null; then
			printf '#!/bin/sh\nexec capsh --drop=cap_sys_module,cap_sys_rawio -- -c '"'"'exec "$0" "$@"'"'"' "$@"\n' \
				>"$work/narrow" && chmod +x "$work/narrow"
			WRAP=$work/narrow
			podman_case "--privileged|--context podman --privileged"
			podman_case "--privileged --user 1000 --cap-add NET_RAW|--context podman --privileged --user 1000 --cap-add NET_RAW"
			WRAP=
		else
			skip "podman --privileged in a narrower bounding set" \
				"no capsh (libcap2-bin)"
		fi
		echo "$n $checked $matched ${n_podman:-0} ${m_podman:-0}" \
			"${n_pcompose:-0} ${m_pcompose:-0}" \
			"$fchecked $fmatched ${fn_podman:-0} ${fm_podman:-0}" \
			"${fn_pcompose:-0} ${fm_pcompose:-0}" >"$work/podman.count"
	}
	read -r n checked matched n_podman m_podman n_pcompose m_pcompose \
		fchecked fmatched fn_podman fm_podman fn_pcompose fm_pcompose \
		<"$work/podman.count"
fi

# ---- podman kube play: a pod of one container per file -------------------
# kube_yaml NAME SECURITYCONTEXT: the pod (in the ulimits of
# $work/containers.conf: this machine's podman needs them)
kube_yaml() {
	printf 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: %s\nspec:\n  restartPolicy: Never\n  containers:\n' "$1"
	for f in $names; do
		printf '  - name: c-%s\n    image: %s\n    command: ["/f/%s"]\n    securityContext: %s\n' \
			"$(echo "$f" | tr _ -)" "$img" "$f" "$2"
	done
}
kube_n=0
kube_run() {
	c=$kpod-c-$(echo "${1#/f/}" | tr _ -)
	timeout 60 $PODMAN wait "$c" >/dev/null 2>&1
	$PODMAN logs "$c" 2>&1
}
kube_skip=$podman_skip
if [ -z "$kube_skip" ] && ! command -v catatonit >/dev/null; then
	kube_skip="no catatonit: podman kube play cannot build its pause image (scripts/deps.sh)"
fi
# podman kube play has no --ulimit: the ulimits this machine's podman needs
# go in a containers.conf of the suite's.  CONTAINERS_CONF names the one
# file read instead of the system's (containers/common systemConfigs()),
# so a file of ulimits alone would give the defaults compiled into podman
# (14 capabilities), not the 11 of the containers.conf that podman run
# and kube play read: the suite's file is the system's with the ulimits
# added.
sysconf=/usr/share/containers/containers.conf
ulimits='default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]'
if [ -n "$kube_skip" ]; then
	:
elif [ -e /etc/containers/containers.conf ] ||
	[ -d /etc/containers/containers.conf.d ]; then
	kube_skip="/etc/containers/containers.conf(.d) is read over $sysconf: the suite's CONTAINERS_CONF cannot stand for both"
elif [ ! -f "$sysconf" ]; then
	kube_skip="no $sysconf (containers-common) to add the ulimits to"
elif grep -q '^[[:space:]]*default_ulimits' "$sysconf"; then
	kube_skip="$sysconf sets default_ulimits: the suite cannot add its own"
else
	if grep -q '^\[containers\]' "$sysconf"; then
		sed "/^\[containers\]/a $ulimits" "$sysconf"
	else
		cat "$sysconf" && printf '[containers]\n%s\n' "$ulimits"
	fi >"$work/containers.conf" ||
		bail "cannot write $work/containers.conf"
	[ "$(grep -c '^default_ulimits = \["nofile' "$work/containers.conf")" = 1 ] ||
		bail "$work/containers.conf: the ulimits were not added once"
fi
pause_had=$($PODMAN images -q localhost/podman-pause 2>/dev/null)
# NAME|SECURITYCONTEXT (each container's)
kube_cases="defaults|{}
runAsUser 1000, add NET_RAW|{runAsUser: 1000, capabilities: {add: [NET_RAW]}}
restricted|{runAsUser: 1000, runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities: {drop: [ALL], add: [NET_BIND_SERVICE]}}
privileged, runAsUser 1000|{privileged: true, runAsUser: 1000}"
if [ -n "$kube_skip" ]; then
	skip "podman kube play" "$kube_skip"
else
	echo "$kube_cases" | {
		while IFS='|' read -r label sc; do
			kube_n=$((kube_n + 1))
			kpod=$tag-k$kube_n
			k=$work/kube-$kube_n.yaml
			kube_yaml "$kpod" "$sc" >"$k"
			if ! CONTAINERS_CONF=$work/containers.conf $PODMAN \
				kube play --network none "$k" >"$work/err" 2>&1 &&
				! grep -q '^Pod:' "$work/err"; then
				notok "podman kube play $label: $(tail -1 "$work/err")"
				continue
			fi
			preds=$(predict "$work/root" --context "podman-kube:$k#c-%f")
			fpreds=-
			[ "$fsck_podman" = - ] || fpreds=$(fpredict \
				"$fsck_podman" --context "podman-kube:$k#c-plain")
			compare kube "$label" "$preds" "$fpreds" kube_run
			$PODMAN kube down "$k" >/dev/null 2>&1
			$PODMAN pod rm -f "$kpod" >/dev/null 2>&1
		done
		echo "$n $checked $matched ${n_kube:-0} ${m_kube:-0}" \
			"$fchecked $fmatched ${fn_kube:-0} ${fm_kube:-0}" \
			>"$work/kube.count"
	}
	read -r n checked matched n_kube m_kube \
		fchecked fmatched fn_kube fm_kube <"$work/kube.count"
fi

# ---- runc alone, on a bundle umoci unpacked -----------------------------
runc_skip=
all_caps=$(capsh --decode="$(printf '%x' \
	$(( (1 << ($(cat /proc/sys/kernel/cap_last_cap) + 1)) - 1 )))" \
	2>/dev/null | sed 's/.*=//')
if ! command -v runc >/dev/null || ! command -v umoci >/dev/null; then
	runc_skip="runc or umoci not installed (scripts/deps.sh)"
elif [ -z "$all_caps" ]; then
	runc_skip="no capsh (libcap2-bin) to name the capabilities"
elif ! {
	umoci init --layout "$work/oci" &&
	umoci new --image "$work/oci:t" &&
	umoci unpack --image "$work/oci:t" "$work/build" &&
	cp -a "$work/root/." "$work/build/rootfs/" &&
	umoci repack --image "$work/oci:t" "$work/build" &&
	umoci unpack --image "$work/oci:t" "$work/bundle"
} >"$work/err" 2>&1; then
	runc_skip="umoci cannot build and unpack the image: $(tail -1 "$work/err")"
fi
# the values went through umoci's layer: check before trusting the bundle
if [ -z "$runc_skip" ]; then
	for f in $names; do
		a=$("$GETF" --raw "$work/root/f/$f")
		b=$("$GETF" --raw "$work/bundle/rootfs/f/$f")
		[ "${a#* }" = "${b#* }" ] ||
			runc_skip="umoci changed the value of $f: ${b#* }"
	done
fi
# fsck-check reads the layout umoci unpacked the bundle from
fsck_runc=-
if [ -z "$runc_skip" ]; then
	if same_values "$work/oci" "$work/root" t; then
		fsck_runc=$work/oci
	else
		skip "fsck-check on umoci's image" \
			"fsck-check --oci does not show its values: $(head -1 "$work/err")"
	fi
fi

# bundle_config UID GID NNP BOUNDING PERMITTED EFFECTIVE AMBIENT: the
# process of config.json (capability names comma-separated, "" for none;
# ambient is also inheritable)
bundle_config() {
	python3 - "$work/bundle/config.json" "$@" <<'EOF'
import json, sys
path, uid, gid, nnp, bnd, prm, eff, amb = sys.argv[1:]
names = lambda s: [c.upper() for c in s.split(",") if c]
c = json.load(open(path))
p = c["process"]
p["terminal"] = False
p["user"] = {"uid": int(uid), "gid": int(gid)}
p["noNewPrivileges"] = nnp == "1"
p["capabilities"] = {"bounding": names(bnd), "permitted": names(prm),
                     "effective": names(eff), "inheritable": names(amb),
                     "ambient": names(amb)}
p["rlimits"] = [{"type": "RLIMIT_NOFILE", "hard": 1024, "soft": 1024}]
c["linux"]["namespaces"] = [n for n in c["linux"]["namespaces"]
                            if n["type"] != "user"]
json.dump(c, open(path, "w"), indent=1)
EOF
}
runc_n=0
runc_run() {
	runc_n=$((runc_n + 1))
	python3 - "$work/bundle/config.json" "$1" <<'EOF' || return 1
import json, sys
c = json.load(open(sys.argv[1]))
c["process"]["args"] = [sys.argv[2]]
json.dump(c, open(sys.argv[1], "w"), indent=1)
EOF
	$RUNC run --bundle "$work/bundle" "$tag-$runc_n" </dev/null
}
D=cap_chown,cap_dac_override,cap_fsetid,cap_fowner,cap_mknod,cap_net_raw,cap_setgid,cap_setuid,cap_setfcap,cap_setpcap,cap_net_bind_service,cap_sys_chroot,cap_kill,cap_audit_write
NBS=cap_net_bind_service
SD=systemd:User=1000,CapabilityBoundingSet=CAP_NET_BIND_SERVICE,CapabilityBoundingSet=CAP_NET_RAW,AmbientCapabilities=CAP_NET_BIND_SERVICE
# tok T: a set of the table below (D: Docker's, A: every capability, -:
# none)
tok() {
	case $1 in
	-) echo "" ;;
	D) echo "$D" ;;
	A) echo "$all_caps" ;;
	*) echo "$1" ;;
	esac
}
# config.json (uid gid nnp bounding permitted effective ambient)|CONTEXT
# ARGS, as containerd starts Kubernetes' pods, dockerd its containers and
# systemd its services.  systemd leaves a service the manager's permitted
# set beyond its bounding set (src/core/execute.c), which runc refuses
# ("unable to apply caps"); the bundle holds the bounding set instead,
# which changes no exec: pP' never exceeds the bounding set and pI.
#
# Each is also predicted from the config.json runc ran (oci:) and from the
# Kubernetes pod, Compose service or systemd unit (with a drop-in) that
# starts the same process (the third field), written below.
runc_cases="1000 1000 1 - - - -|--context k8s-restricted|k8s:$work/restricted.yaml
1000 1000 1 $NBS $NBS $NBS -|--context k8s-restricted,+net_bind_service|k8s:$work/restricted-nbs.yaml
0 0 0 D D D -|--context docker|compose:$work/compose-root.yaml
1000 0 0 D - - -|--context docker --user 1000|compose:$work/compose-user.yaml
1000 1000 0 $NBS,cap_net_raw $NBS,cap_net_raw - $NBS|--context $SD|unit:$work/fcaps-sd.service
1000 1000 1 $NBS,cap_net_raw $NBS,cap_net_raw - $NBS|--context $SD,NoNewPrivileges=yes|unit:$work/fcaps-sd-nnp.service
1000 1000 1 A - - -|--context systemd:User=1000,NoNewPrivileges=yes|unit:$work/fcaps-nnp.service
0 0 0 $NBS $NBS $NBS -|--context systemd:CapabilityBoundingSet=CAP_NET_BIND_SERVICE|unit:$work/fcaps-bset.service"
pod_of() {
	printf 'apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n'
	printf '      securityContext:\n        runAsUser: 1000\n        runAsGroup: 1000\n        runAsNonRoot: true\n'
	printf '      containers:\n      - name: probe\n        securityContext:\n'
	printf '          allowPrivilegeEscalation: false\n          capabilities:\n            drop: [ALL]\n'
	[ -z "$1" ] || printf '            add: [%s]\n' "$1"
}
pod_of >"$work/restricted.yaml"
pod_of NET_BIND_SERVICE >"$work/restricted-nbs.yaml"
printf 'services:\n  probe:\n    image: t\n' >"$work/compose-root.yaml"
printf 'services:\n  probe:\n    image: t\n    user: "1000"\n' \
	>"$work/compose-user.yaml"
unit_sd='[Unit]
Description=the probe

[Service]
ExecStart=/f/probe
User=1000
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_RAW
AmbientCapabilities=CAP_NET_BIND_SERVICE'
echo "$unit_sd" >"$work/fcaps-sd.service"
echo "$unit_sd" >"$work/fcaps-sd-nnp.service"
mkdir "$work/fcaps-sd-nnp.service.d"
printf '[Service]\nNoNewPrivileges=yes\n' \
	>"$work/fcaps-sd-nnp.service.d/10-hardening.conf"
printf '[Service]\nExecStart=/f/probe\nUser=1000\nNoNewPrivileges=yes\n' \
	>"$work/fcaps-nnp.service"
printf '[Service]\nExecStart=/f/probe\nCapabilityBoundingSet=CAP_NET_BIND_SERVICE\n' \
	>"$work/fcaps-bset.service"
# again_from RUNTIME LABEL CONTEXT: the last runc run, predicted from
# CONTEXT
again_from() {
	preds=$(predict "$work/bundle/rootfs" --context "$3")
	fpreds=-
	[ "$fsck_runc" = - ] ||
		fpreds=$(fpredict "$fsck_runc" --image-ref t --context "$3")
	compare "$1" "$2" "$preds" "$fpreds" again
}
if [ -n "$runc_skip" ]; then
	skip "runc" "$runc_skip"
else
	echo "$runc_cases" | {
		while IFS='|' read -r conf cargs equiv; do
			# shellcheck disable=SC2086
			set -- $conf
			bundle_config "$1" "$2" "$3" "$(tok "$4")" \
				"$(tok "$5")" "$(tok "$6")" "$(tok "$7")" ||
				{ notok "runc: config.json for $conf"; continue; }
			label=$(echo "$cargs" | sed 's/--context //')
			# shellcheck disable=SC2086
			preds=$(predict "$work/bundle/rootfs" $cargs)
			fpreds=-
			# shellcheck disable=SC2086
			[ "$fsck_runc" = - ] ||
				fpreds=$(fpredict "$fsck_runc" --image-ref t $cargs)
			compare runc "$label" "$preds" "$fpreds" runc_run
			again_from oci "config.json of $label" \
				"oci:$work/bundle/config.json"
			again_from "${equiv%%:*}" "${equiv##*/} for $label" \
				"$equiv"
		done
		echo "$n $checked $matched ${n_runc:-0} ${m_runc:-0}" \
			"${n_oci:-0} ${m_oci:-0} ${n_k8s:-0} ${m_k8s:-0}" \
			"${n_compose:-0} ${m_compose:-0} ${n_unit:-0} ${m_unit:-0}" \
			"$fchecked $fmatched ${fn_runc:-0} ${fm_runc:-0}" \
			"${fn_oci:-0} ${fm_oci:-0} ${fn_k8s:-0} ${fm_k8s:-0}" \
			"${fn_compose:-0} ${fm_compose:-0}" \
			"${fn_unit:-0} ${fm_unit:-0}" >"$work/runc.count"
	}
	read -r n checked matched n_runc m_runc n_oci m_oci n_k8s m_k8s \
		n_compose m_compose n_unit m_unit \
		fchecked fmatched fn_runc fm_runc fn_oci fm_oci fn_k8s fm_k8s \
		fn_compose fm_compose fn_unit fm_unit <"$work/runc.count"
fi
# per configuration: podman's and runc's flags and presets, then the
# files (podman-compose, podman-kube, oci, k8s, compose, unit)
counts() {
	for k in podman pcompose kube runc oci k8s compose unit; do
		eval "printf '%s %s/%s, ' $k \${$1m_$k:-0} \${$1n_$k:-0}"
	done | sed 's/, $//'
}
echo "# getfcap --explain: $checked predictions checked, $matched matched" \
	"($(counts ""))"
echo "# fsck-check --oci: $fchecked predictions checked, $fmatched matched" \
	"($(counts f))"
done_testing
