# SPDX-License-Identifier: GPL-2.0-only
#
# Kernel series and test kernels (included by the top Makefile).  Two
# series, one per supported kernel: kernel/patches/6.12 (Debian's
# linux-source-6.12) and kernel/patches/6.1 (Debian 12's linux-source-6.1),
# the same patches in the same order; kernel/build.sh takes KVER.
#
#   make kernel          stock, patched and nofcaps, for 6.12 and 6.1:
#                        build/kernel/{stock,patched,patched-nofcaps}/...
#                        and build/kernel/6.1/... (incremental)
#   make kernel-stock    only the unpatched 6.12 kernel
#   make kernel-patched  only the patched 6.12 kernel
#   make kernel-nofcaps  patched, CONFIG_SECURITY_FILE_CAPABILITIES=n
#   make kernel-fix1     stock with the series' first patch alone
#   make kernel-bench    stock and patched without lockdep, for bench-exec
#   make kernel-guests   stock, patched, nofcaps and fix1: what make check
#                        boots
#   make kernel-6.1-{stock,patched,nofcaps,fix1,bench,guests}  the same
#                        for 6.1
#   make kernel-bisect   every prefix of both series builds
#   make kernel-compile-test  after each patch of each series, the touched
#                        objects under defconfig+, W=1, fcaps y/n and
#                        audit off: no new warnings (not in make check)
#   make kernel-boot     boot the stock and patched kernels once
#   make lint-kernel     each kernel's checkpatch.pl --strict over its series
#   make kernel-port-diff  what each 6.1 patch does differently from its
#                        6.12 twin (the code hunks' diff, patch by patch)

KERNEL_VERSIONS := 6.12 6.1
.PHONY: kernel kernel-stock kernel-patched kernel-nofcaps kernel-fix1 \
	kernel-bench kernel-bisect kernel-compile-test kernel-boot lint-kernel \
	kernel-6.1-stock kernel-6.1-patched kernel-6.1-nofcaps \
	kernel-6.1-fix1 kernel-6.1-bench kernel-port-diff kernel-guests \
	kernel-6.1-guests

kernel: kernel-stock kernel-patched kernel-nofcaps \
	kernel-6.1-stock kernel-6.1-patched kernel-6.1-nofcaps

# One rule body per version: $(1) is the KVER, $(2) the target prefix.
define kernel_rules
$(2)stock:
	$$(Q)KVER=$(1) sh kernel/build.sh stock

$(2)patched:
	$$(Q)KVER=$(1) sh kernel/build.sh patched

$(2)nofcaps:
	$$(Q)KVER=$(1) OBJ_SUFFIX=nofcaps \
		EXTRA_CONFIG=kernel/config/nofcaps.config \
		sh kernel/build.sh patched

$(2)fix1:
	$$(Q)KVER=$(1) sh kernel/build.sh fix1

# every kernel the guest suites boot, in the order that seeds each tree
$(2)guests:
	$$(Q)$$(MAKE) --no-print-directory $(2)stock $(2)patched \
		$(2)nofcaps $(2)fix1

$(2)bench:
	$$(Q)KVER=$(1) OBJ_SUFFIX=bench \
		EXTRA_CONFIG=kernel/config/bench.config sh kernel/build.sh stock
	$$(Q)KVER=$(1) OBJ_SUFFIX=bench \
		EXTRA_CONFIG=kernel/config/bench.config sh kernel/build.sh patched
endef
$(eval $(call kernel_rules,6.12,kernel-))
$(eval $(call kernel_rules,6.1,kernel-6.1-))

kernel-bisect:
	$(Q)for v in $(KERNEL_VERSIONS); do \
		KVER=$$v sh kernel/bisect.sh || exit 1; done

kernel-compile-test:
	$(Q)rc=0; for v in $(KERNEL_VERSIONS); do \
		KVER=$$v sh kernel/compile-test.sh || rc=1; done; exit $$rc

kernel-port-diff:
	$(Q)sh kernel/port-diff.sh

kernel-boot: kernel
	$(Q)sh kernel/boot-smoke.sh build/kernel/stock/bzImage
	$(Q)sh kernel/boot-smoke.sh build/kernel/patched/bzImage
	$(Q)sh kernel/boot-smoke.sh build/kernel/6.1/stock/bzImage
	$(Q)sh kernel/boot-smoke.sh build/kernel/6.1/patched/bzImage

# Each series is linted by its own kernel's checkpatch, the cover letter
# too (series never lists it, so no build script applies it).
lint-kernel:
	$(Q)rc=0; for v in $(KERNEL_VERSIONS); do \
		KVER=$$v sh kernel/unpack.sh && \
		KVER=$$v sh kernel/lint.sh \
		build/linux-source-$$v/scripts/checkpatch.pl \
		kernel/patches/$$v/0000-cover-letter.patch \
		$$(sed -e 's/#.*//' -e '/^[[:space:]]*$$/d' \
		   -e "s|^|kernel/patches/$$v/|" kernel/patches/$$v/series) \
		|| rc=1; done; exit $$rc

lint: lint-kernel
