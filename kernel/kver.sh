# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the kernel scripts (with $top set): KVER selects the kernel
# version, 6.12 (the default) or 6.1, and names its paths:
#   pristine  build/linux-source-$KVER, Debian's tree unpacked as is
#   patchdir  kernel/patches/$KVER: the series for that version
#   series    $patchdir/series: what the build scripts apply, in order
#   kdir      build/kernel (6.12) or build/kernel/6.1: its object trees
#             and images (build/kernel/6.1/{stock,patched}/bzImage)
KVER=${KVER:-6.12}
export KVER
case $KVER in
6.12)	kdir=$top/build/kernel ;;
6.1)	kdir=$top/build/kernel/6.1 ;;
*)	echo "KVER=$KVER: the series exists for 6.12 and 6.1" >&2; exit 2 ;;
esac
pristine=$top/build/linux-source-$KVER
patchdir=$top/kernel/patches/$KVER
series=$patchdir/series
