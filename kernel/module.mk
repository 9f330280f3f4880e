# SPDX-License-Identifier: GPL-2.0-only
#
# Kernel series and test kernels (included by the top Makefile).
#
#   make kernel          build/kernel/{stock,patched}/bzImage (incremental)
#   make kernel-stock    only the unpatched kernel
#   make kernel-patched  only the patched kernel
#   make kernel-nofcaps  patched, CONFIG_SECURITY_FILE_CAPABILITIES=n
#   make kernel-fix1     stock with the series' first patch alone
#   make kernel-bench    stock and patched without lockdep, for bench-exec
#   make kernel-bisect   every prefix of the series builds
#   make kernel-compile-test  after each patch, the touched objects under
#                        defconfig+, W=1, fcaps y/n and audit off: no new
#                        warnings (not in make check: slow)
#   make kernel-boot     boot both kernels once with a busybox initramfs
#   make lint-kernel     checkpatch.pl --strict over every patch

KERNEL_SERIES := $(shell sed -e 's/\#.*//' -e '/^[[:space:]]*$$/d' \
	kernel/patches/series 2>/dev/null)
KERNEL_PATCHES := $(addprefix kernel/patches/,$(KERNEL_SERIES))

.PHONY: kernel kernel-stock kernel-patched kernel-nofcaps kernel-fix1 \
	kernel-bench kernel-bisect kernel-compile-test kernel-boot lint-kernel

kernel: kernel-stock kernel-patched

kernel-stock:
	$(Q)sh kernel/build.sh stock

kernel-patched:
	$(Q)sh kernel/build.sh patched

kernel-nofcaps:
	$(Q)OBJ_SUFFIX=nofcaps EXTRA_CONFIG=kernel/config/nofcaps.config \
		sh kernel/build.sh patched

kernel-fix1:
	$(Q)sh kernel/build.sh fix1

kernel-bench:
	$(Q)OBJ_SUFFIX=bench EXTRA_CONFIG=kernel/config/bench.config \
		sh kernel/build.sh stock
	$(Q)OBJ_SUFFIX=bench EXTRA_CONFIG=kernel/config/bench.config \
		sh kernel/build.sh patched

kernel-bisect:
	$(Q)sh kernel/bisect.sh

kernel-compile-test:
	$(Q)sh kernel/compile-test.sh

kernel-boot: kernel
	$(Q)sh kernel/boot-smoke.sh build/kernel/stock/bzImage
	$(Q)sh kernel/boot-smoke.sh build/kernel/patched/bzImage

# The cover letter is linted too; series never lists it, so no build
# script applies it.
lint-kernel: $(CHECKPATCH)
	$(Q)sh kernel/lint.sh "$(CHECKPATCH)" \
		kernel/patches/0000-cover-letter.patch $(KERNEL_PATCHES)

lint: lint-kernel
