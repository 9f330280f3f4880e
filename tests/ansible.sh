#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# ansible.sh: fcaps under Debian's Ansible (TAP), with ansible-playbook
# -c local only.  Needs root (setcap).
#
# - community.general.capabilities with setfcap and getfcap installed as
#   setcap and getcap (a directory of symbolic links first in PATH): the
#   playbook tests/ansible/caps.yml in check mode, for real and again, on
#   two inventory hosts, one with libcap's tools and one with ours, each
#   on a tree of its own; the task results and the bytes on disk must be
#   the same.
# - doc/examples/fsck-check-fleet.yml on an inventory of two hosts, two
#   directories standing for them: the aggregated report on the controller
#   and the hosts that fail.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
san=${FCAPS_SAN:-$top/build/san}
fc=$san/fsck-check/fsck-check
py=/usr/bin/python3

if [ "$(id -u)" != 0 ]; then
	echo "1..0 # SKIP needs root (setcap)"
	exit 0
fi
if ! command -v ansible-playbook >/dev/null ||
	[ ! -f /usr/lib/python3/dist-packages/ansible_collections/community/general/plugins/modules/capabilities.py ]; then
	echo "1..0 # SKIP Debian's ansible package (community.general) is not installed"
	exit 0
fi
for p in /sbin/setcap /sbin/getcap "$san/setfcap/setfcap" \
	"$san/getfcap/getfcap" "$fc"; do
	[ -x "$p" ] || bail "$p missing (libcap2-bin; make san)"
done

t=$(mktemp -d "${TMPDIR:-/tmp}/fcaps-ansible.XXXXXX")
cd "$t" || bail "cannot cd to $t"
trap 'rm -rf "$t"' EXIT
trap 'exit 1' INT TERM
export ANSIBLE_LOCAL_TEMP="$t/ansible-local" ANSIBLE_REMOTE_TEMP="$t/ansible-remote"
export ANSIBLE_NOCOLOR=1 ANSIBLE_FORCE_COLOR=0 ANSIBLE_RETRY_FILES_ENABLED=0
export ANSIBLE_PYTHON_INTERPRETER=$py ANSIBLE_HOST_KEY_CHECKING=0
export ANSIBLE_DEPRECATION_WARNINGS=0 ANSIBLE_SYSTEM_WARNINGS=0
: >"$t/ansible.cfg"
export ANSIBLE_CONFIG="$t/ansible.cfg" HOME="$t"
echo "# $(ansible --version 2>/dev/null | sed -n 1p)"

mkdir -p "$t/bin-libcap" "$t/bin-fcaps"
ln -s /sbin/setcap "$t/bin-libcap/setcap"
ln -s /sbin/getcap "$t/bin-libcap/getcap"
ln -s "$san/setfcap/setfcap" "$t/bin-fcaps/setcap"
ln -s "$san/getfcap/getfcap" "$t/bin-fcaps/getcap"

# The same starting tree for each toolset, set with libcap's setcap
for h in libcap fcaps; do
	r=$t/tree-$h
	mkdir -p "$r"
	for f in add more flags two last mixed; do cp /bin/true "$r/$f"; done
	setup "$h: the starting values" sh -e -c '
		/sbin/setcap cap_kill=ep "$1/more"
		/sbin/setcap cap_kill=ep "$1/flags"
		/sbin/setcap cap_kill,cap_net_raw=ep "$1/two"
		/sbin/setcap cap_chown=ep "$1/last"
		/sbin/setcap cap_net_raw=ep "$1/mixed"' sh "$r"
done
cat >"$t/caps.ini" <<EOF
libcap ansible_connection=local root=$t/tree-libcap tools=$t/bin-libcap
fcaps ansible_connection=local root=$t/tree-fcaps tools=$t/bin-fcaps
EOF

# bytes HOST: every file's raw value, by name
bytes() {
	for f in add more flags two last mixed; do
		printf '%s ' "$f"
		getfattr --absolute-names --only-values -n security.capability \
			"$t/tree-$1/$f" 2>/dev/null | od -An -tx1 | tr -d ' \n'
		echo
	done
}
bytes libcap >"$t/before"

# play NAME ARGS...: the playbook, its JSON results in $t/NAME.json
play() {
	_name=$1
	shift
	ANSIBLE_STDOUT_CALLBACK=json ansible-playbook -i "$t/caps.ini" \
		"$@" "$top/tests/ansible/caps.yml" >"$t/$_name.json" \
		2>"$t/$_name.err"
	# exit 0, or 2 for the task that must fail (ignored); anything
	# else ran nothing to compare
	case $? in
	0|2) ;;
	*) sed 's/^/# /' "$t/$_name.err" | head -20
	   bail "ansible-playbook $* did not run the playbook" ;;
	esac
}
# results NAME: per task, "changed failed msg" for each host, and whether
# the two hosts agree; the recap's changed counts
results() {
	"$py" - "$t/$1.json" <<'EOF'
import json, sys
run = json.load(open(sys.argv[1]))
for task in run["plays"][0]["tasks"]:
	r = task["hosts"]
	row = {h: (bool(r[h].get("changed")), bool(r[h].get("failed")),
		   r[h].get("msg", "").replace("tree-" + h, "tree-HOST"))
	       for h in ("libcap", "fcaps")}
	same = "same" if row["libcap"] == row["fcaps"] else "DIFFER"
	print(same, task["task"]["name"], "|", row["libcap"], "|", row["fcaps"])
s = run["stats"]
print("changed", s["libcap"]["changed"], s["fcaps"]["changed"])
print("failures", s["libcap"]["failures"], s["fcaps"]["failures"])
EOF
}
# agree NAME DESC CHANGED: each task's result the same on both hosts,
# CHANGED tasks changed on each, none failed but the one that must
agree() {
	if ! results "$1" >"$t/$1.res" 2>"$t/$1.res.err"; then
		notok "$2 (no results: $(head -c 300 "$t/$1.err" "$t/$1.res.err"))"
		return
	fi
	sed 's/^/# /' "$t/$1.res"
	if grep -q '^DIFFER' "$t/$1.res"; then
		notok "$2: the two toolsets differ"
	elif ! grep -qx "changed $3 $3" "$t/$1.res"; then
		notok "$2: want $3 changed on each host"
	elif ! grep -qx "failures 0 0" "$t/$1.res"; then
		notok "$2: a host failed"
	else
		ok "$2"
	fi
}

play check --check
agree check "check mode: 6 tasks would change, on both toolsets alike" 6
bytes libcap >"$t/after-check-libcap"
bytes fcaps >"$t/after-check-fcaps"
check "check mode changes no value (libcap)" cmp -s "$t/before" "$t/after-check-libcap"
check "check mode changes no value (fcaps)" cmp -s "$t/before" "$t/after-check-fcaps"

play real
agree real "for real: add, change, remove, on both toolsets alike" 5
grep -q "^same a value with one effective bit.*True, 'Unable to set" \
	"$t/real.res"
ok_rc $? "a text a file cannot hold fails on both"
bytes libcap >"$t/real-libcap"
bytes fcaps >"$t/real-fcaps"
sed 's/^/# libcap: /' "$t/real-libcap"
! cmp -s "$t/before" "$t/real-libcap"
ok_rc $? "the playbook changed values (libcap)"
check "the same bytes on disk with setfcap and getfcap as with libcap" \
	cmp -s "$t/real-libcap" "$t/real-fcaps"
getcap -r "$t/tree-fcaps" | sed "s|$t/tree-fcaps/||" | sort >"$t/getcap"
printf '%s\n' 'add cap_net_raw=ep' 'flags cap_kill=p' 'last =' \
	'more cap_kill,cap_net_bind_service=ep' 'mixed cap_net_raw=ep' \
	'two cap_net_raw=ep' | sort >"$t/want"
check "libcap's getcap reads what was asked" cmp -s "$t/want" "$t/getcap"
grep -qx 'last 0000000200000000000000000000000000000000' "$t/real-fcaps"
ok_rc $? "removing the last capability leaves an all-zero value, as setcap ''"

play again
agree again "again: changed=0 on both" 0
bytes fcaps >"$t/again-fcaps"
check "again: no byte changes" cmp -s "$t/real-fcaps" "$t/again-fcaps"

# The fleet playbook: two directories standing for two hosts
for h in web db; do
	mkdir -p "$t/$h/usr/bin"
	cp /bin/true "$t/$h/usr/bin/ping"
	setup "$h: ping" /sbin/setcap cap_net_raw=ep "$t/$h/usr/bin/ping"
done
cp /bin/true "$t/db/usr/bin/python3.11"
setup "db: an interpreter with capabilities (error)" \
	/sbin/setcap cap_net_bind_service=ep "$t/db/usr/bin/python3.11"
cp /bin/true "$t/web/usr/bin/tool"
setup "web: cap_sys_admin (warning)" \
	/sbin/setcap cap_sys_admin=ep "$t/web/usr/bin/tool"
cat >"$t/fleet.yml" <<EOF
fleet:
  hosts:
    web:
      ansible_connection: local
      fsck_check_paths: ["$t/web"]
    db:
      ansible_connection: local
      fsck_check_paths: ["$t/db"]
EOF
ansible-playbook -i "$t/fleet.yml" -e "fsck_check=$fc" \
	-e "fsck_check_report=$t/report.json" \
	"$top/doc/examples/fsck-check-fleet.yml" >"$t/fleet.out" 2>&1
rc=$?
sed -n '/PLAY RECAP/,$p' "$t/fleet.out" | sed 's/^/# /'
ok_rc $((rc != 2)) "the fleet playbook fails a host (exit $rc)"
grep -Eq '^db +: .*failed=1' "$t/fleet.out"
ok_rc $? "db, with an error finding, fails"
grep -Eq '^web +: .*failed=0' "$t/fleet.out"
ok_rc $? "web, with warnings only, does not fail (--fail-on error)"
"$fc" --json "$t/web" >"$t/web.json" 2>/dev/null
"$fc" --json "$t/db" >"$t/db.json" 2>/dev/null
"$py" - "$t/report.json" "$t/web.json" "$t/db.json" "$t/lines" \
	>"$t/report.res" 2>&1 <<'EOF'
import json, sys
rep = json.load(open(sys.argv[1]))
assert rep["fail_on"] == "error", rep["fail_on"]
assert set(rep["hosts"]) == {"web", "db"}, rep["hosts"].keys()
web, db = rep["hosts"]["web"], rep["hosts"]["db"]
assert (web["status"], db["status"]) == (0, 4), (web["status"], db["status"])
assert (web["files"], db["files"]) == (2, 2)
assert web["findings"] == {"error": 0, "warning": 1, "info": 0}, web
assert db["findings"]["error"] == 1, db
for h, f in (("web", sys.argv[2]), ("db", sys.argv[3])):
	direct = [json.loads(l) for l in open(f)]
	assert rep["hosts"][h]["lines"] == direct, h
with open(sys.argv[4], "w") as out:
	for h in ("web", "db"):
		for o in rep["hosts"][h]["lines"]:
			out.write(json.dumps(o) + "\n")
print("ok")
EOF
rc=$?
[ "$rc" = 0 ] || sed 's/^/# /' "$t/report.res"
ok_rc "$rc" "the report on the controller: both hosts, statuses, counts, every --json line"
[ -s "$t/lines" ] && keep_json "$t/lines"
done_testing
