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
#   patchdir  kernel/patches/$KVER: the series for that version
#   series    $patchdir/series: what the build scripts apply, in order
#   kdir      build/kernel (6.12) or build/kernel/$KVER: its object trees
#             and images (build/kernel/6.1/{stock,patched}/bzImage)
#   ktag      "" (6.12) or "-$KVER": a suffix for per-version names
# KERNEL_VERSIONS lists them all, the newest first.
KERNEL_VERSIONS="7.3 6.12 6.1"
KVER=${KVER:-6.12}
export KVER
apt_suite=
case $KVER in
6.12)	kdir=$top/build/kernel ktag= ;;
6.1)	kdir=$top/build/kernel/6.1 ktag=-6.1 ;;
7.3)	kdir=$top/build/kernel/7.3 ktag=-7.3 apt_suite=trixie-backports ;;
*)	echo "KVER=$KVER: the series exists for $KERNEL_VERSIONS" >&2; exit 2 ;;
esac
pristine=$top/build/linux-source-$KVER
tarball=/usr/src/linux-source-$KVER.tar.xz
patchdir=$top/kernel/patches/$KVER
series=$patchdir/series

# kver_of IMAGE: the version of a test kernel by where it was built (the
# version whose kdir is the longest prefix of IMAGE's directory), in kver;
# ktag as above.  Leaves KVER and the paths above alone.
kver_of() {
	case $1 in /*) _d=$(dirname "$1") ;; *) _d=$(dirname "$PWD/$1") ;; esac
	kver= _best=0
	for _v in $KERNEL_VERSIONS; do
		_k=$(KVER=$_v; . "$top/kernel/kver.sh" && echo "$kdir/")
		case $_d/ in
		"$_k"*)	[ ${#_k} -gt "$_best" ] && kver=$_v _best=${#_k} ;;
		esac
	done
	_t=$(KVER=${kver:-6.12}; . "$top/kernel/kver.sh" && echo "$ktag")
	ktag=$_t
	[ -n "$kver" ]
}
