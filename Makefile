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

LIBS_CAP := -lcap
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

$(B)%.o: %.c
	$(quiet) CC $@
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

include lib/module.mk
include common/module.mk
include tests/module.mk
-include setfcap/module.mk
-include getfcap/module.mk
-include fsck-check/module.mk
-include kernel/module.mk
-include tests/vm/module.mk
-include bench/module.mk
-include fuzz/module.mk
-include demo/module.mk
-include debian/module.mk
-include dh/module.mk
-include doc/module.mk

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

.PHONY: all deps check check-host check-vm san static lint install uninstall \
	clean test-bins

deps:
	$(Q)sh tests/deps.sh

# The sanitizer build of the library, the tools and the test programs.
san:
	$(Q)$(MAKE) --no-print-directory B=$(SANB) SAN=1 all test-bins

# Static tools for the guest image.
static:
	$(Q)$(MAKE) --no-print-directory B=build/static/ STATIC=1 all

check: deps san all
	$(Q)$(MAKE) --no-print-directory check-prepare-vm
	$(Q)sh tests/tap-run.sh $(HOST_SUITES) $(VM_SUITES) -- $(LAST_SUITES)

check-host: san
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
CHECKPATCH_IGNORE := SPDX_LICENSE_TAG,FILE_PATH_CHANGES,NEW_TYPEDEFS,\
PREFER_KERNEL_TYPES,AVOID_EXTERNS,SPLIT_STRING,LINE_SPACING,\
USE_NEGATIVE_ERRNO,PREFER_PR_LEVEL,EMBEDDED_FUNCTION_NAME,\
CONST_STRUCT,MACRO_ARG_REUSE,UNNECESSARY_PARENTHESES,COMPLEX_MACRO,\
STRLCPY,BIT_MACRO,NAKED_SSCANF,SSCANF_TO_KSTRTO,ENOSYS,UAPI_INCLUDE,\
GLOBAL_INITIALISERS,PREFER_DEFINED_ATTRIBUTE_MACRO,ASSIGN_IN_IF,\
PREFER_FALLTHROUGH,LONG_LINE_STRING,COMMIT_MESSAGE,SYMBOLIC_PERMS,STRCPY,\
ARRAY_SIZE,VOLATILE,STATIC_CONST_CHAR_ARRAY

lint: $(CHECKPATCH)
	$(Q)sh tests/lint.sh "$(CHECKPATCH)" "$(CHECKPATCH_IGNORE)" $(LINT_C)

$(CHECKPATCH):
	$(Q)sh tests/deps.sh
	$(Q)sh kernel/unpack.sh

# Everything a build leaves in the source directories (objects of files
# since moved or removed included) and everything under build/ but the
# kernel trees (build/kernel, build/linux-source-*): minutes to remake.
SRC_DIRS := lib common setfcap getfcap fsck-check tests bench demo fuzz
clean:
	rm -f $(shell find $(SRC_DIRS) -name '*.[oad]' -o -name '*.t' 2>/dev/null) \
		$(sort $(patsubst $(B)%,%,$(PROGS)))
	rm -rf $(filter-out build/kernel build/linux-source-%,$(wildcard build/*))

print-tools:
	@echo $(TOOLS)

print-objs:
	@echo $(sort $(OBJS))
