#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# [KVER=6.1] kernel/compile-test.sh: make kernel-compile-test (both
# versions, one after the other).
#
# After each patch of the series (0: the unpatched tree), build the objects
# the series touches or affects (security/, fs/xattr.o, fs/overlayfs/,
# kernel/audit*.o) with W=1 (and its kernel-doc check on the files the
# patch touches) under x86_64 defconfig plus
# kernel/config/compile-test.config (with IMA and EVM, whose
# security/integrity/ is among the objects built), in three variants:
#   fcaps    CONFIG_SECURITY_FILE_CAPABILITIES=y
#   nofcaps  CONFIG_SECURITY_FILE_CAPABILITIES=n
#   noaudit  CONFIG_AUDIT=n
# Every compile's warnings are kept per object (a CC wrapper); after each
# step the set of warnings, line numbers dropped, must be a subset of the
# unpatched tree's set in the same variant.  A new warning or a failed
# build fails.  Incremental: one source tree patched step by step, one
# object tree per variant, ccache.  Not in make check (minutes to an hour
# on 2 cores); run it before submitting kernel changes.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/kernel/kver.sh"
work=$kdir/compile-test
src=$work/src
frag=$top/kernel/config/compile-test.config
jobs=${JOBS:-$(nproc)}
variants=${VARIANTS:-fcaps nofcaps noaudit}

sh "$top/kernel/unpack.sh"
mkdir -p "$work"
list=$(series_entries "$series")
n=$(printf '%s\n' "$list" | wc -l)

# The wrapper: compile, and keep this object's warnings beside it.
wrap=$work/cc-keep-warnings
cat > "$wrap" <<'EOW'
#!/bin/sh
o=
prev=
for a; do
	[ "$prev" = -o ] && o=$a
	prev=$a
done
err=$(mktemp)
cc=gcc
command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
export CCACHE_DEPEND="${CCACHE_DEPEND:-1}"	# as in build.sh
$cc "$@" 2>"$err"
rc=$?
cat "$err" >&2
case $o in
*.o) grep 'warning:' "$err" > "$o.warnings" || true ;;
esac
rm -f "$err"
exit $rc
EOW
chmod 755 "$wrap"

echo "  COPY $src"
rm -rf "$src"
cp -a "$pristine" "$src"

mk() {	# VARIANT ARGS...
	v=$1; shift
	make -s -C "$src" O="$work/obj-$v" CC="$wrap" HOSTCC=gcc -j"$jobs" \
		"$@"
}

configure() {	# VARIANT: a fresh object tree, unless its inputs are the same
	v=$1
	obj=$work/obj-$v
	extra=$work/$v.config
	case $v in
	fcaps)   : > "$extra" ;;
	nofcaps) echo '# CONFIG_SECURITY_FILE_CAPABILITIES is not set' > "$extra" ;;
	noaudit) # AppArmor selects AUDIT
		printf '%s\n' '# CONFIG_AUDIT is not set' \
			'# CONFIG_SECURITY_APPARMOR is not set' > "$extra" ;;
	esac
	want=$(cat "$frag" "$extra" | sha256sum | cut -d' ' -f1)
	if [ "$(cat "$obj/.fcaps-config" 2>/dev/null)" = "$want" ]; then
		# same configuration: forget the warnings of the last run
		find "$obj" -name '*.o.warnings' -delete
		find "$obj/security" "$obj/fs" "$obj/kernel" -name '*.o' \
			-delete 2>/dev/null || true
		merge "$v"
		return 0
	fi
	rm -rf "$obj"
	mkdir -p "$obj"
	mk "$v" defconfig >/dev/null
	merge "$v"
	echo "$want" > "$obj/.fcaps-config"
}

# The fragments again, after a patch: a symbol the patch adds (the series'
# own Kconfig symbol) must get the variant's value, not its default.
merge() {	# VARIANT
	"$src/scripts/kconfig/merge_config.sh" -m -O "$work/obj-$1" \
		"$work/obj-$1/.config" "$frag" "$work/$1.config" >/dev/null
	mk "$1" olddefconfig >/dev/null
}

# What the variant is about must be in effect (where the symbol exists).
check_config() {	# VARIANT
	c=$work/obj-$1/.config
	case $1 in
	nofcaps) bad=$(grep -x 'CONFIG_SECURITY_FILE_CAPABILITIES=y' "$c" || :) ;;
	noaudit) bad=$(grep -x 'CONFIG_AUDIT=y' "$c" || :) ;;
	*)	bad=$(grep -x '# CONFIG_SECURITY_FILE_CAPABILITIES is not set' \
			"$c" || :) ;;
	esac
	# and the integrity modules that read security.capability
	for sym in CONFIG_IMA CONFIG_EVM; do
		grep -qx "$sym=y" "$c" || bad="$bad $sym not y"
	done
	if [ -n "$bad" ]; then
		echo "kernel-compile-test: $1: $bad in its configuration" >&2
		exit 1
	fi
}

targets() {	# VARIANT: what to build
	t="security/ fs/xattr.o fs/overlayfs/"
	if grep -q '^CONFIG_AUDIT=y' "$work/obj-$1/.config"; then
		t="$t kernel/audit.o kernel/auditfilter.o kernel/audit_watch.o"
		t="$t kernel/audit_fsnotify.o kernel/audit_tree.o"
		grep -q '^CONFIG_AUDITSYSCALL=y' "$work/obj-$1/.config" &&
			t="$t kernel/auditsc.o"
	fi
	echo "$t"
}

warnings() {	# VARIANT: the current warning set, line numbers dropped
	find "$work/obj-$1" -name '*.o.warnings' -exec cat {} + 2>/dev/null |
		sed -e "s|$src/||g" -e 's|:[0-9]*:[0-9]*: warning:|: warning:|' |
		sort -u
}

kdoc() {	# W=1's kernel-doc check on $files, line numbers dropped
	for f in $files; do
		[ -e "$src/$f" ] || continue
		(cd "$src" && perl scripts/kernel-doc -none "$f" 2>&1)
	done | sed 's|:[0-9]*: warning:|: warning:|' | sort -u
}

rc=0
start=$(date +%s)
i=0
while [ "$i" -le "$n" ]; do
	if [ "$i" -gt 0 ]; then
		p=$(printf '%s\n' "$list" | sed -n "${i}p")
		echo "  PATCH $i/$n $p"
		files=$(sed -n 's|^+++ b/||p' "$patchdir/$p" |
			grep -E '\.[ch]$' || true)
		kdoc > "$work/kdoc-before-$i"
		patch -s -p1 -d "$src" < "$patchdir/$p"
		kdoc > "$work/kdoc-after-$i"
		new=$(comm -13 "$work/kdoc-before-$i" "$work/kdoc-after-$i")
		if [ -n "$new" ]; then
			echo "kernel-compile-test: patch $i: new kernel-doc warnings:" >&2
			echo "$new" >&2
			rc=1
		fi
		# kbuild sees patched files by their time stamps
		sed -n 's|^+++ b/||p' "$patchdir/$p" |
		while IFS= read -r f; do
			if [ -e "$src/$f" ]; then touch "$src/$f"; fi
		done
	fi
	for v in $variants; do
		t0=$(date +%s)
		if [ "$i" -eq 0 ]; then
			configure "$v"
		else
			merge "$v"
		fi
		check_config "$v"
		# shellcheck disable=SC2046
		if ! mk "$v" W=1 $(targets "$v") >"$work/log-$v-$i" 2>&1; then
			echo "kernel-compile-test: step $i ($v) does not build:" >&2
			grep -e 'error' "$work/log-$v-$i" | head -n 20 >&2
			rc=1
			continue
		fi
		warnings "$v" > "$work/warnings-$v-$i"
		new=$(comm -13 "$work/warnings-$v-0" "$work/warnings-$v-$i")
		if [ -n "$new" ]; then
			echo "kernel-compile-test: step $i ($v): new W=1 warnings:" >&2
			echo "$new" >&2
			rc=1
		fi
		echo "  STEP $i $v: $(wc -l < "$work/warnings-$v-$i") warnings" \
			"($(($(date +%s) - t0))s)"
	done
	i=$((i + 1))
done
echo "  COMPILE-TEST $KVER: $n patches x $(echo "$variants" | wc -w) variants:" \
	"$([ $rc -eq 0 ] && echo 'no new warnings' || echo FAILED)" \
	"($(($(date +%s) - start))s)"
exit $rc
