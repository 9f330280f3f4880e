# SPDX-License-Identifier: GPL-2.0-only
#
# awk -v lines="KERNEL_VERSIONS" -f tests/vm/suites.awk tests/vm/suites.tab
# prints the guest suites make check runs, vm/VERSION/NAME, line by line
# in kver.sh's order and row by row in the table's: each row on the lines
# its LINES column names (all, or V+ for V and every newer line).  With
# -v driver=DRIVER, only the rows of that driver; with -v variant=VARIANT,
# only the rows of that variant; with -v built=1, only the rows that boot
# a kernel built here, not Debian's own (kernel/build.sh: does a line boot
# the Debian guest on its test kernels).

# at_least(v, min): whether version v is min or newer
function at_least(v, min,    a, b, i) {
	split(v, a, ".")
	split(min, b, ".")
	for (i = 1; i <= 2; i++)
		if (a[i] + 0 != b[i] + 0)
			return a[i] + 0 > b[i] + 0
	return 1
}

{ sub(/#.*/, "") }
NF == 0 { next }
NF < 4 || ($2 != "all" && $2 !~ /^[0-9]+\.[0-9]+\+$/) {
	printf "%s:%d: row %s: LINES is all or V+\n", FILENAME, FNR, $1 \
		> "/dev/stderr"
	bad = 1
	exit 1
}
driver != "" && $4 != driver { next }
variant != "" && $3 != variant { next }
built != "" && $3 == "distro" { next }
{ name[++n] = $1; from[n] = $2 == "all" ? "" : substr($2, 1, length($2) - 1) }

END {
	if (bad)
		exit 1
	nl = split(lines, line, " ")
	for (l = 1; l <= nl; l++)
		for (r = 1; r <= n; r++)
			if (from[r] == "" || at_least(line[l], from[r]))
				print "vm/" line[l] "/" name[r]
}
