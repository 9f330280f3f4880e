# SPDX-License-Identifier: GPL-2.0-only
#
# doc/: man pages (each tool's module.mk adds its own to MAN8), the bash
# completion for all three tools, the admin guide, the kernel guide and the
# examples the guide describes (a postinst, Prometheus alerting rules with
# their promtool tests, an Ansible playbook); make install puts the guides
# and the examples in DOCDIR.
DOCDIR ?= $(PREFIX)/share/doc/fcaps
FCAPS_DOCS := doc/admin-guide.md doc/kernel.md
FCAPS_EXAMPLES := doc/examples/postinst doc/examples/fsck-check.rules.yml \
	doc/examples/fsck-check.rules.test.yml doc/examples/fsck-check-fleet.yml

define FCAPS_DOC_INSTALL

install -d $(DESTDIR)$(DOCDIR)/examples
install -m 0644 $(FCAPS_DOCS) $(DESTDIR)$(DOCDIR)/
install -m 0644 $(FCAPS_EXAMPLES) $(DESTDIR)$(DOCDIR)/examples/

endef
define FCAPS_DOC_UNINSTALL

rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(FCAPS_DOCS))) \
	$(addprefix $(DESTDIR)$(DOCDIR)/examples/,$(notdir $(FCAPS_EXAMPLES)))

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
install -m 0644 doc/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/fcaps-guard
install -m 0644 doc/fcaps.bash $(DESTDIR)$(BASHCOMPDIR)/fcaps-learn

endef
define FCAPS_BASHCOMP_UNINSTALL

rm -f $(DESTDIR)$(BASHCOMPDIR)/setfcap $(DESTDIR)$(BASHCOMPDIR)/getfcap \
	$(DESTDIR)$(BASHCOMPDIR)/fsck-check $(DESTDIR)$(BASHCOMPDIR)/fcaps-guard \
	$(DESTDIR)$(BASHCOMPDIR)/fcaps-learn

endef
INSTALL_EXTRA += $(FCAPS_BASHCOMP_INSTALL)
UNINSTALL_EXTRA += $(FCAPS_BASHCOMP_UNINSTALL)

HOST_SUITES += tests/postinst.sh
HOST_SUITES += tests/docs.sh
