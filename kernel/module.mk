# SPDX-License-Identifier: GPL-2.0-only
#
# Kernel series and test kernels (included by the top Makefile).  Per
# supported kernel line, kernel/patches/VERSION holds two series, the
# same patches in the same order on every line: fix/ (the stable fix)
# and policy/ (the RFC series on top of it), and series lists both, fix
# first, for the build scripts; the lines are kernel/kver.sh's
# KERNEL_VERSIONS (7.3, the series sent upstream, then its backports 6.12
# and 6.1), and adding one there adds its kernels, its guest suites and its
# place in every target below.  kernel/build.sh takes KVER.
#
#   make kernel          stock, patched and nofcaps for every line
#   make kernel-VERSION-stock    the unpatched kernel of that line
#   make kernel-VERSION-patched  the line's series applied
#   make kernel-VERSION-nofcaps  patched, CONFIG_SECURITY_FILE_CAPABILITIES=n
#   make kernel-VERSION-fix      the fix series alone
#   make kernel-VERSION-bench    stock and patched without lockdep
#   make kernel-VERSION-guests   stock, patched, nofcaps and fix: what
#                        the guest suites boot
#   make kernel-guests   every line's, the lines side by side
#   make kernel-stock, kernel-patched, ...  6.12's (kernel-6.12-...)
#   make kernel-bisect   every prefix of every line's series (fix, then
#                        policy) builds and boots
#   make kernel-compile-test  after each patch of each series, the touched
#                        objects under defconfig+, W=1, fcaps y/n and
#                        audit off: no new warnings (not in make check)
#   make kernel-fix-applies  each line's fix series applies with git am
#                        to its line, and 7.3's to the older lines as a
#                        stable backport (or, per patch, the backport
#                        says why it was reworked); also a suite of make
#                        check
#   make kernel-boot     boot every line's stock and patched kernels once
#   make lint-kernel     each line's checkpatch.pl --strict over both
#                        series, cover letters included, and their
#                        To:/Cc: headers against get_maintainer.pl
#   make kernel-port-diff  what each backport's patches do differently
#                        from their 7.3 twins

KERNEL_VERSIONS := $(shell top=. && . kernel/kver.sh && echo $$KERNEL_VERSIONS)
# $(call kdir_of,VERSION): build/kernel or build/kernel/VERSION
kdir_of = $(patsubst $(TOP)/%,%,$(shell KVER=$(1) && top=$(TOP) && \
	. kernel/kver.sh && echo $$kdir))
KERNEL_VARIANTS := stock patched nofcaps fix bench guests
.PHONY: kernel kernel-guests kernel-bisect kernel-compile-test kernel-boot \
	kernel-fix-applies \
	lint-kernel kernel-port-diff \
	$(foreach v,$(KERNEL_VERSIONS),$(addprefix kernel-$(v)-,$(KERNEL_VARIANTS))) \
	$(addprefix kernel-,$(KERNEL_VARIANTS))

kernel: $(foreach v,$(KERNEL_VERSIONS),$(addprefix kernel-$(v)-,stock patched \
	nofcaps))

# One rule body per line: $(1) is the version.
define kernel_rules
kernel-$(1)-stock:
	$$(Q)KVER=$(1) sh kernel/build.sh stock

kernel-$(1)-patched:
	$$(Q)KVER=$(1) sh kernel/build.sh patched

kernel-$(1)-nofcaps:
	$$(Q)KVER=$(1) OBJ_SUFFIX=nofcaps \
		EXTRA_CONFIG=kernel/config/nofcaps.config \
		sh kernel/build.sh patched

kernel-$(1)-fix:
	$$(Q)KVER=$(1) sh kernel/build.sh fix

# every kernel the guest suites boot, in the order that seeds each tree
kernel-$(1)-guests:
	$$(Q)$$(MAKE) -j1 --no-print-directory kernel-$(1)-stock \
		kernel-$(1)-patched kernel-$(1)-nofcaps kernel-$(1)-fix

kernel-$(1)-bench:
	$$(Q)KVER=$(1) OBJ_SUFFIX=bench \
		EXTRA_CONFIG=kernel/config/bench.config sh kernel/build.sh stock
	$$(Q)KVER=$(1) OBJ_SUFFIX=bench \
		EXTRA_CONFIG=kernel/config/bench.config sh kernel/build.sh patched
endef
$(foreach v,$(KERNEL_VERSIONS),$(eval $(call kernel_rules,$(v))))
# 6.12's targets also go by their names from before the other lines
$(foreach t,$(filter-out guests,$(KERNEL_VARIANTS)),\
	$(eval kernel-$(t): kernel-6.12-$(t)))

# Every line's guest kernels side by side: a line's copies, configuration
# and single-threaded links leave CPUs that the others use.
kernel-guests:
	$(Q)pids=; for v in $(KERNEL_VERSIONS); do \
		$(MAKE) --no-print-directory kernel-$$v-guests & \
		pids="$$pids $$!"; done; rc=0; \
	for p in $$pids; do wait $$p || rc=1; done; exit $$rc

kernel-bisect:
	$(Q)for v in $(KERNEL_VERSIONS); do \
		KVER=$$v sh kernel/bisect.sh || exit 1; done

kernel-compile-test:
	$(Q)rc=0; for v in $(KERNEL_VERSIONS); do \
		KVER=$$v sh kernel/compile-test.sh || rc=1; done; exit $$rc

kernel-fix-applies:
	$(Q)sh tests/tap-run.sh kernel/fix-applies.sh

# after check-prepare-vm, which unpacks every line's tree
VM_SUITES += kernel/fix-applies.sh

kernel-port-diff:
	$(Q)sh kernel/port-diff.sh

kernel-boot: kernel
	$(Q)$(foreach v,$(KERNEL_VERSIONS),$(foreach t,stock patched,\
		sh kernel/boot-smoke.sh $(call kdir_of,$(v))/$(t)/bzImage &&)) true

# Each line's two series are linted by its own kernel's checkpatch and
# get_maintainer.pl, the cover letters too (no series lists them, so no
# build script applies them): kernel/lint.sh without arguments.
lint-kernel:
	$(Q)rc=0; for v in $(KERNEL_VERSIONS); do \
		KVER=$$v sh kernel/unpack.sh && KVER=$$v sh kernel/lint.sh \
		|| rc=1; done; exit $$rc

lint: lint-kernel
