# SPDX-License-Identifier: GPL-2.0-only
#
# doc/: man pages (each tool's module.mk adds its own to MAN8), the admin
# guide, the kernel guide and the example postinst the guide describes;
# make install puts the last three in DOCDIR.
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

HOST_SUITES += tests/postinst.sh
HOST_SUITES += tests/docs.sh
