# lib/: the codec, the libcap bridge and the execve model.
LIB_OBJS := lib/xattr.o lib/text.o lib/json.o lib/model.o lib/proc.o \
	lib/context.o lib/runcfg.o lib/guard.o lib/learn.o \
	lib/read.o lib/render.o lib/manifest.o lib/escape.o
OBJS += $(addprefix $(B),$(LIB_OBJS))
REQUIRES += libcap json-c yaml

$(B)lib/libfcap.a: $(addprefix $(B),$(LIB_OBJS))
	$(quiet) AR $@
	$(Q)rm -f $@ && $(AR) rcs $@ $^

LINT_C += $(wildcard lib/*.c lib/*.h)
