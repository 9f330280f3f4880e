/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sandbox.h - the offline readers run as nobody, with no capabilities,
 * under a seccomp filter (sandbox.c).
 */
#ifndef FSCK_CHECK_SANDBOX_H
#define FSCK_CHECK_SANDBOX_H

int sandbox_enter(void);
struct prom_file;
int sandbox_split(const char *save_baseline, int *baseline_fd,
		  struct prom_file *prom);

#endif /* FSCK_CHECK_SANDBOX_H */
