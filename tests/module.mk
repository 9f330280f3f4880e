# tests/: the C TAP harness and the library suites.
#
# $(call add_test,NAME,EXTRA_LIBS) builds $(B)tests/NAME.t from
# tests/NAME.c + tests/tap.c + libfcap; HOST_SUITES lists the sanitizer
# builds, which `make check` runs.
TEST_BINS :=
define add_test
TEST_BINS += $(B)tests/$(1).t
PROGS += $(B)tests/$(1).t
OBJS += $(B)tests/$(1).o $(B)tests/tap.o
$(B)tests/$(1).t: $(B)tests/$(1).o $(B)tests/tap.o $(B)lib/libfcap.a
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(ALL_CFLAGS) $$(ALL_LDFLAGS) -o $$@ $$^ $(2) $$(LIBS_CAP)
endef

$(eval $(call add_test,codec,))
$(eval $(call add_test,text,))
$(eval $(call add_test,model,))
$(eval $(call add_test,root_libcap,))
$(eval $(call add_test,read,))
$(eval $(call add_test,manifest,))
$(eval $(call add_test,context,))

# capxattr: plants raw values and probes what the kernel does with them
# (host suites, and statically in the guests).
$(B)tests/capxattr: $(B)tests/capxattr.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^
TEST_BINS += $(B)tests/capxattr
PROGS += $(B)tests/capxattr
OBJS += $(B)tests/capxattr.o

# fsck-check's rules and baselines on values the host kernel refuses,
# linked with the scanner's own objects.
TEST_BINS += $(B)tests/rules-test.t
PROGS += $(B)tests/rules-test.t
OBJS += $(B)tests/rules-test.o
$(B)tests/rules-test.t: $(addprefix $(B),tests/rules-test.o tests/tap.o \
		fsck-check/libfsck.a $(COMMON_OBJS)) $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ -lcrypto $(LIBS_CAP)
$(B)tests/rules-test.o: ALL_CFLAGS += -I$(TOP)/fsck-check

# fsck-check's sandbox: what the offline readers may still do (root).
TEST_BINS += $(B)tests/sandbox-test.t
PROGS += $(B)tests/sandbox-test.t
OBJS += $(B)tests/sandbox-test.o
$(B)tests/sandbox-test.t: $(addprefix $(B),tests/sandbox-test.o tests/tap.o \
		fsck-check/libfsck.a $(COMMON_OBJS)) $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ -lseccomp -lcrypto $(LIBS_CAP)
$(B)tests/sandbox-test.o: ALL_CFLAGS += -I$(TOP)/fsck-check

# tests/runtime.sh's probe: static, for it runs alone in a container image.
$(B)tests/runtime-probe: tests/runtime-probe.c
	$(quiet) CC $@
	$(Q)mkdir -p $(dir $@) && $(CC) -std=gnu11 -D_GNU_SOURCE $(WARN) \
		-O2 -static -o $@ $<
TEST_BINS += $(B)tests/runtime-probe
PROGS += $(B)tests/runtime-probe
HOST_SUITES += tests/runtime.sh

test-bins: $(TEST_BINS)

HOST_SUITES += tests/build.sh tests/install.sh $(SANB)tests/codec.t $(SANB)tests/text.t \
	$(SANB)tests/model.t $(SANB)tests/root_libcap.t $(SANB)tests/read.t \
	$(SANB)tests/manifest.t $(SANB)tests/rules-test.t \
	$(SANB)tests/sandbox-test.t $(SANB)tests/context.t tests/planted.sh
LINT_C += $(wildcard tests/*.c tests/*.h)

