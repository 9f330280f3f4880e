/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * exit.h - fsck-check's exit status bits, as fsck(8)'s: the driver's
 * (fsck-check.c), which the sandbox's parent (sandbox.c) passes on and
 * the --prometheus file (prometheus.c) reports.  The sources return
 * 0/-errno and report damage (report.h); only the driver chooses bits.
 */
#ifndef FSCK_CHECK_EXIT_H
#define FSCK_CHECK_EXIT_H

#define EXIT_FINDINGS	4
#define EXIT_OPERR	8
#define EXIT_USAGE	16
#define EXIT_INTR	32
#define EXIT_PROMETHEUS	64	/* the --prometheus file was not written */

#endif /* FSCK_CHECK_EXIT_H */
