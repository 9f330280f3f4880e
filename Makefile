# SPDX-License-Identifier: GPL-2.0-only
#
# fcaps top-level Makefile.
#
#   make                 lib/libfcap.a and every tool
#   make check           install deps, build, run every suite (host + guest)
#   make check-host      suites that need no guest
#   make check-vm        guest suites (needs the kernels: make kernel)
#   make lint            checkpatch + cppcheck
#   make install / uninstall / clean
#
# Each part adds itself through its own */module.mk fragment: it appends to
# TOOLS (via add_tool), PROGS (every program it links) and OBJS (every
# object it compiles; add_tool and tests/module.mk's add_test do both for
# theirs), HOST_SUITES, VM_SUITES, LINT_C, MAN8, INSTALL_EXTRA.  The
# dependency files read are those of OBJS.
# Builds land beside the sources by default; B=build/san/ (with SAN=1) and
# B=build/static/ (with STATIC=1) put them elsewhere.

TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))

PREFIX ?= /usr/local
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=

CC ?= cc
AR ?= ar
CFLAGS ?= -O2 -g
LDFLAGS ?=
B ?=

WARN := -Wall -Wextra -Wformat=2 -Wshadow -Wpointer-arith -Wcast-qual \
	-Wstrict-prototypes -Wmissing-prototypes -Wwrite-strings \
	-Wundef -Wvla -Wnull-dereference -Wimplicit-fallthrough \
	-Wno-format-truncation \
	-Wno-unused-parameter
ALL_CFLAGS := -std=gnu11 -D_GNU_SOURCE $(WARN) -I$(TOP)/lib -I$(TOP)/common \
	$(CFLAGS)
ALL_LDFLAGS := $(LDFLAGS)

ifeq ($(SAN),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all -Werror
ALL_LDFLAGS += -fsanitize=address,undefined
endif
ifeq ($(STATIC),1)
ALL_LDFLAGS += -static
endif

ifeq ($(V),1)
Q :=
quiet = @true
else
Q := @
quiet = @printf '  %s  %s\n'
endif

# What every program linking lib/libfcap.a needs: libcap, and json-c and
# libyaml for the runtimes' configuration files (lib/runcfg.c)
LIBS_CAP := -lcap -ljson-c -lyaml
SANB := build/san/

all:

# $(call add_tool,NAME,OBJS,LIBS) -> $(B)NAME/NAME from $(B)OBJS, the
# shared tool helpers (COMMON_OBJS) and libfcap
TOOLS :=
PROGS :=
OBJS :=
define add_tool
TOOLS += $(B)$(1)/$(1)
PROGS += $(B)$(1)/$(1)
OBJS += $(addprefix $(B),$(filter %.o,$(2)))
$(B)$(1)/$(1): $(addprefix $(B),$(2) $(COMMON_OBJS)) $(B)lib/libfcap.a
	$$(quiet) LD $$@
	$$(Q)$$(CC) $$(ALL_CFLAGS) $$(ALL_LDFLAGS) -o $$@ $$^ $(3) $$(LIBS_CAP)
endef

HOST_SUITES :=
VM_SUITES :=
LINT_C :=
MAN8 :=
INSTALL_EXTRA :=
UNINSTALL_EXTRA :=

# Each build (plain, build/san/, ...) keeps in build/config/NAME/:
#  flags    the compiler and flags it was built with, rewritten only when
#           they change: every object depends on it, so `make CFLAGS=...`
#           after `make` rebuilds them all
#  probe.h  what the machine's libraries offer (scripts/probe.sh), probed
#           when the build runs, after `make deps`, not when this file is
#           read: a required library missing stops the build with the
#           package to install; a fragment's objects that use a result
#           include the header (gcc -include) and depend on it.  Fragments
#           add to REQUIRES and PROBES (names in scripts/probe.sh).
CONFIG_DIR := build/config/$(if $(B),$(subst /,_,$(patsubst build/%,%,$(B:/=))),plain)/
FLAGS_STAMP := $(CONFIG_DIR)flags
PROBE_H := $(CONFIG_DIR)probe.h
REQUIRES :=
PROBES :=

.PHONY: FORCE
FORCE:

$(FLAGS_STAMP): FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(subst ','\'',$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS))' \
		>$@.tmp.$$$$ && if cmp -s $@.tmp.$$$$ $@; then \
		rm -f $@.tmp.$$$$; else mv -f $@.tmp.$$$$ $@; fi

$(PROBE_H): scripts/probe.sh FORCE
	$(Q)CC='$(subst ','\'',$(CC))' sh scripts/probe.sh $@ \
		$(sort $(REQUIRES)) $(sort $(PROBES))

$(B)%.o: %.c $(FLAGS_STAMP) | $(PROBE_H)
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# Every fragment must exist: include, not -include, so that a fragment
# renamed or lost stops the build instead of silently dropping its tool,
# suites or install lines.
FRAGMENTS := lib common tests setfcap getfcap fsck-check guard learn kernel tests/vm \
	bench fuzz demo debian dh doc
include $(addsuffix /module.mk,$(FRAGMENTS))

# Last, after the guest suites too: it validates the --json output every
# suite before it kept.
LAST_SUITES := tests/json-lines.sh

all: $(B)lib/libfcap.a $(TOOLS)

# The dependency files (-MMD) of the objects the fragments declare, for
# this $(B); those not written yet are no makefiles to remake.
-include $(wildcard $(sort $(OBJS:.o=.d)))

# ---- tests -------------------------------------------------------------

export FCAPS_TOP := $(TOP)
export FCAPS_SAN := $(TOP)/build/san
export FCAPS_STATIC := $(TOP)/build/static
# make check's builds: a job per CPU
CHECK_JOBS := $(shell nproc 2>/dev/null || echo 1)

.PHONY: all deps check check-host check-vm san static lint install uninstall \
	clean test-bins

deps:
	$(Q)sh scripts/deps.sh

# The sanitizer build of the library, the tools and the test programs.
san:
	$(Q)$(MAKE) --no-print-directory B=$(SANB) SAN=1 all test-bins

# Static tools for the guest image.
static:
	$(Q)$(MAKE) --no-print-directory B=build/static/ STATIC=1 all

# deps first, in a make of its own, then the builds: nothing a build
# probes or compiles may see the machine as it was before deps.  The
# builds of make check use every CPU (a plain make stays serial).
check:
	$(Q)$(MAKE) --no-print-directory deps
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) san all
	$(Q)$(MAKE) --no-print-directory check-prepare-vm
	$(Q)sh tests/tap-run.sh $(HOST_SUITES) $(VM_SUITES) -- $(LAST_SUITES)

# Both builds: the suites run the sanitizer tools and the plain ones
# (what make install ships: tests/postinst.sh, tests/cli-man.sh).
check-host: san all
	$(Q)sh tests/tap-run.sh $(HOST_SUITES) -- $(LAST_SUITES)

check-vm: check-prepare-vm
	$(Q)sh tests/tap-run.sh $(VM_SUITES)

# Guest fragments hang their kernel and image builds on this.
check-prepare-vm::

install: all
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(MANDIR)/man8
	$(if $(TOOLS),install -m 0755 $(TOOLS) $(DESTDIR)$(SBINDIR)/)
	$(if $(MAN8),install -m 0644 $(MAN8) $(DESTDIR)$(MANDIR)/man8/)
	$(INSTALL_EXTRA)

uninstall:
	$(if $(TOOLS),rm -f $(addprefix $(DESTDIR)$(SBINDIR)/,$(notdir $(TOOLS))))
	$(if $(MAN8),rm -f $(addprefix $(DESTDIR)$(MANDIR)/man8/,$(notdir $(MAN8))))
	$(UNINSTALL_EXTRA)

CHECKPATCH := build/linux-source-6.12/scripts/checkpatch.pl
# The checkpatch types that fire on the user-space sources and are kernel
# advice that does not apply there (checked on 6 December 2026 against
# 6.12's checkpatch.pl: only these 12 of the 33 once listed fired):
#  ARRAY_SIZE                  the kernel's ARRAY_SIZE() is not in libc
#  ASSIGN_IN_IF                `if ((fd = open(...)) < 0)` is libc idiom
#  COMPLEX_MACRO               test tables built with multi-statement macros
#  EMBEDDED_FUNCTION_NAME      words for people that are also a function's
#                              name ("usage:", "vanished")
#  ENOSYS                      syscall(SYS_openat2) on a kernel without it
#  PREFER_DEFINED_ATTRIBUTE_MACRO  no __printf()/__packed outside the kernel
#  SPLIT_STRING                long usage and JSON texts split across lines
#  SSCANF_TO_KSTRTO            no kstrto*() outside the kernel
#  STATIC_CONST_CHAR_ARRAY     char *argv-style arrays that must stay char *
#  STRCPY                      no strscpy() outside the kernel
#  SYMBOLIC_PERMS              S_IWOTH and friends test st_mode bits
#  VOLATILE                    `volatile sig_atomic_t` for signal handlers
# A type that starts to fire is a new finding for `make lint`: fix it, or
# add it here with its reason.
CHECKPATCH_IGNORE := ARRAY_SIZE,ASSIGN_IN_IF,COMPLEX_MACRO,\
EMBEDDED_FUNCTION_NAME,ENOSYS,PREFER_DEFINED_ATTRIBUTE_MACRO,SPLIT_STRING,\
SSCANF_TO_KSTRTO,STATIC_CONST_CHAR_ARRAY,STRCPY,SYMBOLIC_PERMS,VOLATILE

lint: $(CHECKPATCH)
	$(Q)sh scripts/lint.sh "$(CHECKPATCH)" "$(CHECKPATCH_IGNORE)" $(LINT_C)

$(CHECKPATCH):
	$(Q)sh scripts/deps.sh
	$(Q)sh kernel/unpack.sh

# Everything a build leaves in the source directories (objects of files
# since moved or removed included) and everything under build/ but the
# kernel trees (build/kernel, build/linux-source-*): minutes to remake.
SRC_DIRS := lib common setfcap getfcap fsck-check guard learn tests bench demo fuzz
clean:
	rm -f $(shell find $(SRC_DIRS) -name '*.[oad]' -o -name '*.t' 2>/dev/null) \
		$(sort $(patsubst $(B)%,%,$(PROGS)))
	rm -rf $(filter-out build/kernel build/linux-source-%,$(wildcard build/*))

print-tools:
	@echo $(TOOLS)

print-objs:
	@echo $(sort $(OBJS))

print-progs:
	@echo $(sort $(PROGS))

print-lint:
	@echo $(sort $(LINT_C))
