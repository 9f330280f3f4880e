# SPDX-License-Identifier: GPL-2.0-only
#
# debian/: `make deb` builds the binary packages fcaps (the tools) and
# dh-fcaps (the debhelper add-on of dh/) with
# dpkg-buildpackage -us -uc -b in a copy of the source tree under
# build/deb/ (the tree itself is left alone: no debian/fcaps/, no objects
# of the package build, no make clean), then runs lintian over it; any
# lintian error fails the target.  Results: build/deb/fcaps_*.deb,
# build/deb/dh-fcaps_*_all.deb,
# build/deb/build.log, build/deb/lintian.log.

DEB_DIR := build/deb
DEB_VERSION := $(shell head -n1 debian/changelog | cut -d' ' -f2 | tr -d '()')
DEB_SRC := $(DEB_DIR)/fcaps-$(DEB_VERSION)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)

.PHONY: deb deb-clean

# The package is built as on a build daemon, not as part of this make: no
# MAKEFLAGS reach it (a DEB_DIR=/abs/path given to this make would reach
# the package's `make clean`, and its deb-clean would remove the copy).
# The copy: the files git knows, tracked or not ignored, as they are in the
# working tree; outside a git checkout, everything but build/ and objects.
deb:
	$(Q)sh scripts/deps.sh
	$(quiet) DEB $(DEB_DIR)/fcaps_$(DEB_VERSION)_$(DEB_ARCH).deb
	$(Q)rm -rf $(DEB_DIR) && mkdir -p $(DEB_SRC)
	$(Q)if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
		git ls-files -co --exclude-standard | while IFS= read -r f; do \
			[ -f "$$f" ] && printf '%s\n' "$$f"; done; \
	else \
		find . -path ./build -prune -o -type f ! -name '*.[oad]' -print; \
	fi | cpio -pdm --quiet $(DEB_SRC)
	$(Q)cd $(DEB_SRC) && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		DEB_BUILD_OPTIONS="parallel=$$(nproc)" \
		dpkg-buildpackage -us -uc -b >../build.log 2>&1 || \
		{ tail -n 30 ../build.log >&2; \
		  echo "make deb: dpkg-buildpackage failed, see $(DEB_DIR)/build.log" >&2; \
		  exit 1; }
	$(quiet) LINTIAN $(DEB_DIR)/fcaps_$(DEB_VERSION)_$(DEB_ARCH).changes
	$(Q)lintian --fail-on error \
		$(DEB_DIR)/fcaps_$(DEB_VERSION)_$(DEB_ARCH).changes \
		>$(DEB_DIR)/lintian.log 2>&1; rc=$$?; \
		cat $(DEB_DIR)/lintian.log; \
		[ $$rc -eq 0 ] || echo "make deb: lintian found errors" >&2; \
		exit $$rc
	$(Q)ls $(DEB_DIR)/*.deb

deb-clean:
	rm -rf $(DEB_DIR)

clean: deb-clean

# ~20 s: a package build from scratch plus lintian.
HOST_SUITES += tests/deb.sh
