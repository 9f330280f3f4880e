# SPDX-License-Identifier: GPL-2.0-only
#
# doc/: man pages (each tool's module.mk adds its own to MAN8), the admin
# guide, the kernel guide and the example postinst the guide describes.
HOST_SUITES += tests/postinst.sh
HOST_SUITES += tests/docs.sh
