# fsck-check/: the audit scanner for mounted trees, with --image for
# ext2/3/4 images through libext2fs, with --archive for tar archives
# through libarchive, with --oci for container images (libarchive and
# json-c).  The static build (the guests') has no libarchive (its static
# archive pulls in a dozen more): archive-none.c says so.
#
# Its parts are one library, libfsck.a, which the tool (fsck-check.c, the
# driver), the tests (tests/module.mk) and the fuzzers (fuzz/module.mk,
# built again under build/fuzz/) link: a program gets the parts it uses.
FSCK_LIB_OBJS := fsck-check/entry.o fsck-check/rules.o \
	fsck-check/baseline.o fsck-check/hash.o fsck-check/output.o \
	fsck-check/prometheus.o fsck-check/sandbox.o fsck-check/report.o \
	fsck-check/walk.o fsck-check/image.o fsck-check/crc32c.o \
	fsck-check/profile.o fsck-check/cyclonedx.o fsck-check/archive-open.o
ifeq ($(STATIC),1)
FSCK_LIB_OBJS += fsck-check/archive-none.o
FSCK_CHECK_ARCHIVE_LIBS :=
else
FSCK_LIB_OBJS += fsck-check/archive.o fsck-check/tree.o fsck-check/oci.o
# libarchive is loaded when it is needed (archive.c: archive_lib_load())
FSCK_CHECK_ARCHIVE_LIBS := -ljson-c
endif
FSCK_LIB := fsck-check/libfsck.a
OBJS += $(addprefix $(B),$(FSCK_LIB_OBJS))
$(B)$(FSCK_LIB): $(addprefix $(B),$(FSCK_LIB_OBJS))
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^
$(eval $(call add_tool,fsck-check,fsck-check/fsck-check.o $(FSCK_LIB),$(FSCK_CHECK_ARCHIVE_LIBS) -lseccomp -lext2fs -lcom_err -lcrypto -lpthread))

# ext2fs_xattrs_read_inode() (e2fsprogs 1.47) lets image.c tell an
# in-inode value from one in the EA block; older libraries read both.
# valgrind/valgrind.h (package valgrind) lets sandbox.c tell that it runs
# under Valgrind, which the seccomp filter would stop.  Both are probed
# when the build runs (PROBE_H, the top Makefile).
REQUIRES += ext2fs crypto seccomp $(if $(filter 1,$(STATIC)),,archive json-c)
PROBES += xattrs_read_inode valgrind_h
$(B)fsck-check/image.o $(B)fsck-check/sandbox.o: $(PROBE_H)
$(B)fsck-check/image.o $(B)fsck-check/sandbox.o: \
	ALL_CFLAGS += -include $(PROBE_H)
LINT_C += $(wildcard fsck-check/*.c fsck-check/*.h)
HOST_SUITES += tests/scan.sh tests/scan-image.sh tests/scan-archive.sh \
	tests/scan-oci.sh tests/cases.sh tests/cyclonedx.sh \
	tests/prometheus.sh tests/ansible.sh
MAN8 += doc/fsck-check.8

# systemd units: a daily scan of / against /var/lib/fsck-check/baseline.
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
define FSCK_CHECK_INSTALL
install -d $(DESTDIR)$(SYSTEMDUNITDIR)
sed 's|@SBINDIR@|$(SBINDIR)|' fsck-check/fsck-check.service \
	>$(DESTDIR)$(SYSTEMDUNITDIR)/fsck-check.service
install -m 0644 fsck-check/fsck-check.timer $(DESTDIR)$(SYSTEMDUNITDIR)/
endef
define FSCK_CHECK_UNINSTALL
rm -f $(DESTDIR)$(SYSTEMDUNITDIR)/fsck-check.service \
	$(DESTDIR)$(SYSTEMDUNITDIR)/fsck-check.timer
endef
INSTALL_EXTRA += $(FSCK_CHECK_INSTALL)
UNINSTALL_EXTRA += $(FSCK_CHECK_UNINSTALL)
