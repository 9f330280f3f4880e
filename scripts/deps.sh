#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# deps.sh: install the Debian packages fcaps builds and tests with, only
# those missing.  Not root and something missing: print the apt-get line
# and fail.  The one set-up step; `make check` and `make demo` run it.
set -eu

PKGS="gcc make libc6-dev libcap-dev libcap2-bin libcap-ng-dev libattr1-dev
attr libext2fs-dev e2fsprogs libssl-dev linux-source-6.12 linux-source-6.1
flex bison bc libelf-dev cpio xz-utils kmod ccache qemu-system-x86 busybox-static
cppcheck perl python3 clang libjson-c-dev libyaml-dev valgrind time
libarchive-dev libarchive-tools zstd bzip2 libseccomp-dev
libbpf-dev bpftool libsystemd-dev
debhelper dpkg-dev fakeroot lintian debootstrap rsync
${FCAPS_DEPS_EXTRA:-}"

# Only some suites need these, and they skip with a reason without them:
# an install that fails is reported, not fatal.  prometheus (for
# promtool) and prometheus-node-exporter ship daemons, which are not
# started here: the tests start their own exporter on 127.0.0.1.
TEST_PKGS="curl prometheus prometheus-node-exporter ansible python3-jsonschema
umoci skopeo procps podman runc fping catatonit"

# The CycloneDX 1.6 JSON schemas (bom, with the spdx and jsf schemas it
# refers to) and the validator the CycloneDX project maintains over them
# (@cyclonedx/cyclonedx-library's JsonStrictValidator, on ajv with its
# format checks), for tests/cyclonedx.sh: from the npm registry, pinned,
# into build/cyclonedx/ (no install scripts run).  Like the test
# packages: without npm, or when the install fails, that suite skips.
CDX_NPM="@cyclonedx/cyclonedx-library@10.3.0 ajv@8.20.0 ajv-formats@3.0.1
ajv-formats-draft2019@1.6.1"

missing_of() {
	for p; do
		st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null ||
			true)
		[ "$st" = installed ] || printf ' %s' "$p"
	done
}

cdx_validator() {
	cdir=$(cd "$(dirname "$0")/.." && pwd)/build/cyclonedx
	want=$(echo $CDX_NPM)
	[ "$(cat "$cdir/.installed" 2>/dev/null)" = "$want" ] && return 0
	if ! command -v npm >/dev/null 2>&1; then
		echo "fcaps: no npm: tests/cyclonedx.sh will skip" >&2
		return 0
	fi
	echo "  NPM  $want"
	rm -rf "$cdir" && mkdir -p "$cdir" &&
	npm install --prefix "$cdir" --no-save --no-package-lock \
		--ignore-scripts --no-audit --no-fund $want >"$cdir/npm.log" 2>&1 &&
	echo "$want" >"$cdir/.installed" ||
		echo "fcaps: could not install the CycloneDX validator (see $cdir/npm.log); tests/cyclonedx.sh will skip" >&2
	return 0
}

# The test packages, with no service started (policy-rc.d exit 101, for
# the length of the install, unless the machine has its own policy).
test_pkgs() {
	tmissing=$(missing_of $TEST_PKGS)
	[ -z "$tmissing" ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "fcaps: suites will skip without:$tmissing" >&2
		return 0
	fi
	echo "  DEPS$tmissing"
	policy=
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		policy=/usr/sbin/policy-rc.d
		printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 0755 "$policy"
	fi
	{ DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		--no-install-recommends $tmissing >/dev/null 2>&1 ||
	{ apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null 2>&1 &&
	DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q \
		--no-install-recommends $tmissing >/dev/null 2>&1; }; } ||
		echo "fcaps: could not install$tmissing; their suites will skip" >&2
	[ -n "$policy" ] && rm -f "$policy"
	return 0
}

missing=$(missing_of $PKGS)
if [ -z "$missing" ]; then
	test_pkgs
	cdx_validator
	exit 0
fi

line="apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" -ne 0 ]; then
	echo "fcaps: missing Debian packages:$missing" >&2
	echo "fcaps: as root, run: apt-get update && $line" >&2
	exit 1
fi
echo "  DEPS$missing"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends $missing >/dev/null 2>&1; then
	apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null
	apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends $missing >/dev/null
fi
test_pkgs
cdx_validator
