#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# json-lines.sh: every fsck-check --json line the suites printed in this
# run validates against fsck-check/fsck-check.schema.json (TAP), so the
# schema cannot drift from the output.  The suites keep their output
# (keep_json and json_keeper, tests/tap.sh) under build/test-logs/json/,
# one directory per suite, which tests/tap-run.sh empties before the
# suite runs; this suite runs after them (LAST_SUITES, after the guest
# suites too).  One test per
# suite that kept output; python3-jsonschema validates.
set -u
top=${FCAPS_TOP:-$(cd "$(dirname "$0")/.." && pwd)}
. "$top/tests/tap.sh"
py=/usr/bin/python3
schema=$top/fsck-check/fsck-check.schema.json
dir=$top/build/test-logs/json

if ! "$py" -c 'import jsonschema' 2>/dev/null; then
	echo "1..0 # SKIP no python3-jsonschema (Debian package)"
	exit 0
fi
check "the schema is a valid draft 2020-12 schema" "$py" -c '
import json, sys, jsonschema
jsonschema.Draft202012Validator.check_schema(json.load(open(sys.argv[1])))
' "$schema"
check "the schema's version is the one fsck-check prints" "$py" -c '
import json, re, sys
s = json.load(open(sys.argv[1]))
v = s["properties"]["schema_version"]["const"]
c = open(sys.argv[2]).read()
m = re.search(r"#define JSON_SCHEMA_VERSION\s+(\d+)", c)
assert m and int(m[1]) == v and "schema_version" in s["required"]
assert "/%d/" % v in s["$id"]
' "$schema" "$top/fsck-check/output.h"

found=0
for d in "$dir"/*/; do
	[ -d "$d" ] || continue
	suite=$(basename "$d")
	set -- "$d"*.jsonl
	[ -e "$1" ] || continue
	found=1
	"$py" - "$schema" "$@" >"$dir/$suite.res" 2>&1 <<'PY'
import json, sys, jsonschema
v = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
lines = bad = 0
for f in sys.argv[2:]:
	for i, line in enumerate(open(f, encoding="utf-8"), 1):
		lines += 1
		try:
			v.validate(json.loads(line))
		except Exception as e:
			bad += 1
			if bad <= 5:
				print("%s:%d: %s" % (f, i, str(e).splitlines()[0]))
print("%d lines in %d runs, %d invalid" % (lines, len(sys.argv) - 2, bad))
sys.exit(1 if bad or not lines else 0)
PY
	rc=$?
	sed 's/^/# /' "$dir/$suite.res"
	ok_rc "$rc" "$suite: every --json line validates against the schema"
done
if [ "$found" = 0 ]; then
	skip "the --json lines of the suites" "no suite kept --json output in this run (tests/tap-run.sh runs this suite after the others)"
fi
done_testing
