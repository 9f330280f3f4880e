# SPDX-License-Identifier: GPL-2.0-only
#
# demo/: `make demo`, the seeds' story end to end in a QEMU guest on the
# patched kernel (demo/demo.sh narrates; V=1 shows the whole console).
#
#   make demo        deps, tools, static guest programs, kernel-patched, run
#   make demo-run    run only (everything already built)

DEMO_BINS := $(B)demo/oracle-sim $(B)demo/setxattr
PROGS += $(DEMO_BINS)
OBJS += $(addsuffix .o,$(DEMO_BINS))

$(B)demo/oracle-sim: $(B)demo/oracle-sim.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)demo/setxattr: $(B)demo/setxattr.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^

LINT_C += $(wildcard demo/*.c)

.PHONY: demo demo-bins demo-run demo-clean
demo-bins: $(DEMO_BINS)

# Static programs for the guest, as check-prepare-vm builds them; glibc's
# warnings about getpwnam() in static programs are expected.  The kernel
# is rebuilt (incrementally) only when something under kernel/ is newer
# than it: a no-op kbuild alone takes 10-20 s here.  (kernel/build.sh
# patched, run first on a fresh tree, needs build/kernel to exist.)
DEMO_KERNEL := build/kernel/patched/bzImage
# $(call demo_make,ARGS): a sub-make, minus "Nothing to be done" lines and
# static glibc's warnings about getpwnam(), keeping its exit status.
demo_make = $(MAKE) --no-print-directory $(1) >build/demo/make.log 2>&1; \
	rc=$$?; grep -v -e 'Nothing to be done' -e 'statically linked applications' \
	-e ': in function' build/demo/make.log; exit $$rc

demo:
	$(Q)sh scripts/deps.sh
	@mkdir -p build/demo
	$(Q)$(call demo_make,all)
	$(Q)$(call demo_make,B=build/static/ STATIC=1 demo-bins all)
	$(Q)if [ ! -f $(DEMO_KERNEL) ] || \
		[ -n "$$(find kernel -newer $(DEMO_KERNEL) | head -n 1)" ]; then \
		mkdir -p build/kernel && \
		$(MAKE) --no-print-directory kernel-patched; fi
	$(Q)V=$(V) sh demo/demo.sh

demo-run:
	$(Q)V=$(V) sh demo/demo.sh

demo-clean:
	rm -rf build/demo

clean: demo-clean

# About 20-30 s once the kernels are built (check-prepare-vm builds them).
VM_SUITES += demo/demo-test.sh
