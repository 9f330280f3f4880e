#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=6.1] kernel/build.sh NAME [NPATCHES]
#
# Build one kernel out of tree from Debian's linux-source-$KVER (6.12 by
# default, or 6.1: kernel/kver.sh) with kernel/patches/$KVER, whose series
# lists the fix series (fix/) and then the policy series (policy/); $K
# below is build/kernel for 6.12 and build/kernel/6.1 for 6.1:
#   stock        the unpacked tree as is        -> $K/stock/bzImage
#   patched      every patch in the series      -> $K/patched/bzImage
#   fix          the fix series alone (the      -> $K/fix/bzImage
#                first entries of series, as
#                many as fix/series lists)
#   bisect-N     the first N patches (NPATCHES) -> $K/bisect/bzImage-N
# Config: tinyconfig + kernel/config/fcaps.config + fcaps-$KVER.config (if
# any: symbols an older line names otherwise, /proc/sys is PROC_SYSCTL on
# 6.12 and 6.1, SYSCTL from 7.3 on) + debian.config (on a line that
# tests/vm/suites.tab boots the Debian guest on) (+ $EXTRA_CONFIG if set).
# Incremental: sources are copied (hard links) once per patch set, object trees are kept;
# files touched by the old or the new patch set are re-dated so make sees them.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
name=$1
. "$top/kernel/kver.sh"
frag=$top/kernel/config/fcaps.config
# the symbols whose name differs by line, where a line has any
vfrag=$top/kernel/config/fcaps-$KVER.config
[ -f "$vfrag" ] || vfrag=
# the Debian guest's part, on the lines tests/vm/suites.tab boots it on
# on a kernel built here (not on Debian's own: the distro rows)
boots=$(awk -v lines="$KVER" -v driver=debian -v built=1 \
	-f "$top/tests/vm/suites.awk" "$top/tests/vm/suites.tab") || exit 1
dfrag=
[ -n "$boots" ] && dfrag=$top/kernel/config/debian.config
jobs=${JOBS:-$(nproc)}

sh "$top/kernel/unpack.sh"

patches() {	# the first $1 patches of the series, as paths
	[ -f "$series" ] || return 0
	series_entries "$series" | head -n "$1" |
		while read -r p; do echo "$patchdir/$p"; done
}

case $name in
stock)		n=0; src=$pristine; obj=$kdir/stock-obj
		out=$kdir/stock/bzImage ;;
patched)	n=100000; src=$kdir/patched-src
		obj=$kdir/patched-obj
		out=$kdir/patched/bzImage ;;
fix)		n=$(fix_count) || exit 1
		src=$kdir/fix-src
		obj=$kdir/fix-obj
		out=$kdir/fix/bzImage ;;
bisect)		n=$2; src=$kdir/bisect-src
		obj=$kdir/bisect-obj
		out=$kdir/bisect/bzImage-$n ;;
*)		echo "usage: $0 stock|patched|fix|bisect N" >&2; exit 2 ;;
esac
[ -n "${OBJ_SUFFIX:-}" ] && { obj=$obj-$OBJ_SUFFIX; out=$out-$OBJ_SUFFIX; }

# --- source tree -------------------------------------------------------
if [ "$src" != "$pristine" ]; then
	list=$(patches "$n")
	want=$( (echo "$n"; for p in $list; do cat "$p"; done) | sha256sum | cut -d' ' -f1)
	stamp=$src/.fcaps-applied
	if [ ! -f "$stamp" ] || [ "$(head -n1 "$stamp")" != "$want" ]; then
		old_files=
		[ -f "$stamp" ] && old_files=$(tail -n +2 "$stamp")
		echo "  COPY $src"
		rm -rf "$src"
		mkdir -p "$(dirname "$src")"
		# hard links (15 s and 1.7 GB less per tree): patch writes
		# each file it changes anew, and nothing else writes here
		cp -al "$pristine" "$src" 2>/dev/null ||
			{ rm -rf "$src"; cp -a "$pristine" "$src"; }
		new_files=
		for p in $list; do
			echo "  PATCH $(basename "$p")"
			patch -s -p1 -d "$src" < "$p"
			new_files="$new_files $(sed -n 's|^+++ b/||p' "$p")"
		done
		# Re-date every file the old or new set touched (incl. reverted)
		# as a copy of its own, never through a link to the pristine tree.
		for f in $old_files $new_files; do
			[ -f "$src/$f" ] || continue
			cp "$src/$f" "$src/$f.fcaps-new" &&
				mv -f "$src/$f.fcaps-new" "$src/$f"
		done
		{ echo "$want"; for f in $old_files $new_files; do echo "$f"; done | sort -u; } > "$stamp"
	fi
fi

# --- config ------------------------------------------------------------
cc=gcc
command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
# ccache's default direct mode preprocesses a miss twice (once to hash, once
# to compile); a cold make check is all misses.  Depend mode hashes the
# sources and takes the headers from the compiler's own -MD output, which
# kbuild asks for on every object: `make fs/ mm/` of the 6.12 config from an
# empty cache took 95-111 s bare, 158-174 s in direct mode, 108-118 s here.
# Depend mode never sees a file an assembler source .incbin's (direct mode
# refuses to cache such a source): the image's check below.
export CCACHE_DEPEND="${CCACHE_DEPEND:-1}"
# A patched tree (patched, bisect) is built, where root may, with its
# sources bound over the pristine tree's path in a private mount namespace.
# kbuild's saved command lines then name the same source path in every
# object tree, so a new tree can start as a copy of stock's and rebuild only
# what the patches change (the series touches a few files under security/
# and fs/: tens of objects instead of a thousand).  Without that privilege
# the tree is built from its own path, from scratch.
bind=
if [ "$src" != "$pristine" ] && [ "$(id -u)" = 0 ] &&
   unshare -m true 2>/dev/null; then
	bind=y
fi
mk() {
	if [ -n "$bind" ]; then
		unshare -m sh -c 'mount --bind "$1" "$2" && shift 2 &&
			exec make -s -C "$@"' sh "$src" "$pristine" \
			"$pristine" O="$obj" CC="$cc" HOSTCC=gcc -j"$jobs" "$@"
	else
		make -s -C "$src" O="$obj" CC="$cc" HOSTCC=gcc -j"$jobs" "$@"
	fi
}
# A new object tree starts as a copy of the nearest built one, and kbuild's
# per-symbol dependencies rebuild only what differs; the copy is configured
# anew below, since its fragments or patches differ from the seed's.
#   - a bound tree of a variant: stock's tree of the same variant (for
#     bench, lockdep off: only the series' files differ);
#   - any other variant: its base tree (for nofcaps, a few files);
#   - a bound tree: stock's tree (only the series' files differ).
stock_obj=$kdir/stock-obj
base_obj=${obj%-"${OBJ_SUFFIX:-}"}
seed=
if [ ! -d "$obj" ]; then
	if [ -n "$bind" ] && [ -n "${OBJ_SUFFIX:-}" ] &&
	   [ -f "$stock_obj-$OBJ_SUFFIX/vmlinux" ]; then
		seed=$stock_obj-$OBJ_SUFFIX
	elif [ -n "${OBJ_SUFFIX:-}" ] && [ -f "$base_obj/.config" ]; then
		seed=$base_obj
	elif [ -n "$bind" ] && [ -f "$stock_obj/vmlinux" ]; then
		seed=$stock_obj
	fi
fi
if [ -n "$seed" ]; then
	echo "  SEED $obj from $(basename "$seed")"
	cp -a "$seed" "$obj"
fi
mkdir -p "$obj" "$(dirname "$out")"
# Configured anew when a fragment or the applied patches change: a patch
# may add a symbol (a bisect tree goes through every prefix).
# the fragments, in the order they are merged (the arguments are read)
set -- "$frag" ${vfrag:+"$vfrag"} ${dfrag:+"$dfrag"} \
	${EXTRA_CONFIG:+"$EXTRA_CONFIG"}
cfg_in=$( (cat "$@"; echo "${want:-}") | sha256sum | cut -d' ' -f1)
if [ ! -f "$obj/.config" ] || [ "$(cat "$obj/.fcaps-config" 2>/dev/null)" != "$cfg_in" ]; then
	echo "  CONFIG $KVER $name"
	mk tinyconfig >/dev/null
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"$@" >/dev/null
	mk olddefconfig >/dev/null
	echo "$cfg_in" > "$obj/.fcaps-config"
fi
# Every symbol the fragments ask for must be in effect: one silently dropped
# by kconfig (a missing dependency, a misspelt name) fails the build.  A
# symbol the tree lacks is excused only when the series defines it (stock,
# fix and a short bisect prefix have no CONFIG_SECURITY_FILE_CAPABILITIES).
series_syms=$(cat "$top"/kernel/patches/*/*/*.patch 2>/dev/null |
	sed -n 's/^+config \([A-Za-z0-9_]*\).*/CONFIG_\1/p')
bad=$(for f in "$@"; do
	sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)/\1/p' \
	    -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1=n/p' "$f" |
	while IFS= read -r line; do
		sym=${line%%=*}
		# the extra fragment overrides the base one
		[ "$f" = "$frag" ] && [ -n "${EXTRA_CONFIG:-}" ] &&
			grep -q "$sym[= ]" "$EXTRA_CONFIG" && continue
		case $line in
		*=n)	{ grep -qx "# $sym is not set" "$obj/.config" ||
			  ! grep -q "^$sym=" "$obj/.config"; } && continue ;;
		*)	grep -qx "$line" "$obj/.config" && continue ;;
		esac
		if ! grep -rqx "config ${sym#CONFIG_}" "$src" --include='Kconfig*'; then
			echo "$series_syms" | grep -qx "$sym" && continue
			echo "  $line (no such symbol in this tree)"
			continue
		fi
		echo "  $line (have: $(grep -E "^(# )?$sym[= ]" "$obj/.config" || echo unset))"
	done
done)
if [ -n "$bad" ]; then
	echo "kernel/build.sh: $name: requested but not in effect in $obj/.config:" >&2
	echo "$bad" >&2
	rm -f "$obj/.fcaps-config"	# reconfigure next time
	exit 1
fi

# --- build -------------------------------------------------------------
echo "  KBUILD $KVER $name"
start=$(date +%s)
# objtool embeds its output path, so a seeded tree rebuilds it, and on 6.1
# every object names objtool as a prerequisite (gen_objtooldep): the whole
# tree would be recompiled for a binary that differs only in that path.
# Build it first and give it the seed's date, unless the patches touch it
# (the stamp lists the files they touch).
if [ -n "$seed" ] && [ -x "$seed/tools/objtool/objtool" ] &&
   ! grep -qs '^tools/objtool/' "$src/.fcaps-applied"; then
	mk prepare >/dev/null
	# all of its build, or make relinks the binary (its objects newer)
	[ -x "$obj/tools/objtool/objtool" ] &&
		find "$obj/tools/objtool" -exec touch -h \
			-r "$seed/tools/objtool/objtool" {} +
fi
# ccache in depend mode does not see what an assembler file .incbin's:
# the image's piggy.S names only the compressed kernel's length, so a
# variant whose compressed kernel has the length of one built before got
# that one's piggy.o from the cache, and its bzImage booted the other
# kernel (6.1's fix and stock, 2,551,195 bytes each: the guests caught
# it).  So the image must carry the kernel just linked, byte for byte,
# or its piggy.o is made again without the cache.
piggy=$obj/arch/x86/boot/compressed/piggy
carries() {
	payload=$obj/$(sed -n 's/^\.incbin "\(.*\)"$/\1/p' "$piggy.S")
	objcopy -O binary --only-section=.rodata..compressed "$piggy.o" \
		"$obj/.fcaps-payload" && cmp -s "$obj/.fcaps-payload" "$payload"
}
mk bzImage
if ! carries; then
	echo "  ${piggy#$top/}.o: another kernel's, from the cache: made again"
	rm -f "$piggy.o"
	(export CCACHE_DISABLE=1; mk bzImage)
	carries || {
		echo "kernel/build.sh: $name: $obj/arch/x86/boot/bzImage does not carry the kernel just linked ($payload)" >&2
		exit 1
	}
fi
cp "$obj/arch/x86/boot/bzImage" "$out"
cp "$obj/.config" "$out.config"
echo "  BZIMAGE ${out#$top/} ($(( $(date +%s) - start ))s)"
