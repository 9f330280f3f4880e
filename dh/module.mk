# SPDX-License-Identifier: GPL-2.0-only
#
# dh/: dh_fcaps, the debhelper add-on (the dh-fcaps package): the program
# with its POD, its dh sequence add-on and the maintainer-script snippets
# it generates.  `make all` renders its man page (pod2man) beside the
# other builds; make install puts the lot where debhelper looks for it.
BINDIR ?= $(PREFIX)/bin
PERL5DIR ?= $(PREFIX)/share/perl5
DH_AUTOSCRIPTS := dh/autoscripts/postinst-fcaps dh/autoscripts/prerm-fcaps
DH_MAN1 := build/dh/dh_fcaps.1

all: $(DH_MAN1)

$(DH_MAN1): dh/dh_fcaps
	$(quiet) POD2MAN $@
	@mkdir -p $(dir $@)
	$(Q)pod2man --section=1 --utf8 --center=fcaps \
		--release="fcaps $(DEB_VERSION)" --name=DH_FCAPS \
		--date="$$(sed -n 's/^ -- .*>  //p' debian/changelog | head -n1 | cut -d' ' -f2-4)" \
		$< $@

define DH_FCAPS_INSTALL

install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	$(DESTDIR)$(PERL5DIR)/Debian/Debhelper/Sequence \
	$(DESTDIR)$(PREFIX)/share/debhelper/autoscripts
install -m 0755 dh/dh_fcaps $(DESTDIR)$(BINDIR)/
install -m 0644 $(DH_MAN1) $(DESTDIR)$(MANDIR)/man1/
install -m 0644 dh/fcaps.pm $(DESTDIR)$(PERL5DIR)/Debian/Debhelper/Sequence/
install -m 0644 $(DH_AUTOSCRIPTS) $(DESTDIR)$(PREFIX)/share/debhelper/autoscripts/

endef
define DH_FCAPS_UNINSTALL

rm -f $(DESTDIR)$(BINDIR)/dh_fcaps $(DESTDIR)$(MANDIR)/man1/dh_fcaps.1 \
	$(DESTDIR)$(PERL5DIR)/Debian/Debhelper/Sequence/fcaps.pm \
	$(addprefix $(DESTDIR)$(PREFIX)/share/debhelper/autoscripts/,$(notdir $(DH_AUTOSCRIPTS)))

endef
INSTALL_EXTRA += $(DH_FCAPS_INSTALL)
UNINSTALL_EXTRA += $(DH_FCAPS_UNINSTALL)

HOST_SUITES += tests/dh-fcaps.sh
