# getfcap/: print file capabilities (getcap-compatible).
$(eval $(call add_tool,getfcap,getfcap/getfcap.o,))
LINT_C += getfcap/getfcap.c
HOST_SUITES += tests/cli-diff.sh
HOST_SUITES += tests/cli-getfcap.sh
HOST_SUITES += tests/cli-restore.sh
MAN8 += doc/getfcap.8
