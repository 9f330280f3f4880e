# SPDX-License-Identifier: GPL-2.0-only
#
# doc/: man pages (each tool's module.mk adds its own to MAN8), the bash
# completion for all three tools, the admin guide, the kernel guide and the
# example postinst the guide describes; make install puts the last three
# in DOCDIR.
DOCDIR ?= $(PREFIX)/share/doc/fcaps
FCAPS_DOCS := doc/admin-guide.md doc/kernel.md

define FCAPS_DOC_INSTALL

install -d $(DESTDIR)$(DOCDIR)/examples
install -m 0644 $(FCAPS_DOCS) $(DESTDIR)$(DOCDIR)/
install -m 0644 doc/examples/postinst $(DESTDIR)$(DOCDIR)/examples/

endef
define FCAPS_DOC_UNINSTALL

rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(FCAPS_DOCS))) \
	$(DESTDIR)$(DOCDIR)/examples/postinst

endef
INSTALL_EXTRA += $(FCAPS_DOC_INSTALL)
UNINSTALL_EXTRA += $(FCAPS_DOC_UNINSTALL)

# bash completion, one file for every tool.  The blank first and last
# lines keep these recipe lines apart from other parts' INSTALL_EXTRA.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
define FCAPS_BASHCOMP_INSTALL

install -d $(DESTDIR)$(BASHCOMPDIR)
install -m 0644 doc/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/setfcap
install -m 0644 doc/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/getfcap
install -m 0644 doc/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/fsck-check

endef
define FCAPS_BASHCOMP_UNINSTALL

rm -f $(DESTDIR)$(BASHCOMPDIR)/setfcap $(DESTDIR)$(BASHCOMPDIR)/getfcap \
	$(DESTDIR)$(BASHCOMPDIR)/fsck-check

endef
INSTALL_EXTRA += $(FCAPS_BASHCOMP_INSTALL)
UNINSTALL_EXTRA += $(FCAPS_BASHCOMP_UNINSTALL)

HOST_SUITES += tests/postinst.sh
HOST_SUITES += tests/docs.sh
