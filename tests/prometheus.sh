#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# prometheus.sh: fsck-check --prometheus read by the real thing (TAP).
# Debian's prometheus-node-exporter, started here on 127.0.0.1 with only
# its textfile collector on a directory of this test, is scraped with
# curl; promtool (Debian's prometheus package; no server is started)
# checks the file and runs the unit tests of the shipped alerting rules.
# Needs root (setcap, a tmpfs to fill).
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
fc=${FCAPS_SAN:-$top/build/san}/fsck-check/fsck-check
exporter=/usr/bin/prometheus-node-exporter
py=/usr/bin/python3

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root (setcap, mount)"
	exit 0
fi
for p in "$exporter" /usr/bin/promtool /usr/bin/curl "$py"; do
	if [ ! -x "$p" ]; then
		echo "1..0 # SKIP $p is not installed (Debian packages prometheus-node-exporter, prometheus, curl)"
		exit 0
	fi
done
[ -x "$fc" ] || bail "$fc not built (make san)"
# no fcaps-guard but the stand-in below (tests/guard-fixture.sh)
FCAPS_GUARD_PINDIR=/nonexistent/fcaps-guard
export FCAPS_GUARD_PINDIR
. "$top/tests/guard-fixture.sh"

t=$(mktemp -d "${TMPDIR:-/tmp}/fsck-check-prom.XXXXXX")
cd "$t" || bail "cannot cd to $t"
pid=
mnt=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	umount "$t/bpf" 2>/dev/null
	rm -rf "$t"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

mkfile() { mkdir -p "$(dirname "$1")" && cp /bin/true "$1"; }
setcap() { setup "setcap $*" command setcap "$@"; }
tx=$t/textfile
tree=$t/host
mkdir -p "$tx"
mkfile "$tree/bin/ping";	setcap cap_net_raw+ep "$tree/bin/ping"
mkfile "$tree/bin/admin";	setcap cap_sys_admin+ep "$tree/bin/admin"
mkfile "$tree/bin/gone";	setcap cap_kill+ep "$tree/bin/gone"
mkfile "$tree/bin/chg";		setcap cap_kill+ep "$tree/bin/chg"
mkfile "$tree/bin/own";		setcap cap_kill+ep "$tree/bin/own"
setup "save the baseline" "$fc" -q --fail-on error \
	--save-baseline "$t/base" "$tree"
mkfile "$tree/bin/new";		setcap cap_net_raw+ep "$tree/bin/new"
setup "remove a file" rm "$tree/bin/gone"
setcap cap_chown+ep "$tree/bin/chg"
setup "chown a file" chown 1:1 "$tree/bin/own"
setcap cap_kill+ep "$tree/bin/own"

# --prometheus with --json and every rule: the JSON output is unchanged
prom=$tx/fsck-check.prom
rc_is 4 "--prometheus with --json and --baseline: findings exit 4" \
	"$fc" --json --deny cap_sys_admin --baseline "$t/base" \
	--prometheus "$prom" "$tree"
"$fc" --json --deny cap_sys_admin --baseline "$t/base" "$tree" \
	>"$t/plain.json" 2>/dev/null
check "--json prints the same with --prometheus" cmp -s out "$t/plain.json"
keep_json out
for o in --list -q ""; do
	# shellcheck disable=SC2086
	"$fc" $o --baseline "$t/base" "$tree" >"$t/o1" 2>&1
	# shellcheck disable=SC2086
	"$fc" $o --baseline "$t/base" --prometheus "$t/o.prom" "$tree" \
		>"$t/o2" 2>&1
	check "${o:-text output}: the same with --prometheus, which is written" \
		sh -c 'cmp -s "$1" "$2" && test -s "$3"' sh "$t/o1" "$t/o2" "$t/o.prom"
	rm -f "$t/o.prom"
done
check "the file is there, mode 0644" \
	test "$(stat -c %a "$prom" 2>/dev/null)" = 644
check "no temporary file is left" \
	test "$(find "$tx" -type f | wc -l)" = 1
! grep -qE '^[a-z_]+(\{[^}]*\})? [^ ]+ [0-9]+$' "$prom"
ok_rc $? "no sample has a timestamp"
check "every metric family has HELP and TYPE" "$py" -c '
import re, sys
help, typ, names = set(), set(), set()
for l in open(sys.argv[1]):
	m = re.match(r"# (HELP|TYPE) (\S+) ", l)
	if m:
		(help if m[1] == "HELP" else typ).add(m[2])
	elif not l.startswith("#"):
		names.add(re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", l)[0])
assert names and names <= help and names <= typ, (names, help, typ)
' "$prom"
promtool check metrics <"$prom" >"$t/lint" 2>&1
rc=$?
sed 's/^/# /' "$t/lint"
ok_rc $((rc || $(wc -c <"$t/lint"))) "promtool check metrics: no problem"

# An image of the same tree, the second file of the directory
if command -v mke2fs >/dev/null &&
	mke2fs -q -F -t ext4 -I 256 -d "$tree" "$t/img" 4M 2>/dev/null; then
	"$fc" -q --image "$t/img" --prometheus "$tx/image.prom" >/dev/null 2>&1
	check "--image --prometheus writes its file" test -s "$tx/image.prom"
else
	skip "--image --prometheus writes its file" "mke2fs -d failed"
fi
# A tar archive of it: read by the sandboxed reader, the file put in place
# by its privileged parent (outside the textfile directory)
if tar --xattrs --xattrs-include=security.capability -C "$tree" \
	-cf "$t/tree.tar" . 2>/dev/null; then
	"$fc" -q --archive "$t/tree.tar" --prometheus "$t/archive.prom" \
		>/dev/null 2>&1
	check "--archive --prometheus writes its file, source archive" \
		grep -q "^fsck_check_files{source=\"archive\",path=\"$t/tree.tar\"} [1-9]" \
		"$t/archive.prom"
	check "and leaves no temporary file" \
		sh -c "! ls -A '$t' | grep -q '^\.archive\.prom\.'"
else
	skip "--archive --prometheus writes its file" "tar --xattrs failed"
	skip "and leaves no temporary file" "tar --xattrs failed"
fi

# fcaps-guard, stood for by its pinned maps (locked, deny_write, a mask
# without cap_sys_admin, refusals counted) and, for a user, its state
# file: a scan of the tree's bin/ (its own path label) under it
gwhy=$(guard_why)
if [ -z "$gwhy" ] && ! setup "a BPF file system for the guard's maps" \
	guard_mount "$t/bpf"; then
	gwhy="cannot mount a BPF file system"
fi
if [ -z "$gwhy" ]; then
	gp=$t/bpf/fcaps-guard
	setup "the guard's maps" guard_pins "$gp" 000001ffffdfffff 3 4 0 7 1 0
	FCAPS_GUARD_PINDIR=$gp "$fc" -q --prometheus "$tx/guard.prom" \
		"$tree/bin" >/dev/null 2>&1
	grep '^fsck_check_guard_' "$tx/guard.prom" >"$t/guard.got"
	cat >"$t/guard.want" <<EOF
fsck_check_guard_loaded{source="mounted",path="$tree/bin"} 1
fsck_check_guard_locked{source="mounted",path="$tree/bin"} 1
fsck_check_guard_deny_write{source="mounted",path="$tree/bin"} 1
fsck_check_guard_refusals_total{source="mounted",path="$tree/bin",cause="empty_value"} 4
fsck_check_guard_refusals_total{source="mounted",path="$tree/bin",cause="write_mask"} 0
fsck_check_guard_refusals_total{source="mounted",path="$tree/bin",cause="exec_mask"} 7
fsck_check_guard_refusals_total{source="mounted",path="$tree/bin",cause="lock_pin"} 1
fsck_check_guard_refusals_total{source="mounted",path="$tree/bin",cause="lock_umount"} 0
EOF
	cmp -s "$t/guard.want" "$t/guard.got"
	ok_rc $? "the loaded guard: loaded, locked, deny_write, refusals by cause"
	diff "$t/guard.want" "$t/guard.got" | sed 's/^/# /'
	grep -qx '# TYPE fsck_check_guard_refusals_total counter' "$tx/guard.prom"
	ok_rc $? "the refusals are a counter"
	promtool check metrics <"$tx/guard.prom" >"$t/glint" 2>&1
	rc=$?
	sed 's/^/# /' "$t/glint"
	ok_rc $((rc || $(wc -c <"$t/glint"))) "promtool check metrics on the guard's file: no problem"
	# a user reads the state file: no counts
	chmod 0755 "$t" "$tree" "$tree/bin"
	mkdir -m 0777 "$t/user"
	printf 'loaded=1\nlocked=0\ndeny_write=1\nmask=000001ffffdfffff\n' \
		>"$t/guard.state"
	nobody_copy "$fc" "$t"
	if [ -n "$nobody_why" ]; then
		skip "a user's scan: the guard's state file, no counts" "$nobody_why"
	else
		guard_as_user "$t/guard.state" env FCAPS_GUARD_PINDIR="$gp" \
			"$nobody_prog" -q --prometheus "$t/user/u.prom" \
			"$tree/bin" >/dev/null 2>&1
		grep '^fsck_check_guard_' "$t/user/u.prom" | sed 's/{.*}//' |
			tr '\n' ' ' >"$t/u.got"
		test "$(cat "$t/u.got")" = "fsck_check_guard_loaded 1 fsck_check_guard_locked 0 fsck_check_guard_deny_write 1 "
		ok_rc $? "a user's scan: the guard's state file, no counts ($(cat "$t/u.got"))"
	fi
	umount "$t/bpf"
else
	for d in "the loaded guard" "a counter" "promtool" "a user's scan"; do
		skip "the guard's metrics: $d" "$gwhy"
	done
fi

# The exporter, on a free loopback port, with the textfile collector only
port=$("$py" -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$exporter" --web.listen-address="127.0.0.1:$port" \
	--collector.disable-defaults --collector.textfile \
	--collector.textfile.directory="$tx" >"$t/exporter.log" 2>&1 &
pid=$!
i=0
while ! curl -sf "http://127.0.0.1:$port/metrics" -o "$t/metrics"; do
	i=$((i + 1))
	if [ "$i" -gt 100 ] || ! kill -0 "$pid" 2>/dev/null; then
		sed 's/^/# /' "$t/exporter.log"
		bail "node_exporter did not answer on 127.0.0.1:$port"
	fi
	sleep 0.1
done
echo "# $("$exporter" --version 2>&1 | head -1)"

# value NAME LABELS: the value of the scraped series NAME{...LABELS...}
value() {
	"$py" - "$t/metrics" "$1" "$2" <<'EOF'
import re, sys
f, name, want = sys.argv[1:]
want = dict(re.findall(r'(\w+)="([^"]*)"', want))
for l in open(f):
	m = re.match(r'(\w+)(?:\{(.*)\})? (\S+)$', l.strip())
	if not m or m[1] != name:
		continue
	labels = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', m[2] or ""))
	if all(labels.get(k) == v for k, v in want.items()):
		print(m[3])
EOF
}
is() {	# is DESC NAME LABELS VALUE
	_v=$(value "$2" "$3")
	if [ "$_v" = "$4" ]; then ok "$1"; else notok "$1 (got '$_v', want '$4')"; fi
}
src="source=\"mounted\",path=\"$tree\""
is "node_exporter read every file" node_textfile_scrape_error "" 0
is "files carrying values" fsck_check_files "$src" 5
is "findings by rule and severity: denied, error" fsck_check_findings \
	"$src,rule=\"denied\",severity=\"error\"" 1
is "findings by rule and severity: dangerous, warning (admin, chg)" \
	fsck_check_findings "$src,rule=\"dangerous\",severity=\"warning\"" 2
is "findings by severity: error" fsck_check_findings_by_severity \
	"$src,severity=\"error\"" 1
is "findings by severity: info (zero is a series too)" \
	fsck_check_findings_by_severity "$src,severity=\"info\"" 0
for k in added:1 removed:1 changed:1 metadata:1 content:0; do
	is "baseline changes, kind ${k%:*}" fsck_check_baseline_changes \
		"$src,kind=\"${k%:*}\"" "${k#*:}"
done
is "scan errors" fsck_check_scan_errors "$src" 0
is "scan success" fsck_check_scan_success "$src" 1
is "exit status" fsck_check_exit_status "$src" 4
d=$(value fsck_check_scan_duration_seconds "$src")
"$py" -c 'import sys; assert 0 < float(sys.argv[1]) < 60' "$d" 2>/dev/null
ok_rc $? "scan duration in seconds ($d)"
last=$(value fsck_check_last_success_timestamp_seconds "$src")
"$py" -c 'import sys, time; assert abs(time.time() - float(sys.argv[1])) < 120' \
	"$last" 2>/dev/null
ok_rc $? "last successful scan time is now ($last)"
if [ -s "$tx/image.prom" ]; then
	is "the image's file: source=image" fsck_check_files \
		"source=\"image\",path=\"$t/img\"" 5
else
	skip "the image's file: source=image" "no image"
fi

is "no guard: guard loaded 0" fsck_check_guard_loaded "$src" 0
is "no guard: guard locked 0" fsck_check_guard_locked "$src" 0
is "no guard: guard deny_write 0" fsck_check_guard_deny_write "$src" 0
is "no guard: no refusal counts" fsck_check_guard_refusals_total "$src" ""
if [ -s "$tx/guard.prom" ]; then
	gsrc="source=\"mounted\",path=\"$tree/bin\""
	is "the guard's file: guard-refused, a warning (bin/admin)" \
		fsck_check_findings "$gsrc,rule=\"guard-refused\",severity=\"warning\"" 1
	is "the guard's file: guard loaded" fsck_check_guard_loaded "$gsrc" 1
	is "the guard's file: refusals, cause exec_mask" \
		fsck_check_guard_refusals_total "$gsrc,cause=\"exec_mask\"" 7
else
	for d in guard-refused "guard loaded" refusals; do
		skip "the guard's file: $d" "no guard.prom"
	done
fi

# A failed scan keeps the time of the last good one
rc_is 8 "a scan with an operational error exits 8" \
	"$fc" -q --prometheus "$prom" "$t/no-such-dir"
curl -sf "http://127.0.0.1:$port/metrics" -o "$t/metrics"
src="source=\"mounted\",path=\"$t/no-such-dir\""
is "failed scan: scan success 0" fsck_check_scan_success "$src" 0
is "failed scan: scan errors 1" fsck_check_scan_errors "$src" 1
is "failed scan: exit status 8" fsck_check_exit_status "$src" 8
is "failed scan: the last successful scan time is kept" \
	fsck_check_last_success_timestamp_seconds "$src" "$last"
kill "$pid" && wait "$pid" 2>/dev/null
pid=

# A label value is escaped, and bytes that are not UTF-8 shown as \xHH
odd=$t/$(printf 'a"b\\c\351')
mkfile "$odd/x"
"$fc" -q --prometheus "$t/odd.prom" "$odd" >/dev/null 2>&1
grep -qF "path=\"$t/a\\\"b\\\\c\\\\xe9\"" "$t/odd.prom"
ok_rc $? "quote, backslash and a non-UTF-8 byte in a label value"
promtool check metrics <"$t/odd.prom" >/dev/null 2>&1
ok_rc $? "promtool check metrics on the escaped file"

# A write that fails: exit bit 64, the old file untouched, no partial file
rc_is 72 "--prometheus into a missing directory: exit 8 | 64" \
	"$fc" -q --prometheus "$t/none/x.prom" "$t/none"
grep -q 'cannot write the Prometheus file' errs
ok_rc $? "the failed write is named on stderr"
rc_is 64 "--prometheus into a missing directory, clean scan: exit 64" \
	"$fc" -q --prometheus "$t/none/x.prom" "$tree/bin/ping"
mnt=$t/small
mkdir "$mnt"
if setup "a 64 KiB tmpfs" mount -t tmpfs -o size=64k tmpfs "$mnt"; then
	cp "$prom" "$mnt/fsck-check.prom"
	dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
	rc_is 68 "--prometheus on a full file system: exit 4 | 64" \
		"$fc" -q --prometheus "$mnt/fsck-check.prom" "$tree"
	grep -q 'No space left on device' errs
	ok_rc $? "ENOSPC is named on stderr"
	check "the old file is untouched" cmp -s "$prom" "$mnt/fsck-check.prom"
	check "no temporary file is left" \
		test "$(ls -A "$mnt" | wc -l)" = 2
	umount "$mnt"
fi
mnt=

# The shipped service's command: its shell line, with this test's
# directories for the textfile directory, the baseline and /
unit=$top/fsck-check/fsck-check.service
sed -n '/^ExecStart=/,/[^\\]$/p' "$unit" | sed 's/^ExecStart=//; s/\\$//' |
	tr '\n' ' ' | sed 's/\$\$/$/g' >"$t/exec"
"$py" - "$t/exec" "$fc" "$tx" "$t/base" "$tree" >"$t/service.sh" <<'EOF'
import shlex, sys
cmd, fc, tx, base, tree = sys.argv[1:]
cmd = open(cmd).read()
argv = shlex.split(cmd)
assert argv[:2] == ["/bin/sh", "-c"] and len(argv) == 3, argv
script = (argv[2].replace("@SBINDIR@/fsck-check", fc)
	  .replace("/var/lib/prometheus/node-exporter", tx)
	  .replace("/var/lib/fsck-check/baseline /", base + " " + tree))
assert fc in script and tx in script and tree in script, script
print(script)
EOF
if [ -s "$t/service.sh" ]; then
	rm -f "$prom"
	rc_is 4 "the service's command: findings fail the unit (exit 4)" \
		sh "$t/service.sh"
	check "the service's command writes fsck-check.prom in the textfile directory" \
		grep -q '^fsck_check_files{source="mounted",path="'"$tree"'"} 5$' \
		"$prom"
	rm -rf "$tx"
	rc_is 4 "the service's command without that directory: exit 4" \
		sh "$t/service.sh"
	check "... and no file written" test ! -e "$tx"
	grep -q '^ReadWritePaths=-/var/lib/prometheus/node-exporter$' "$unit"
	ok_rc $? "the unit may write the textfile directory (ProtectSystem=strict)"
else
	notok "the service's ExecStart is a /bin/sh -c line"
fi

# The shipped alerting rules and their unit tests
promtool check rules "$top/doc/examples/fsck-check.rules.yml" >"$t/cr" 2>&1
rc=$?
[ "$rc" = 0 ] || sed 's/^/# /' "$t/cr"
ok_rc "$rc" "promtool check rules on the shipped rules"
( cd "$top/doc/examples" && promtool test rules fsck-check.rules.test.yml ) \
	>"$t/rt" 2>&1
rc=$?
[ "$rc" = 0 ] || sed 's/^/# /' "$t/rt"
ok_rc "$rc" "promtool test rules on the shipped rules"
echo "# $(promtool --version 2>&1 | head -1)"
done_testing
