# SPDX-License-Identifier: GPL-2.0-only
# kprobe.sh: what the running kernel does with the values the suites plant
# (sourced).  The host kernel is not ours: a suite that needs a value some
# kernels refuse to store plants it with plant(), which says whether the
# kernel stored it, and skips with a reason that names the kernel release
# and what it did.  Exact behaviour is proven in the guests.
#
# The probe (capxattr probe, run once by tests/tap-run.sh, or here when a
# suite runs alone) sets probe_KIND_{write,read,unpriv} for each kind:
# zero_length v1 unknown_flags oversized high_bits v3_rootid v3_rootid0.

# CAPX, the capxattr binary, is set by the sourcing suite.
probe_load() {
	[ -n "${probe_kernel:-}" ] && return 0
	if [ -n "${FCAPS_PROBE:-}" ] && [ -r "$FCAPS_PROBE" ]; then
		. "$FCAPS_PROBE"
	else
		_p=$("$CAPX" probe "${TMPDIR:-/tmp}") || return 1
		eval "$_p"
	fi
	[ -n "${probe_kernel:-}" ]
}

# kind_words KIND: the kind in words, for skip reasons
kind_words() {
	case $1 in
	zero_length) echo "a zero-length value" ;;
	v1) echo "a revision 1 value" ;;
	unknown_flags) echo "a value with unknown flag bits" ;;
	oversized) echo "an oversized value" ;;
	high_bits) echo "a value naming capability 63" ;;
	v3_rootid) echo "a v3 value for rootid 1000" ;;
	*) echo "a $1 value" ;;
	esac
}

# probed KIND OP: what the probe saw (ok, an errno name, none)
probed() { eval "echo \${probe_$1_$2:-unprobed}"; }

# plant KIND PATH: store KIND's bytes on PATH.  0: stored.  1: not stored,
# $plant_why says why: this kernel refuses it (as probed; skip), or the
# setup failed unexpectedly, which is also printed as a failed test.
plant() {
	plant_why=
	if ! probe_load; then
		plant_why="no kernel probe (not root, or capxattr missing)"
		n=$((n + 1))
		echo "not ok $n - setup: probe the kernel before planting $1"
		return 1
	fi
	_w=$(probed "$1" write)
	if _e=$("$CAPX" set "$2" "$1" 2>&1); then
		if [ "$_w" != ok ]; then
			n=$((n + 1))
			echo "not ok $n - setup: $(kind_words "$1") was stored on $2, but the probe saw $_w"
		fi
		return 0
	fi
	if [ "$_w" != ok ]; then
		plant_why="Linux $probe_kernel refuses $(kind_words "$1") from root ($_w)"
	else
		plant_why="setup failed: $_e"
		n=$((n + 1))
		echo "not ok $n - setup: plant $(kind_words "$1") on $2: $_e"
	fi
	return 1
}

# skip_n COUNT DESC WHY: COUNT skipped tests
skip_n() {
	_i=0
	while [ $_i -lt "$1" ]; do
		_i=$((_i + 1))
		n=$((n + 1))
		echo "ok $n - $2 ($_i of $1) # SKIP $3"
	done
}
