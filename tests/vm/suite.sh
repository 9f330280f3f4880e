#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# suite.sh VERSION NAME: run the guest suite NAME of tests/vm/suites.tab on
# the VERSION kernel line (one of kernel/kver.sh's KERNEL_VERSIONS): its
# DRIVER (tests/vm/DRIVER.sh) with the image of its VARIANT and its ARGS.
# tests/tap-run.sh runs the suite vm/VERSION/NAME this way.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$top" || exit 1
[ $# -eq 2 ] || { echo "usage: tests/vm/suite.sh VERSION NAME" >&2; exit 2; }
KVER=$1 name=$2
. kernel/kver.sh
row=$(sed -e 's/#.*//' tests/vm/suites.tab |
	awk -v n="$name" '$1 == n { $1 = ""; print; exit }')
if [ -z "$row" ]; then
	echo "1..1"
	echo "not ok 1 - no suite $name in tests/vm/suites.tab"
	exit 1
fi
# shellcheck disable=SC2086
set -- $row
variant=$2 driver=$3
shift 3
case $variant in
stock|patched|fix) image=$kdir/$variant/bzImage ;;
nofcaps)	image=$kdir/patched/bzImage-nofcaps ;;
# Debian's own kernel of the line, which the driver fetches and installs
# (tests/vm/debian.sh: tests/vm/debian-image.sh --distro)
distro)		image=$kdir/distro/vmlinuz ;;
*)	echo "1..1"
	echo "not ok 1 - $name: unknown variant $variant in tests/vm/suites.tab"
	exit 1 ;;
esac
image=${image#"$top"/}
if [ ! -f "$image" ] && [ "$variant" != distro ]; then
	echo "1..1"
	echo "not ok 1 - $image missing (make kernel-$KVER-$variant)"
	exit 1
fi
# rows that boot the same program on the same kernel keep apart
FCAPS_VM_NAME=${FCAPS_VM_NAME:-$name}
export FCAPS_VM_NAME
exec sh "tests/vm/$driver.sh" "$image" "$@"
