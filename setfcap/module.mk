# setfcap/: set, remove or verify file capabilities (setcap-compatible).
$(eval $(call add_tool,setfcap,setfcap/setfcap.o,-lpthread))
LINT_C += setfcap/setfcap.c
HOST_SUITES += tests/cli-setfcap.sh
HOST_SUITES += tests/cli-man.sh
MAN8 += doc/setfcap.8

# bash completion, one file for every tool.  The blank first and last
# lines keep these recipe lines apart from other parts' INSTALL_EXTRA.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
define FCAPS_BASHCOMP_INSTALL

install -d $(DESTDIR)$(BASHCOMPDIR)
install -m 0644 setfcap/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/setfcap
install -m 0644 setfcap/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/getfcap
install -m 0644 setfcap/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/fsck-check

endef
define FCAPS_BASHCOMP_UNINSTALL

rm -f $(DESTDIR)$(BASHCOMPDIR)/setfcap $(DESTDIR)$(BASHCOMPDIR)/getfcap \
	$(DESTDIR)$(BASHCOMPDIR)/fsck-check

endef
INSTALL_EXTRA += $(FCAPS_BASHCOMP_INSTALL)
UNINSTALL_EXTRA += $(FCAPS_BASHCOMP_UNINSTALL)
