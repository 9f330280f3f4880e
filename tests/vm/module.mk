# tests/vm/: guest suites.  Static test programs go into a busybox
# initramfs; tests/vm/run.sh boots a kernel under QEMU (TCG) and hands the
# guest's TAP to tests/tap-run.sh.
VMB := build/static/

$(B)tests/vm/probe: $(B)tests/vm/probe.o $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/modelcheck: $(B)tests/vm/modelcheck.o $(B)tests/vm/guest.o \
		$(B)tests/tap.o \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/seed: $(B)tests/vm/seed.o $(B)tests/vm/guest.o $(B)tests/tap.o \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/offline: $(B)tests/vm/offline.o $(B)tests/vm/guest.o \
		$(B)tests/tap.o $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/policy: $(B)tests/vm/policy.o $(B)tests/vm/guest.o \
		$(B)tests/tap.o $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/ns: $(B)tests/vm/ns.o $(B)tests/vm/guest.o $(B)tests/tap.o \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/audit: $(B)tests/vm/audit.o $(B)tests/vm/guest.o \
		$(B)tests/tap.o $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/benchexec: $(B)tests/vm/benchexec.o $(B)tests/vm/guest.o \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/nop: $(B)tests/vm/nop.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^

.PHONY: vm-bins
VM_BINS := $(B)tests/vm/probe $(B)tests/vm/modelcheck $(B)tests/vm/seed \
	$(B)tests/vm/offline $(B)tests/vm/policy $(B)tests/vm/benchexec \
	$(B)tests/vm/nop $(B)tests/vm/ns $(B)tests/vm/audit
PROGS += $(VM_BINS)
OBJS += $(addsuffix .o,$(VM_BINS)) $(B)tests/vm/guest.o $(B)tests/tap.o
vm-bins: $(VM_BINS) $(B)tests/capxattr

check-prepare-vm::
	$(Q)$(MAKE) --no-print-directory B=$(VMB) STATIC=1 vm-bins all \
		2>&1 | grep -v -e 'statically linked applications' \
		-e ': in function' >&2 || true
	$(Q)$(MAKE) --no-print-directory kernel-guests & \
		$(MAKE) --no-print-directory kernel-6.1-guests; r=$$?; \
		wait $$! && [ $$r -eq 0 ]

VM_SUITES += tests/vm/model-stock.sh tests/vm/seed-stock.sh tests/vm/scan-stock.sh
VM_SUITES += tests/vm/offline-stock.sh
VM_SUITES += tests/vm/model-patched.sh tests/vm/seed-patched.sh
VM_SUITES += tests/vm/offline-patched.sh tests/vm/offline-nofcaps.sh
VM_SUITES += tests/vm/policy.sh
VM_SUITES += tests/vm/planted-stock.sh tests/vm/planted-patched.sh
VM_SUITES += tests/vm/ns-stock.sh tests/vm/ns-patched.sh
VM_SUITES += tests/vm/audit-stock.sh tests/vm/audit-patched.sh

# The series' first patch alone on stock 6.12 (make kernel-fix1, seeded
# from stock's objects): the zero-length fix stands on its own.
VM_SUITES += tests/vm/offline-fix1.sh
LINT_C += $(wildcard tests/vm/*.c)

# The kernel's own capabilities selftest (test_execve + validate_cap),
# built statically from the unpacked tree; our wrapper merges its two TAP
# streams (root, then non-root) into one.
KSELFTEST_CAPS := build/linux-source-6.12/tools/testing/selftests/capabilities
$(VMB)tests/vm/test_execve $(VMB)tests/vm/validate_cap: $(VMB)tests/vm/%: \
		$(KSELFTEST_CAPS)/%.c
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) -O2 -std=gnu99 -static -I$(KSELFTEST_CAPS)/.. -o $@ $< \
		-lcap-ng -lrt -ldl -Wl,--no-warnings

$(KSELFTEST_CAPS)/%.c:
	$(Q)sh kernel/unpack.sh

# The same from 6.1's tree, for the 6.1 kernels (tests/vm/run.sh picks
# build/static/tests/vm/6.1/ for a kernel under build/kernel/6.1/).
KSELFTEST_CAPS_61 := build/linux-source-6.1/tools/testing/selftests/capabilities
$(VMB)tests/vm/6.1/test_execve $(VMB)tests/vm/6.1/validate_cap: \
		$(VMB)tests/vm/6.1/%: $(KSELFTEST_CAPS_61)/%.c
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) -O2 -std=gnu99 -static -I$(KSELFTEST_CAPS_61)/.. -o $@ $< \
		-lcap-ng -lrt -ldl -Wl,--no-warnings

$(KSELFTEST_CAPS_61)/%.c:
	$(Q)KVER=6.1 sh kernel/unpack.sh

check-prepare-vm::
	$(Q)$(MAKE) --no-print-directory $(VMB)tests/vm/test_execve \
		$(VMB)tests/vm/validate_cap $(VMB)tests/vm/6.1/test_execve \
		$(VMB)tests/vm/6.1/validate_cap

VM_SUITES += tests/vm/selftest-caps-stock.sh tests/vm/selftest-caps-patched.sh

# The series' own kselftest, from the patched tree (patch 5).
FCAPS_KSELFTEST := build/kernel/patched-src/tools/testing/selftests/fcaps
$(VMB)tests/vm/fcaps_test: $(FCAPS_KSELFTEST)/fcaps_test.c
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) -O2 -std=gnu99 -static -I$(FCAPS_KSELFTEST)/.. -o $@ $< \
		-Wl,--no-warnings

# And the 6.1 series' (its patch 5), for the 6.1 kernels.
FCAPS_KSELFTEST_61 := build/kernel/6.1/patched-src/tools/testing/selftests/fcaps
$(VMB)tests/vm/6.1/fcaps_test: $(FCAPS_KSELFTEST_61)/fcaps_test.c
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) -O2 -std=gnu99 -static -I$(FCAPS_KSELFTEST_61)/.. -o $@ $< \
		-Wl,--no-warnings

check-prepare-vm::
	$(Q)$(MAKE) --no-print-directory $(VMB)tests/vm/fcaps_test \
		$(VMB)tests/vm/6.1/fcaps_test

VM_SUITES += tests/vm/fcaps-selftest-patched.sh

# Every suite again on Debian 12's 6.1: stock, the 6.1 series, its
# CONFIG_SECURITY_FILE_CAPABILITIES=n variant and its first patch alone.
VM_SUITES += $(sort $(wildcard tests/vm/6.1/*.sh))
