# guard/: fcaps-guard, the series' fix and admin mask as a BPF LSM for
# stock kernels.  fcaps-guard.bpf.c is compiled by clang for the BPF
# target against guard/vmlinux-min.h (CO-RE: no kernel, BTF or kernel
# headers of the build machine are read), bpftool turns the object into a
# libbpf skeleton header, and the loader links libbpf and libsystemd
# (sd_notify).  Not in the static build: libsystemd has no static archive,
# and the guests that boot our own kernels have no BPF LSM.
ifneq ($(STATIC),1)
BPF_CLANG ?= clang
BPF_CFLAGS := -O2 -g -Wall -Werror -target bpf -I$(TOP)/lib

# $(call bpf_skeleton,DIR/NAME,SKEL,INCLUDES): DIR/NAME.bpf.o from
# DIR/NAME.bpf.c (clang, CO-RE; in OBJS, so that its .d file, the headers
# it includes, is read), its libbpf skeleton DIR/NAME.skel.h (struct
# SKEL), and DIR/NAME.o, the loader, built after it
define bpf_skeleton
OBJS += $(B)$(1).bpf.o
$(B)$(1).bpf.o: $(1).bpf.c
	$$(quiet) CC $$@
	@mkdir -p $$(dir $$@)
	$$(Q)$$(BPF_CLANG) $$(BPF_CFLAGS) $(3) -MMD -MP -c -o $$@ $$<

$(B)$(1).skel.h: $(B)$(1).bpf.o
	$$(quiet) GEN $$@
	$$(Q)bpftool gen skeleton $$< name $(2) >$$@.tmp && mv $$@.tmp $$@

# the skeleton casts its const ELF bytes to void *
$(B)$(1).o: $(B)$(1).skel.h
$(B)$(1).o: ALL_CFLAGS += -I$$(TOP)/$(B)$(dir $(1)) -Wno-cast-qual
endef
$(eval $(call bpf_skeleton,guard/fcaps-guard,fcaps_guard_bpf,))

# add_tool's layout is NAME/NAME; the guard's directory is guard/
TOOLS += $(B)guard/fcaps-guard
PROGS += $(B)guard/fcaps-guard
OBJS += $(B)guard/fcaps-guard.o
$(B)guard/fcaps-guard: $(addprefix $(B),guard/fcaps-guard.o $(COMMON_OBJS)) \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ -lbpf -lsystemd $(LIBS_CAP)
REQUIRES += libbpf libsystemd
LINT_C += guard/fcaps-guard.c
MAN8 += doc/fcaps-guard.8
HOST_SUITES += tests/guard.sh

# blank first and last lines: apart from other parts' INSTALL_EXTRA
define GUARD_INSTALL

install -d $(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)/etc/fcaps
sed 's|@SBINDIR@|$(SBINDIR)|' guard/fcaps-guard.service \
	>$(DESTDIR)$(SYSTEMDUNITDIR)/fcaps-guard.service
install -m 0644 guard/guard.conf $(DESTDIR)/etc/fcaps/guard.conf

endef
define GUARD_UNINSTALL

rm -f $(DESTDIR)$(SYSTEMDUNITDIR)/fcaps-guard.service \
	$(DESTDIR)/etc/fcaps/guard.conf
rmdir $(DESTDIR)/etc/fcaps 2>/dev/null || true

endef
INSTALL_EXTRA += $(GUARD_INSTALL)
UNINSTALL_EXTRA += $(GUARD_UNINSTALL)
endif
