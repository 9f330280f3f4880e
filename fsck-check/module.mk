# fsck-check/: the audit scanner for mounted trees (issue 6).
FSCK_CHECK_OBJS := fsck-check/fsck-check.o fsck-check/rules.o \
	fsck-check/baseline.o
$(eval $(call add_tool,fsck-check,$(FSCK_CHECK_OBJS),-lcrypto -lpthread))
LINT_C += $(wildcard fsck-check/*.c fsck-check/*.h)
HOST_SUITES += tests/scan.sh
MAN8 += doc/fsck-check.8
