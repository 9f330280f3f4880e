# tests/vm/: guest suites.  Static test programs go into a busybox
# initramfs; tests/vm/run.sh boots a kernel under QEMU (TCG) and hands the
# guest's TAP to tests/tap-run.sh.  The suites are the rows of
# tests/vm/suites.tab, each run on the kernel lines of kernel/kver.sh
# (KERNEL_VERSIONS, read by kernel/module.mk) its row names, as
# vm/VERSION/NAME (tests/vm/suites.awk).
VMB := build/static/

# The guest programs: tests/vm/NAME.c with the guest helpers, the TAP
# writer and libfcap; probe (a capability printer) with libfcap alone.
VM_TAP_PROGS := $(addprefix $(B)tests/vm/,modelcheck seed offline policy ns \
	audit)
$(VM_TAP_PROGS): $(B)tests/vm/%: $(B)tests/vm/%.o $(B)tests/vm/guest.o \
		$(B)tests/tap.o $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)tests/vm/probe: $(B)tests/vm/probe.o $(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

.PHONY: vm-bins
VM_BINS := $(B)tests/vm/probe $(VM_TAP_PROGS)
PROGS += $(VM_BINS)
OBJS += $(addsuffix .o,$(VM_BINS)) $(B)tests/vm/guest.o $(B)tests/tap.o
vm-bins: $(VM_BINS) $(B)tests/capxattr $(B)tests/noisy $(B)demo/oracle-sim
LINT_C += $(wildcard tests/vm/*.c)

# Built from each line's own tree, into $(VMB)tests/vm/VERSION/ (run.sh
# puts a kernel's into its guest): the kernel's capabilities selftest
# (test_execve + validate_cap; tests/vm/selftest-caps merges their two TAP
# streams) from the unpacked tree, and from the patched tree the fix
# series' test_empty_fcaps and the policy series' kselftest.
# $(call vm_kselftests,VERSION,PRISTINE,PATCHED-SRC)
define vm_kselftests
$(VMB)tests/vm/$(1)/test_execve $(VMB)tests/vm/$(1)/validate_cap: \
		$(VMB)tests/vm/$(1)/%: $(2)/tools/testing/selftests/capabilities/%.c
	$$(quiet) CC $$@
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CC) -O2 -std=gnu99 -static -I$(2)/tools/testing/selftests \
		-o $$@ $$< -lcap-ng -lrt -ldl -Wl,--no-warnings

$(2)/tools/testing/selftests/capabilities/%.c:
	$$(Q)KVER=$(1) sh kernel/unpack.sh

# the fix series' regression test (its patch 3), from the patched tree too
$(VMB)tests/vm/$(1)/test_empty_fcaps: \
		$(3)/tools/testing/selftests/capabilities/test_empty_fcaps.c
	$$(quiet) CC $$@
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CC) -O2 -std=gnu99 -static -I$(3)/tools/testing/selftests \
		-o $$@ $$< -Wl,--no-warnings

$(VMB)tests/vm/$(1)/fcaps_test: $(3)/tools/testing/selftests/fcaps/fcaps_test.c
	$$(quiet) CC $$@
	@mkdir -p $$(dir $$@)
	$$(Q)$$(CC) -O2 -std=gnu99 -static -I$(3)/tools/testing/selftests \
		-o $$@ $$< -Wl,--no-warnings

# kselftest's runner as `make install` lays it out, with the fcaps
# collection alone: the guest runs the series' test through it
$(VMB)tests/vm/$(1)/kselftest/run_kselftest.sh: $(VMB)tests/vm/$(1)/fcaps_test \
		$(3)/tools/testing/selftests/run_kselftest.sh
	$$(quiet) GEN $$(dir $$@)
	$$(Q)d=$$(dir $$@) s=$(3)/tools/testing/selftests && rm -rf $$$$d && \
		mkdir -p $$$$d/kselftest $$$$d/fcaps && \
		cp $$$$s/run_kselftest.sh $$$$d/ && \
		cp $$$$s/kselftest/runner.sh $$$$s/kselftest/prefix.pl $$$$d/kselftest/ && \
		{ [ ! -f $$$$s/kselftest/ktap_helpers.sh ] || \
		  cp $$$$s/kselftest/ktap_helpers.sh $$$$d/kselftest/; } && \
		cp $$< $$$$d/fcaps/ && echo fcaps:fcaps_test >$$$$d/kselftest-list.txt

VM_KSELFTESTS += $(addprefix $(VMB)tests/vm/$(1)/,test_execve validate_cap \
	test_empty_fcaps fcaps_test kselftest/run_kselftest.sh)
endef
VM_KSELFTESTS :=
$(foreach v,$(KERNEL_VERSIONS),$(eval $(call vm_kselftests,$(v),\
	build/linux-source-$(v),$(call kdir_of,$(v))/patched-src)))

# The static programs, then every line's guest kernels side by side (each
# builds its variants in the order that seeds them) while the Debian
# guests' base system downloads, and, when the table has distro rows,
# Debian's own kernels too, installed with their initramfs
# (debian-image.sh --base or --kernels: its failure is the debian suites'
# to report), then what is built from their trees.
VM_DISTRO_SUITES := $(shell awk -v lines="$(KERNEL_VERSIONS)" -v variant=distro \
	-f tests/vm/suites.awk tests/vm/suites.tab)
check-prepare-vm::
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) B=$(VMB) STATIC=1 vm-bins all \
		2>&1 | grep -v -e 'statically linked applications' \
		-e ': in function' >&2 || true
	$(Q)mkdir -p build/debian && \
	{ sh tests/vm/debian-image.sh $(if $(VM_DISTRO_SUITES),--kernels,--base) \
		>build/debian/base.log 2>&1 & } && \
	$(MAKE) --no-print-directory kernel-guests; rc=$$?; wait; exit $$rc
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) $(VM_KSELFTESTS)

VM_SUITES += $(shell awk -v lines="$(KERNEL_VERSIONS)" \
	-f tests/vm/suites.awk tests/vm/suites.tab)
ifneq ($(.SHELLSTATUS),0)
$(error tests/vm/suites.tab: a row make check cannot read)
endif
