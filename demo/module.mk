# SPDX-License-Identifier: GPL-2.0-only
#
# demo/: `make demo`, the seeds' story end to end in a QEMU guest on the
# patched kernel (demo/demo.sh narrates; V=1 shows the whole console).
#
#   make demo        deps, tools, static guest programs, kernel-patched, run
#   make demo-run    run only (everything already built)

DEMO_BINS := $(B)demo/oracle-sim $(B)demo/setxattr

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
# warnings about getpwnam() in static programs are expected.
demo:
	$(Q)sh tests/deps.sh
	$(Q)$(MAKE) --no-print-directory all
	@mkdir -p build/demo
	$(Q)$(MAKE) --no-print-directory B=build/static/ STATIC=1 demo-bins all \
		>build/demo/static.log 2>&1; rc=$$?; \
		grep -v -e 'statically linked applications' \
		-e ': in function' build/demo/static.log >&2; exit $$rc
	$(Q)$(MAKE) --no-print-directory kernel-patched
	$(Q)V=$(V) sh demo/demo.sh

demo-run:
	$(Q)V=$(V) sh demo/demo.sh

demo-clean:
	rm -rf build/demo

clean: demo-clean
