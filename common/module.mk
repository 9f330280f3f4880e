# common/: helpers the three tools share (they may print and exit, unlike
# lib/); add_tool links COMMON_OBJS into every tool.
COMMON_OBJS := common/tools.o common/ctxopt.o
LINT_C += $(wildcard common/*.c common/*.h)
OBJS += $(addprefix $(B),$(COMMON_OBJS))
