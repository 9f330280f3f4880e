/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tools.h - helpers shared by setfcap, getfcap and fsck-check.
 *
 * Unlike lib/, these may print and exit: an allocation that fails ends
 * the tool with tools_oom_status (1 unless the tool says otherwise; 8 for
 * fsck-check, as fsck(8) reports an operational error).
 */
#ifndef FCAPS_TOOLS_H
#define FCAPS_TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

extern int tools_oom_status;

__attribute__((noreturn)) void oom(void);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);

void raise_fd_limit(void);

void put_escaped(FILE *f, const char *s);
char *escaped(const char *s);

struct fcap_guard_state;
int guard_read(struct fcap_guard_state *st, const char **pindir);

bool pseudo_fs_type(long type);
bool fd_on_pseudo_fs(int fd);
bool path_on_pseudo_fs(const char *path);

#endif /* FCAPS_TOOLS_H */
