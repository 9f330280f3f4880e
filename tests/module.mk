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
$(eval $(call add_test,learn,))
$(eval $(call add_test,runcfg,))

# capxattr: plants raw values and probes what the kernel does with them
# (host suites, and statically in the guests).
$(B)tests/capxattr: $(B)tests/capxattr.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^
TEST_BINS += $(B)tests/capxattr
PROGS += $(B)tests/capxattr
OBJS += $(B)tests/capxattr.o

# noisy: fcaps-learn's noise case (host suite, and the Debian guests).
$(B)tests/noisy: $(B)tests/noisy.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^
TEST_BINS += $(B)tests/noisy
PROGS += $(B)tests/noisy
OBJS += $(B)tests/noisy.o

# $(call add_fsck_test,NAME,EXTRA_LIBS): $(B)tests/NAME.t from
# tests/NAME.c, linked with the scanner's own parts (libfsck.a).
define add_fsck_test
TEST_BINS += $(B)tests/$(1).t
PROGS += $(B)tests/$(1).t
OBJS += $(B)tests/$(1).o
$(B)tests/$(1).t: $(addprefix $(B),tests/$(1).o tests/tap.o \
		fsck-check/libfsck.a $(COMMON_OBJS)) $(B)lib/libfcap.a
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(ALL_CFLAGS) $$(ALL_LDFLAGS) -o $$@ $$^ $(2) $$(LIBS_CAP)
$(B)tests/$(1).o: ALL_CFLAGS += -I$(TOP)/fsck-check
endef

# fsck-check's rules and baselines on values the host kernel refuses.
$(eval $(call add_fsck_test,rules-test,-lcrypto))
# fsck-check's sandbox: what the offline readers may still do (root).
$(eval $(call add_fsck_test,sandbox-test,-lseccomp -lcrypto))
# fsck-check's CRC32c against libext2fs's own, which the test finds with
# dlsym() and calls nothing else of: --no-as-needed keeps it linked.
CRC32C_TEST_LIBS := -Wl,--no-as-needed -lext2fs -Wl,--as-needed -ldl
$(eval $(call add_fsck_test,crc32c-test,$(CRC32C_TEST_LIBS)))

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
	$(SANB)tests/sandbox-test.t $(SANB)tests/crc32c-test.t \
	$(SANB)tests/context.t $(SANB)tests/runcfg.t $(SANB)tests/learn.t \
	tests/planted.sh
LINT_C += $(wildcard tests/*.c tests/*.h)

