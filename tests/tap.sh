# SPDX-License-Identifier: GPL-2.0-only
# tap.sh: the TAP helpers of every tests/*.sh suite (sourced; the guest's
# copy is /tests/tap.sh).  The C suites have tests/tap.h.
#
#   ok DESC / notok DESC       one passing / failing test
#   ok_rc STATUS DESC          passes when STATUS (often $?) is 0
#   check DESC CMD...          passes when CMD succeeds
#   rc_is CODE DESC CMD...     passes when CMD exits CODE; its stdout and
#                              stderr are left in ./out and ./errs
#   skip DESC WHY              a skipped test, with the reason
#   setup DESC CMD...          a setup step: silent when CMD succeeds,
#                              a failed test (and status 1) when it fails
#   bail MSG                   "Bail out!" and exit 1
#   keep_json FILE...          keep fsck-check --json output for
#                              tests/json-lines.sh, which validates every
#                              line against fsck-check.schema.json
#   json_keeper FSCK_CHECK     the name of a wrapper that runs FSCK_CHECK
#                              and keeps the output of each --json run
#   done_testing               the plan, after the tests; exit 0
#   chroot_libs ROOT PROGRAM...  what a chroot of ROOT needs to run each
#                              PROGRAM: the libraries it links and the
#                              loader, copied to their paths under ROOT
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); echo "not ok $n - $*"; }
ok_rc() { if [ "$1" -eq 0 ]; then ok "$2"; else notok "$2"; fi; }
check() { _d=$1; shift; if "$@"; then ok "$_d"; else notok "$_d"; fi; }
rc_is() {
	_want=$1 _d=$2
	shift 2
	"$@" >out 2>errs
	_got=$?
	if [ "$_got" = "$_want" ]; then
		ok "$_d"
	else
		notok "$_d (exit $_got, want $_want)"
		sed 's/^/# /' errs
	fi
}
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
setup() {
	_d=$1
	shift
	if ! _e=$("$@" 2>&1); then
		notok "setup: $_d${_e:+: $_e}"
		return 1
	fi
}
bail() { echo "Bail out! $*"; exit 1; }
# tests/tap-run.sh names a directory for each suite in FCAPS_JSON_DIR.
keep_json() {
	[ -n "${FCAPS_JSON_DIR:-}" ] || return 0
	mkdir -p "$FCAPS_JSON_DIR" || return 1
	for _f; do
		_kj=$(( ${_kj:-0} + 1 ))
		cp "$_f" "$FCAPS_JSON_DIR/$_kj.jsonl" || return 1
	done
}
json_keeper() {
	if [ -z "${FCAPS_JSON_DIR:-}" ] || ! mkdir -p "$FCAPS_JSON_DIR"; then
		echo "$1"
		return
	fi
	cat >"$FCAPS_JSON_DIR/fsck-check" <<EOF || { echo "$1"; return; }
#!/bin/sh
case " \$* " in
*" --json "*) ;;
*) exec "$1" "\$@" ;;
esac
o=\$(mktemp "$FCAPS_JSON_DIR/run.XXXXXX" 2>/dev/null) || exec "$1" "\$@"
"$1" "\$@" >"\$o"
rc=\$?
cat "\$o"
mv "\$o" "\$o.jsonl"
exit \$rc
EOF
	chmod 0755 "$FCAPS_JSON_DIR/fsck-check"
	echo "$FCAPS_JSON_DIR/fsck-check"
}
done_testing() { echo "1..$n"; exit 0; }

# nobody_copy PROGRAM DIR: PROGRAM copied to DIR/bin for uid 65534 to run
# (the tree and build/ may sit in a directory only root may enter), its
# path in nobody_prog; nobody_why says why uid 65534 cannot run it, empty
# when it can
nobody_copy() {
	nobody_prog=$2/bin/$(basename "$1")
	if ! { mkdir -p "$2/bin" && cp "$1" "$nobody_prog" &&
	       chmod 0755 "$2/bin"; }; then
		nobody_why="cannot copy $1 to $2/bin"
	elif ! command -v setpriv >/dev/null 2>&1; then
		nobody_why="no setpriv"
	elif ! setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$nobody_prog" --version >/dev/null 2>&1; then
		nobody_why="uid 65534 cannot run $nobody_prog (TMPDIR not world-traversable?)"
	else
		nobody_why=
	fi
}

# chroot_libs ROOT PROGRAM...: the libraries each PROGRAM links (as ldd
# lists them) and the dynamic loader, copied to the same paths under ROOT;
# fails when a program is not dynamic or a library cannot be copied
chroot_libs() {
	_cr=$1
	shift
	: >"$_cr/.ldd" || return 1
	for _cp; do
		ldd "$_cp" >>"$_cr/.ldd" || return 1
	done
	awk '$2 == "=>" && $3 ~ /^\// { print $3 }
		$1 ~ /^\// { print $1 }' "$_cr/.ldd" | sort -u >"$_cr/.libs" ||
		return 1
	while read -r _cl; do
		mkdir -p "$_cr$(dirname "$_cl")" && cp -L "$_cl" "$_cr$_cl" ||
			return 1
	done <"$_cr/.libs"
	rm -f "$_cr/.ldd" "$_cr/.libs"
}
