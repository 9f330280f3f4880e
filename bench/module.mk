# SPDX-License-Identifier: GPL-2.0-only
#
# bench/: benchmarks, never run by make check (bench/README.md).
#
#   make bench-scan      fsck-check --list vs getcap -r vs the floor probe
#   make bench-image     fsck-check --image vs e2fsck -fn
#   make bench-archive   fsck-check --archive vs bsdtar -tvf, tar -tvv, zcat
#   make bench-apply     setfcap --manifest vs setcap [BENCH_N=10000]
#   make bench-exec      exec rate in the guest, stock vs patched
#   make bench-guard     exec and setxattr cost of fcaps-guard on Debian's
#                        own kernels, loaded vs not
#   make bench-learn     what fcaps-learn's recorder costs an exec-heavy
#                        command it follows, on Debian's own kernels

.PHONY: bench-scan bench-image bench-archive bench-apply bench-exec bench-guard \
	bench-learn

# The floor probe lands under build/ (ignored by git, never installed).
FLOOR_PROBE := build/bench-scan/floor-probe
OBJS += $(B)bench/floor-probe.o
$(FLOOR_PROBE): $(B)bench/floor-probe.o
	$(quiet) LD $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ -lpthread

bench-scan: $(B)fsck-check/fsck-check $(FLOOR_PROBE)
	$(Q)sh bench/scan.sh $(B)fsck-check/fsck-check $(FLOOR_PROBE)

# The same tree as a 1 GiB ext4 image.
bench-image: $(B)fsck-check/fsck-check
	$(Q)sh bench/image.sh $(B)fsck-check/fsck-check

# The same tree as a tar archive, plain and gzip.
bench-archive: $(B)fsck-check/fsck-check
	$(Q)sh bench/archive.sh $(B)fsck-check/fsck-check

BENCH_N ?= 10000
bench-apply: setfcap/setfcap
	$(Q)sh bench/apply.sh $(BENCH_N)

bench-exec: check-prepare-vm $(foreach v,$(KERNEL_VERSIONS),kernel-$(v)-bench)
	$(Q)sh bench/exec.sh

LINT_C += bench/floor-probe.c

# Debian's stock kernels (kernel/distro.sh), each booted with and without
# the guard, alternated; the static guest programs and the plain loader.
bench-guard: all
	$(Q)$(MAKE) --no-print-directory B=build/static/ STATIC=1 \
		build/static/bench/benchexec build/static/bench/nop \
		build/static/bench/benchxattr
	$(Q)sh bench/guard.sh

bench-learn: all
	$(Q)$(MAKE) --no-print-directory B=build/static/ STATIC=1 \
		build/static/bench/benchexec build/static/bench/nop
	$(Q)sh bench/learn.sh

# The guest side of bench-exec (run.sh puts them in every guest): a
# posix_spawn loop and the static binary it spawns.
$(B)bench/benchexec: $(B)bench/benchexec.o $(B)tests/vm/guest.o \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ $(LIBS_CAP)

$(B)bench/nop: $(B)bench/nop.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^

$(B)bench/benchxattr: $(B)bench/benchxattr.o
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^

PROGS += $(B)bench/benchexec $(B)bench/nop $(B)bench/benchxattr
OBJS += $(B)bench/benchexec.o $(B)bench/nop.o $(B)bench/benchxattr.o
vm-bins: $(B)bench/benchexec $(B)bench/nop $(B)bench/benchxattr
LINT_C += bench/benchexec.c bench/nop.c bench/benchxattr.c
$(B)bench/benchexec.o: ALL_CFLAGS += -I$(TOP)/tests/vm
