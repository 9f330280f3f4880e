# setfcap/: set, remove or verify file capabilities (setcap-compatible).
$(eval $(call add_tool,setfcap,setfcap/setfcap.o,-lpthread))
LINT_C += setfcap/setfcap.c
HOST_SUITES += tests/cli-setfcap.sh
HOST_SUITES += tests/cli-man.sh
MAN8 += doc/setfcap.8
