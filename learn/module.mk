# learn/: fcaps-learn, which capabilities a program needs, learned from
# the kernel's checks by a BPF recorder on fcaps-guard's base
# (fcaps-learn.bpf.c against guard/vmlinux-min.h, CO-RE, a libbpf
# skeleton) and verified by replay.  Not in the static build, as the
# guard: the guests that boot our own kernels do not run it.
ifneq ($(STATIC),1)
$(eval $(call bpf_skeleton,learn/fcaps-learn,fcaps_learn_bpf,-I$(TOP)/guard))

TOOLS += $(B)learn/fcaps-learn
PROGS += $(B)learn/fcaps-learn
OBJS += $(B)learn/fcaps-learn.o
$(B)learn/fcaps-learn: $(addprefix $(B),learn/fcaps-learn.o $(COMMON_OBJS)) \
		$(B)lib/libfcap.a
	$(quiet) LD $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $^ -lbpf $(LIBS_CAP)
LINT_C += learn/fcaps-learn.c
HOST_SUITES += tests/learn.sh
MAN8 += doc/fcaps-learn.8
endif
