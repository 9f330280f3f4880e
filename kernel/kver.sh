# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the kernel scripts and the guest suites (with $top set): the
# one map of kernel versions.  KVER selects the version, 6.12 (the
# default), 7.3 or 6.1, and names its paths:
#   pristine  build/linux-source-$KVER, Debian's tree unpacked as is
#   tarball   where Debian's linux-source-$KVER package puts the sources
#   apt_suite ""  the machine's own sources carry the package (deps.sh
#                 installs it), or a Debian suite the machine does not use
#                 (trixie-backports for 7.3): kernel/unpack.sh downloads
#                 the package from there under a private apt configuration
#   distro_suite  the Debian suite whose own linux-image of the line the
#                 Debian guest also boots (kernel/distro.sh fetches the
#                 newest, with the suite's -updates and -security): 6.1
#                 from bookworm, 6.12 from trixie, 7.3 from trixie-backports
#   patchdir  kernel/patches/$KVER: that version's two series, fix/ (the
#             fix for stable) and policy/ (the RFC on top of it), each
#             with its own series file and cover letter
#   series    $patchdir/series: what the build scripts apply, in order
#             (fix/ entries, then policy/ entries)
#   kdir      build/kernel (6.12) or build/kernel/$KVER: its object trees
#             and images (build/kernel/6.1/{stock,patched}/bzImage)
#   ktag      "" (6.12) or "-$KVER": a suffix for per-version names
# KERNEL_VERSIONS lists them all, the newest first.
KERNEL_VERSIONS="7.3 6.12 6.1"
KVER=${KVER:-6.12}
export KVER
# kver_line VERSION: that line's kdir, ktag, apt_suite and distro_suite in
# _kdir, _ktag, _apt and _dist; fails for a version that is no line
kver_line() {
	_apt=
	case $1 in
	6.12)	_kdir=$top/build/kernel _ktag= _dist=trixie ;;
	6.1)	_kdir=$top/build/kernel/6.1 _ktag=-6.1 _dist=bookworm ;;
	7.3)	_kdir=$top/build/kernel/7.3 _ktag=-7.3 _apt=trixie-backports
		_dist=trixie-backports ;;
	*)	return 1 ;;
	esac
}
kver_line "$KVER" ||
	{ echo "KVER=$KVER: the series exists for $KERNEL_VERSIONS" >&2; exit 2; }
kdir=$_kdir ktag=$_ktag apt_suite=$_apt distro_suite=$_dist
pristine=$top/build/linux-source-$KVER
tarball=/usr/src/linux-source-$KVER.tar.xz
patchdir=$top/kernel/patches/$KVER
series=$patchdir/series

# series_entries FILE: the entries of a series file, in order (comments
# and blank lines left out)
series_entries() {
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$1"
}
# fix_count: how many of $series's first entries are the fix series (the
# entries of fix/series, as fix/NAME); fails, saying why, when there is
# no fix/series or $series does not start with it
fix_count() {
	[ -f "$patchdir/fix/series" ] ||
		{ echo "kernel: no $patchdir/fix/series" >&2; return 1; }
	_fix=$(series_entries "$patchdir/fix/series" | sed 's|^|fix/|')
	_n=$(printf '%s\n' "$_fix" | grep -c .)
	[ "$(series_entries "$series" | head -n "$_n")" = "$_fix" ] || {
		echo "kernel: $series does not start with fix/series" >&2
		return 1
	}
	echo "$_n"
}

# kver_of IMAGE: the version of a test kernel by where it was built (the
# line whose kdir is the longest prefix of IMAGE's directory) in kver, and
# that line's ktag in ktag.  Leaves KVER and the other paths above alone.
kver_of() {
	case $1 in /*) _d=$(dirname "$1") ;; *) _d=$(dirname "$PWD/$1") ;; esac
	kver= _best=0 _tag=
	for _v in $KERNEL_VERSIONS; do
		kver_line "$_v"
		case $_d/ in
		"$_kdir/"*)
			[ ${#_kdir} -gt "$_best" ] &&
				kver=$_v _best=${#_kdir} _tag=$_ktag ;;
		esac
	done
	ktag=$_tag
	[ -n "$kver" ]
}
