/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * version.h - the fcaps release every tool reports with --version.  Keep it
 * equal to the top entry of debian/changelog (tests/deb.sh checks).
 */
#ifndef FCAPS_VERSION_H
#define FCAPS_VERSION_H

#define FCAPS_VERSION	"0.1"

#endif /* FCAPS_VERSION_H */
