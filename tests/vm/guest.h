/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * guest.h - helpers shared by the guest test programs: run an executable
 * in a child set up as asked, and say what lib's model predicts for it.
 */
#ifndef FCAPS_GUEST_H
#define FCAPS_GUEST_H

#include <stddef.h>
#include <sys/types.h>

#include "fcap.h"

#define GUEST_UNPRIV 1000

enum fcap_kver guest_kver(const char **name);
int guest_drop_to_user(void);
int guest_no_setup(void);
int guest_run(const char *path, int (*setup)(void), struct fcap_proc *proc,
	      char *line, size_t len);
void guest_want(const struct fcap_proc *proc, const struct fcap_file *f,
		enum fcap_kernel k, const struct fcap_policy *pol,
		char *want, size_t len, const char **why);
int guest_exec_loop(const char *path, long n, int out_fd);
int guest_copy(const char *from, const char *to, mode_t mode);
char *guest_slurp(const char *path, size_t *len);
int guest_file(const char *path, const void *val, size_t len,
	       struct fcap_file *f);
ssize_t guest_names(const char *dir, char **names, size_t max);

#endif
