# fuzz/: libFuzzer harnesses, their replay builds, and the robustness
# suites.  See doc/testing.md.
#
#   make fuzz [FUZZ_SECONDS=10] [FUZZ_HARNESSES="xattr text"]
#                        build each harness with clang
#                        -fsanitize=fuzzer,address,undefined under
#                        build/fuzz/ and run it for FUZZ_SECONDS from its
#                        committed corpus (fuzz/corpus/NAME); crashes land
#                        in build/fuzz/crashes/
#   make fuzz-build      only build the libFuzzer binaries
#   make fuzz-replay     $(B)fuzz/NAME-replay: the same harnesses with a
#                        plain main() (driver.c) that replays files
#   make valgrind        the CLI golden suites with every tool under
#                        valgrind --leak-check=full (non-sanitized build)
#
# `make check` runs tests/fuzz-regress.sh (corpora and regressions through
# the sanitizer replay builds) and tests/fault.sh (fault injection).

FUZZ_HARNESSES ?= xattr text manifest policy baseline json diff image archive \
	oci runcfg
FUZZ_SECONDS ?= 10
FUZZ_CC ?= clang
FUZZ_B := build/fuzz/
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -D_GNU_SOURCE -I$(TOP)/lib -I$(TOP)/fsck-check \
	-I$(TOP)/common \
	$(filter-out -Wno-format-truncation,$(WARN)) \
	-g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link

# The harnesses of fsck-check's parts link its library (libfsck.a, built
# again here from FSCK_LIB_OBJS), which takes what each uses, and the
# tools' helpers; then each harness's libraries.
FUZZ_FSCK := policy baseline json image archive oci
FUZZ_LIBS_policy := -lcrypto
FUZZ_LIBS_baseline := -lcrypto
FUZZ_LIBS_json := -ljson-c -lcrypto
FUZZ_LIBS_image := -lext2fs -lcom_err -lcrypto
FUZZ_LIBS_archive := -larchive -lcrypto
FUZZ_LIBS_oci := -larchive -ljson-c -lcrypto
$(foreach h,$(FUZZ_FSCK),$(eval FUZZ_OBJS_$(h) := $(COMMON_OBJS)))
$(foreach h,$(FUZZ_FSCK),$(eval FUZZ_A_$(h) := $(FSCK_LIB)))
$(FUZZ_B)$(FSCK_LIB): $(addprefix $(FUZZ_B),$(FSCK_LIB_OBJS))
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^
OBJS += $(addprefix $(FUZZ_B),$(FSCK_LIB_OBJS))
$(FUZZ_B)fsck-check/image.o: $(PROBE_H)
$(FUZZ_B)fsck-check/image.o: FUZZ_CFLAGS += -include $(PROBE_H)

# The libFuzzer builds: every object compiled by clang with coverage.
$(FUZZ_B)%.o: %.c
	$(quiet) FUZZCC $@
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

define fuzz_harness
$(FUZZ_B)$(1): $(addprefix $(FUZZ_B),fuzz/$(1).o fuzz/memfile.o \
		$(FUZZ_OBJS_$(1)) $(FUZZ_A_$(1)) $(LIB_OBJS))
	$$(quiet) FUZZLD $$@
	$$(Q)$$(FUZZ_CC) $$(FUZZ_SAN) -fsanitize=fuzzer -o $$@ $$^ \
		$$(FUZZ_LIBS_$(1)) $$(LIBS_CAP)
FUZZ_BINS += $(FUZZ_B)$(1)
OBJS += $(addprefix $(FUZZ_B),fuzz/$(1).o fuzz/memfile.o \
	$(FUZZ_OBJS_$(1)) $(LIB_OBJS))

$(B)fuzz/$(1)-replay: $(addprefix $(B),fuzz/$(1).o fuzz/memfile.o \
		fuzz/driver.o $(FUZZ_OBJS_$(1)) $(FUZZ_A_$(1))) $(B)lib/libfcap.a
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(ALL_CFLAGS) $$(ALL_LDFLAGS) -o $$@ $$^ \
		$$(FUZZ_LIBS_$(1)) $$(LIBS_CAP)
FUZZ_REPLAY += $(B)fuzz/$(1)-replay
PROGS += $(B)fuzz/$(1)-replay
OBJS += $(addprefix $(B),fuzz/$(1).o fuzz/memfile.o fuzz/driver.o \
	$(FUZZ_OBJS_$(1)))
endef
FUZZ_BINS :=
FUZZ_REPLAY :=
$(foreach h,$(FUZZ_HARNESSES),$(eval $(call fuzz_harness,$(h))))

# the harnesses reach into fsck-check/ headers
$(B)fuzz/%.o: ALL_CFLAGS += -I$(TOP)/fsck-check

.PHONY: fuzz fuzz-build fuzz-replay valgrind
fuzz-build: $(FUZZ_BINS)
fuzz-replay: $(FUZZ_REPLAY)
test-bins: $(FUZZ_REPLAY)

fuzz: fuzz-build
	$(Q)FUZZ_SECONDS=$(FUZZ_SECONDS) sh fuzz/run.sh $(FUZZ_HARNESSES)

valgrind: all $(B)tests/capxattr
	$(Q)$(MAKE) --no-print-directory B= SAN= fuzz-replay
	$(Q)sh tests/tap-run.sh tests/valgrind.sh

HOST_SUITES += tests/fuzz-regress.sh
LINT_C += $(wildcard fuzz/*.c fuzz/*.h)

.PHONY: fuzz-clean
fuzz-clean:
	rm -f $(wildcard fuzz/*.o fuzz/*.d fuzz/*-replay)
	rm -rf build/fuzz
clean: fuzz-clean

# tests/fault.sh: fault injection, with an LD_PRELOAD shim.  Always a plain
# build (never sanitized: it is preloaded into sanitized and plain tools).
FAULT_SHIM := build/fault/fault-shim.so
$(FAULT_SHIM): tests/fault-shim.c
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) -std=gnu11 -D_GNU_SOURCE $(WARN) -O2 -g -fPIC -shared \
		-o $@ $< -ldl
test-bins: $(FAULT_SHIM)
HOST_SUITES += tests/fault.sh
LINT_C += tests/fault-shim.c
