# SPDX-License-Identifier: GPL-2.0-only
# Sourced, with $top set, by the scripts that fetch Debian packages the
# machine's own apt sources do not carry (kernel/unpack.sh: linux-source
# from trixie-backports; kernel/distro.sh: Debian's own linux-image of
# each line): one private apt configuration per suite, build/apt/SUITE,
# with its own sources list, lists, cache and an empty dpkg status.  The
# machine's sources, lists, preferences and installed packages are never
# read or touched.
#
# kapt_suite SUITE: use build/apt/SUITE (its path in kapt_dir) and write
#   its sources list: SUITE, and for a release (not a -backports suite)
#   also SUITE-updates and SUITE-security, where a stable release's newer
#   kernels land first (bookworm's 6.1.0-57 is in bookworm-security)
# kapt apt-get|apt-cache ARG...: that command under the configuration, one
#   at a time per suite (flock: apt's own locks fail at once instead of
#   waiting, and two scripts may fetch from one suite side by side)
# kapt_update: apt-get update, its output in $kapt_dir/update.log
mirror=${FCAPS_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security_mirror=${FCAPS_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

kapt_suite() {
	kapt_dir=$top/build/apt/$1
	mkdir -p "$kapt_dir/lists/partial" "$kapt_dir/cache/archives/partial" \
		"$kapt_dir/deb" && : >>"$kapt_dir/status" || return 1
	_key=/usr/share/keyrings/debian-archive-keyring.gpg
	{
		echo "deb [signed-by=$_key] $mirror $1 main"
		case $1 in
		*-*)	;;
		*)	echo "deb [signed-by=$_key] $mirror $1-updates main"
			echo "deb [signed-by=$_key] $security_mirror $1-security main" ;;
		esac
	} >"$kapt_dir/sources.list.new" &&
		mv "$kapt_dir/sources.list.new" "$kapt_dir/sources.list"
}

kapt() {
	_cmd=$1
	shift
	flock "$kapt_dir/.lock" "$_cmd" \
		-o Dir::Etc::SourceList="$kapt_dir/sources.list" \
		-o Dir::Etc::SourceParts=/dev/null \
		-o Dir::Etc::Preferences=/dev/null \
		-o Dir::Etc::PreferencesParts=/dev/null \
		-o Dir::State::Lists="$kapt_dir/lists" \
		-o Dir::Cache="$kapt_dir/cache" \
		-o Dir::State::status="$kapt_dir/status" \
		-o APT::Sandbox::User=root "$@"
}

kapt_update() {
	kapt apt-get -q update >"$kapt_dir/update.log" 2>&1
}
