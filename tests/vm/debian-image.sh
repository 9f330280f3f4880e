#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# debian-image.sh OUT | --distro OUT | --base | --kernels: the Debian 13
# (trixie) system that the debian guest suites boot (tests/vm/debian.sh),
# as a raw ext4 image of its root file system, copied (sparse) to OUT.
# Layers, each cached under build/debian/ and rebuilt when what it is made
# of changes; suites that run side by side wait for each other here
# (flock), not build twice:
#   base    debootstrap --variant=minbase of trixie from Debian's archive
#           with $PKGS, as a tar named after the recipe's hash
#   kernels Debian's own linux-image of every line (kernel/distro.sh
#           fetches them: 6.1 from bookworm, 6.12 from trixie, 7.3 from
#           trixie-backports) installed into a copy of the base by dpkg,
#           whose initramfs-tools makes each one's initramfs; their /boot
#           and trimmed /usr/lib/modules kept as a tar
#   system  the base with fcaps' own .deb (make deb) installed by dpkg, a
#           local apt repository in /srv/fcaps-repo (fping from the
#           archive; the dh-sequence-fcaps sample in two versions), the
#           kernel.fcaps policy recipe of the admin guide in
#           /etc/sysctl.d, a user, and the guest's checks
#           (tests/vm/debian-guest, started by fcaps-guest.service after
#           multi-user.target), made an image by mke2fs -d
#   distro  (--distro) the system with the kernels layer and
#           tests/vm/guard-guest, which fcaps-guest.service runs instead:
#           debian-guest's checks, then the guard's; each line's Debian
#           kernel and initramfs are put at build/kernel/.../distro/
#           (vmlinuz, initrd.img) for debian.sh to boot
# The distro image is a layer of its own, not the system image with the
# kernels added, so that the boots of our kernels neither copy nor scan
# (fsck-check /) the stock kernels' 5,000 module files; it is made from
# the same tree as the system image, in the same build when the kernels
# layer is there by then (make check fetches it while the kernels build).
# --base makes the base layer alone and --kernels the base and kernels
# layers (check-prepare-vm runs it while the kernels build: it is mostly
# the network's time, not the CPUs').
# Exit 0 with OUT made; 1 with the reason on stderr; 77 with the reason
# on stderr when it cannot be made here (no debootstrap or network, not
# root): the suite skips.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1
mode=system
case $1 in
--base|--kernels)	mode=${1#--} out= ;;
--distro)	mode=distro out=$2 ;;
*)		out=$1 ;;
esac
suite=trixie
mirror=${FCAPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
# systemd and what a Debian server has beside it; fcaps' run-time
# libraries by their trixie names (the .deb is built on this machine's
# Debian, whose names trixie's packages provide); curl and jq for the
# checks; apparmor's tools (aa-enabled, apparmor_parser); what Debian's
# own kernels are installed with (initramfs-tools, linux-base) and what
# the guard's checks use (bpftool)
PKGS="systemd systemd-sysv dbus udev apt netbase iputils-ping procps kmod
prometheus-node-exporter apparmor libcap2-bin curl jq
libcap2 libjson-c5 libyaml-0-2 libarchive13t64 libext2fs2t64 libseccomp2 libssl3t64
libbpf1 initramfs-tools linux-base bpftool"
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
	sed -n '/^# ---- base/,/^# ---- kernels/p' "$0") | sha256sum | cut -c1-12)
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

[ "$mode" = base ] && exit 0

# ---- kernels -------------------------------------------------------------
# Debian's own kernels as an admin installs them: dpkg in a copy of the
# base, whose initramfs-tools makes each one's initramfs.  MODULES=list
# with what a virtio disk and ext4 need (the default, most, packs every
# storage driver, many MB for TCG to unpack at each boot; dep would look
# at this machine, not the guest's); gzip, which every line unpacks.
# Module directories that no guest reaches (sound, graphics, media,
# wireless, Bluetooth, InfiniBand, USB, SCSI and ATA, staging, ...: the
# disk is virtio) are removed between dpkg's unpack and its configure,
# before depmod and the initramfs.
. kernel/kver.sh
KDROP="sound drivers/gpu drivers/media drivers/net/wireless
drivers/net/ethernet drivers/net/usb drivers/net/wwan drivers/net/can
drivers/infiniband drivers/staging drivers/iio drivers/comedi drivers/isdn
drivers/bluetooth drivers/usb drivers/hid drivers/hwmon drivers/mtd
drivers/target drivers/input/joystick drivers/input/touchscreen
drivers/scsi drivers/ata drivers/nvme drivers/mmc drivers/video
net/wireless net/mac80211 net/bluetooth"
KMODULES="virtio_pci virtio_blk ext4 crc32c"
# kernels_layer [--cached]: the layer's tar in ktar, made if missing, of
# the packages kernel/distro.sh fetched now (or, --cached, before); 77
# and the reason on stderr when a line's cannot be fetched
kernels_layer() {
	kdebs=
	for v in $KERNEL_VERSIONS; do
		l=$(KVER=$v sh kernel/distro.sh "$@" 2>"$dir/distro.log") ||
			{ echo "Debian's $v kernel: $(tail -n1 "$dir/distro.log")" >&2; return 77; }
		kdebs="$kdebs $l"
	done
	khash=$( (echo "$base" $kdebs
		sed -n '/^# ---- kernels/,/^# ---- system/p' "$0") |
		sha256sum | cut -c1-12)
	ktar=$dir/$suite-kernels-$hash-$khash.tar
	[ -s "$ktar" ] && return 0
	k=$dir/kernels.tmp
	rm -rf "$k"
	mkdir -p "$k" || return 1
	tar --xattrs --xattrs-include='*' -C "$k" -xf "$base" &&
		mkdir -p "$k/tmp/kernels" && cp $kdebs "$k/tmp/kernels/" || return 1
	echo "  DPKG linux-image ($(cd "$k/tmp/kernels" && ls | sed 's/_.*//' | paste -sd' '))" >&2
	sed -i -e 's/^MODULES=.*/MODULES=list/' -e 's/^#* *COMPRESS=.*/COMPRESS=gzip/' \
		"$k/etc/initramfs-tools/initramfs.conf" &&
		printf '%s\n' $KMODULES >>"$k/etc/initramfs-tools/modules" || return 1
	# first what a suite's kernels need newer than the base has (7.3's
	# linux-base, a pre-dependency), then the kernels (their packages'
	# names carry the flavour, amd64); no fsync per file (unsafe-io): the
	# tree is a scratch copy
	if ! chroot "$k" sh -c 'cd /tmp/kernels && set -- $(ls | grep -v "^[^_]*amd64")
		{ [ $# = 0 ] || dpkg --force-unsafe-io -i "$@"; } &&
		dpkg --force-unsafe-io --unpack $(ls | grep "^[^_]*amd64")' \
		>"$dir/kernels.log" 2>&1; then
		echo "dpkg --unpack of Debian's kernels failed: $(tail -n1 "$dir/kernels.log")" >&2
		return 1
	fi
	for m in "$k"/usr/lib/modules/*/kernel; do
		for d in $KDROP; do rm -rf "${m:?}/$d"; done
	done
	if ! chroot "$k" dpkg --force-unsafe-io --configure -a \
		>>"$dir/kernels.log" 2>&1; then
		echo "dpkg --configure of Debian's kernels failed: $(tail -n1 "$dir/kernels.log")" >&2
		return 1
	fi
	rm -rf "$k/tmp/kernels"
	tar --xattrs --xattrs-include='*' -C "$k" -cf "$ktar.new" ./boot \
		./usr/lib/modules ./etc/initramfs-tools && mv "$ktar.new" "$ktar" ||
		return 1
	rm -rf "$k"
	find "$dir" -maxdepth 1 -name "$suite-kernels-*.tar" ! -name "${ktar##*/}" -delete
}
ktar=
case $mode in
kernels)	kernels_layer; exit ;;
distro)		kernels_layer --cached || exit ;;
*)		ktar=$(ls "$dir/$suite-kernels-$hash"-*.tar 2>/dev/null | head -n1) ;;
esac

# ---- system --------------------------------------------------------------
# what the layer is made of: the base, the tree (what make deb packages:
# the files git knows) and the programs the checks copy; the distro
# image, also the kernels layer
. "$top/tests/dh-sample.sh"
inputs=$( (echo "$base"; cat build/san/tests/runtime-probe \
	build/static/tests/capxattr build/static/tests/noisy \
	build/static/demo/oracle-sim
	git ls-files -co --exclude-standard 2>/dev/null |
		while IFS= read -r f; do [ -f "$f" ] && cat "$f"; done) |
	sha256sum | cut -c1-12)
img=$dir/$suite-system-$inputs.img
dimg=
if [ -n "$ktar" ]; then
	kh=${ktar##*-}
	dimg=$dir/$suite-distro-$inputs-${kh%.tar}.img
fi
# mkimg TREE IMAGE: TREE as an ext4 image of its size and 1 GiB to work in
mkimg() {
	mb=$(( $(du -sm "$1" | cut -f1) + 1024 ))
	rm -f "$2.new"
	if ! mke2fs -q -t ext4 -L root -d "$1" "$2.new" "${mb}M" \
		>"$t/mke2fs.log" 2>&1; then
		echo "mke2fs -d failed: $(tail -n1 "$t/mke2fs.log")" >&2
		return 1
	fi
	mv "$2.new" "$2"
}
if [ ! -s "$img" ] || { [ -n "$dimg" ] && [ ! -s "$dimg" ]; }; then
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
	if [ ! -s "$img" ]; then
		mkimg "$r" "$img" || exit 1
		find "$dir" -maxdepth 1 -name "$suite-system-*.img" \
			! -name "${img##*/}" -delete
	fi
	# ---- distro ----------------------------------------------------------
	# the system, Debian's kernels, and the checks of the guard after
	# debian-guest's (the unit runs guard-guest, which runs both)
	if [ -n "$dimg" ]; then
		tar --xattrs --xattrs-include='*' -C "$r" -xf "$ktar" &&
		install -m 0755 tests/vm/guard-guest build/static/tests/capxattr \
			build/static/tests/noisy build/static/demo/oracle-sim \
			"$g/" &&
		mkdir -p "$r/etc/systemd/system/fcaps-guest.service.d" || exit 1
		cat >"$r/etc/systemd/system/fcaps-guest.service.d/guard.conf" <<'EOF'
[Service]
ExecStart=
ExecStart=/usr/local/lib/fcaps-guest/guard-guest
EOF
		mkimg "$r" "$dimg" || exit 1
		find "$dir" -maxdepth 1 -name "$suite-distro-*.img" \
			! -name "${dimg##*/}" -delete
	fi
	rm -rf "$t"
fi
[ "$mode" = system ] && exec cp --sparse=always "$img" "$out"
# each line's Debian kernel and initramfs where debian.sh boots them
# ($kdir/distro/), from the layer the image was made with
rm -rf "$dir/boot.tmp"
mkdir -p "$dir/boot.tmp" &&
	tar -C "$dir/boot.tmp" -xf "$ktar" ./boot || exit 1
for v in $KERNEL_VERSIONS; do
	kver_line "$v"
	for f in "$dir/boot.tmp/boot/vmlinuz-$v".*; do
		[ -f "$f" ] || continue
		rel=${f##*/vmlinuz-}
		mkdir -p "$_kdir/distro" &&
		mv "$f" "$_kdir/distro/vmlinuz.new" &&
		mv "$dir/boot.tmp/boot/initrd.img-$rel" "$_kdir/distro/initrd.img.new" &&
		mv "$_kdir/distro/vmlinuz.new" "$_kdir/distro/vmlinuz" &&
		mv "$_kdir/distro/initrd.img.new" "$_kdir/distro/initrd.img" ||
			exit 1
	done
done
rm -rf "$dir/boot.tmp"
cp --sparse=always "$dimg" "$out"
