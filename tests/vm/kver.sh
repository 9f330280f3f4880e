# SPDX-License-Identifier: GPL-2.0-only
# Sourced by the guest suites.  fcaps_kver KERNEL: the version of a test
# kernel by where it was built (build/kernel/6.1/...: 6.1, else 6.12) in
# kver, kver_tag (a suffix for work directories: "" or "-6.1") and kver_dir
# ("" or "6.1": where that tree's guest programs are under
# build/static/tests/vm/).
fcaps_kver() {
	case $1 in
	build/kernel/6.1/*|*/build/kernel/6.1/*)
		kver=6.1 kver_tag=-6.1 kver_dir=6.1 ;;
	*)	kver=6.12 kver_tag= kver_dir= ;;
	esac
}
