#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# debian-image.sh OUT|--base: the Debian 13 (trixie) system that the debian guest
# suite boots (tests/vm/debian.sh), as a raw ext4 image of its root file
# system, copied (sparse) to OUT.  Two layers, each cached under
# build/debian/ and rebuilt when what it is made of changes; suites that
# run side by side wait for each other here (flock), not build twice:
#   base    debootstrap --variant=minbase of trixie from Debian's archive
#           with $PKGS, as a tar named after the recipe's hash
#   system  the base with fcaps' own .deb (make deb) installed by dpkg, a
#           local apt repository in /srv/fcaps-repo (fping from the
#           archive; the dh-sequence-fcaps sample in two versions), the
#           kernel.fcaps policy recipe of the admin guide in
#           /etc/sysctl.d, a user, and the guest's checks
#           (tests/vm/debian-guest, started by fcaps-guest.service after
#           multi-user.target), made an image by mke2fs -d
# --base makes the base layer alone (check-prepare-vm fetches it while the
# kernels build: it is the network's time, not the CPUs').
# Exit 0 with OUT made; 1 with the reason on stderr; 77 with the reason
# on stderr when it cannot be made here (no debootstrap or network, not
# root): the suite skips.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1
out=$1
suite=trixie
mirror=${FCAPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# systemd and what a Debian server has beside it; fcaps' run-time
# libraries by their trixie names (the .deb is built on this machine's
# Debian, whose names trixie's packages provide); curl and jq for the
# checks; apparmor's tools (aa-enabled, apparmor_parser)
PKGS="systemd systemd-sysv dbus udev apt netbase iputils-ping procps kmod
prometheus-node-exporter apparmor libcap2-bin curl jq
libcap2 libjson-c5 libarchive13t64 libext2fs2t64 libseccomp2 libssl3t64"
# the policy the recipe sets: the capabilities the suite's files ask for
# (chown 0, kill 5, net_bind_service 10, net_admin 12, net_raw 13,
# ipc_lock 14, sys_nice 23), not cap_sys_admin
MASK=0000000000807421

dir=$top/build/debian
mkdir -p "$dir" || exit 1
for c in debootstrap mke2fs dpkg-scanpackages flock; do
	command -v $c >/dev/null ||
		{ echo "no $c (scripts/deps.sh installs it)" >&2; exit 77; }
done
[ "$(id -u)" = 0 ] || { echo "not root (debootstrap, chroot)" >&2; exit 77; }

exec 9>"$dir/.lock"
flock 9

# ---- base ----------------------------------------------------------------
# the recipe: the suite, the packages and this section of this script
hash=$( (printf '%s\n' "$suite" "$PKGS"
	sed -n '/^# ---- base/,/^# ---- system/p' "$0") | sha256sum | cut -c1-12)
base=$dir/$suite-base-$hash.tar
if [ ! -s "$base" ]; then
	rm -rf "$dir/base.tmp"
	echo "  DEBOOTSTRAP $suite ($mirror)" >&2
	if ! timeout 900 debootstrap --variant=minbase \
		--include="$(echo $PKGS | tr ' ' ,)" "$suite" "$dir/base.tmp" \
		"$mirror" >"$dir/debootstrap.log" 2>&1; then
		echo "debootstrap of $suite from $mirror failed: $(tail -n1 "$dir/debootstrap.log")" >&2
		rm -rf "$dir/base.tmp"
		exit 77
	fi
	# fping, from the archive, for the guest's apt to install: its own
	# postinst gives it cap_net_raw+ep
	if ! chroot "$dir/base.tmp" sh -c 'cd /var/cache/apt/archives &&
		apt-get -q download fping' >>"$dir/debootstrap.log" 2>&1; then
		echo "apt-get download fping failed: $(tail -n1 "$dir/debootstrap.log")" >&2
		rm -rf "$dir/base.tmp"
		exit 77
	fi
	tar --xattrs --xattrs-include='*' -C "$dir/base.tmp" -cf "$base.new" . &&
		mv "$base.new" "$base" || exit 1
	rm -rf "$dir/base.tmp"
	# older bases are of other recipes
	find "$dir" -maxdepth 1 -name "$suite-base-*.tar" ! -name "${base##*/}" -delete
fi

[ "$out" = --base ] && exit 0

# ---- system --------------------------------------------------------------
# what the layer is made of: the base, the tree (what make deb packages:
# the files git knows) and the probe the checks copy
. "$top/tests/dh-sample.sh"
inputs=$( (echo "$base"; cat build/san/tests/runtime-probe
	git ls-files -co --exclude-standard 2>/dev/null |
		while IFS= read -r f; do [ -f "$f" ] && cat "$f"; done) |
	sha256sum | cut -c1-12)
img=$dir/$suite-system-$inputs.img
if [ ! -s "$img" ]; then
	# fcaps' packages, built here (not in build/deb/, which tests/deb.sh
	# rebuilds and removes)
	debs=$dir/deb
	if ! make --no-print-directory DEB_DIR="$debs" deb >"$dir/makedeb.log" 2>&1; then
		echo "make deb failed (see $dir/makedeb.log)" >&2
		exit 1
	fi
	fcaps_deb=$(ls "$debs"/fcaps_*.deb 2>/dev/null | head -n1)
	[ -f "$fcaps_deb" ] || { echo "make deb made no fcaps_*.deb" >&2; exit 1; }
	t=$dir/system.tmp
	rm -rf "$t"
	mkdir -p "$t/addon" "$t/root" || exit 1
	dh_addon "$t/addon" || exit 1
	for v in $DH_SAMPLE_VERSIONS; do
		dh_sample "$t/src-${v%%:*}" "${v%%:*}" "${v#*:}"
		if ! dh_sample_build "$t/src-${v%%:*}" "$t/addon" \
			"$top/setfcap/setfcap"; then
			echo "the sample ${v%%:*} does not build: $(tail -n1 "$t/src-${v%%:*}.log")" >&2
			exit 1
		fi
	done
	tar --xattrs --xattrs-include='*' -C "$t/root" -xf "$base" || exit 1
	r=$t/root
	# the repository: the sample's packages and fping, nothing else
	mkdir -p "$r/srv/fcaps-repo"
	cp "$t"/*.deb "$r"/var/cache/apt/archives/fping_*.deb \
		"$r/srv/fcaps-repo/" || exit 1
	rm -f "$r"/var/cache/apt/archives/*.deb
	(cd "$r/srv/fcaps-repo" && dpkg-scanpackages -m . 2>/dev/null >Packages) ||
		exit 1
	rm -f "$r"/etc/apt/sources.list "$r"/etc/apt/sources.list.d/*
	echo 'deb [trusted=yes] file:/srv/fcaps-repo ./' \
		>"$r/etc/apt/sources.list.d/fcaps-repo.list"
	rm -rf "$r"/var/lib/apt/lists/*
	cp "$fcaps_deb" "$r/tmp/fcaps.deb"
	if ! chroot "$r" dpkg -i /tmp/fcaps.deb >"$t/dpkg.log" 2>&1; then
		echo "dpkg -i $(basename "$fcaps_deb") in the $suite system failed: $(tail -n1 "$t/dpkg.log")" >&2
		exit 1
	fi
	rm -f "$r/tmp/fcaps.deb"
	chroot "$r" useradd -m -u 1000 -s /bin/sh fcaps || exit 1
	# apparmor ships ~100 profiles for programs a desktop may have;
	# loading them took apparmor.service 65 s under TCG.  Those whose
	# program this system lacks are disabled as an admin would
	# (/etc/apparmor.d/disable/), the others stay in force.
	for p in "$r"/etc/apparmor.d/*; do
		[ -f "$p" ] || continue
		b=${p##*/}
		u=$(echo "$b" | tr - _)
		for x in "$b" "$u"; do
			[ -e "$r/usr/bin/$x" ] || [ -e "$r/usr/sbin/$x" ] && continue 2
		done
		ln -s "/etc/apparmor.d/$b" "$r/etc/apparmor.d/disable/$b" || exit 1
	done
	echo fcaps-guest >"$r/etc/hostname"
	printf '/dev/vda / ext4 rw,errors=remount-ro 0 1\n' >"$r/etc/fstab"
	# the admin guide's recipe: the mask, then the lock, in files whose
	# names sort so (systemd-sysctl applies them in that order)
	cat >"$r/etc/sysctl.d/90-fcaps-mask.conf" <<EOF
# The capabilities a file may grant (doc/kernel.md, The policy)
kernel.fcaps.mask = $MASK
EOF
	cat >"$r/etc/sysctl.d/zz-fcaps-lock.conf" <<'EOF'
# Last of all sysctl.d files: no kernel.fcaps write after this one
kernel.fcaps.locked = 1
EOF
	g=$r/usr/local/lib/fcaps-guest
	mkdir -p "$g" || exit 1
	cp tests/tap.sh build/san/tests/runtime-probe "$g/" &&
	install -m 0755 tests/vm/debian-guest "$g/debian-guest" || exit 1
	echo "$MASK" >"$g/mask"
	cat >"$r/etc/systemd/system/fcaps-guest.service" <<'EOF'
[Unit]
Description=fcaps guest checks (TAP on ttyS1)
After=multi-user.target

[Service]
Type=exec
ExecStart=/usr/local/lib/fcaps-guest/debian-guest
StandardOutput=tty
StandardError=inherit
TTYPath=/dev/ttyS1

[Install]
WantedBy=multi-user.target
EOF
	ln -s /etc/systemd/system/fcaps-guest.service \
		"$r/etc/systemd/system/multi-user.target.wants/fcaps-guest.service" ||
		exit 1
	# the size: what it holds and 1 GiB to work in
	mb=$(( $(du -sm "$r" | cut -f1) + 1024 ))
	rm -f "$img.new"
	if ! mke2fs -q -t ext4 -L root -d "$r" "$img.new" "${mb}M" \
		>"$t/mke2fs.log" 2>&1; then
		echo "mke2fs -d failed: $(tail -n1 "$t/mke2fs.log")" >&2
		exit 1
	fi
	mv "$img.new" "$img" || exit 1
	rm -rf "$t"
	find "$dir" -maxdepth 1 -name "$suite-system-*.img" ! -name "${img##*/}" -delete
fi
cp --sparse=always "$img" "$out"
