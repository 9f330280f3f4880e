/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sandbox.h - the offline readers run as nobody, with no capabilities,
 * under a seccomp filter (sandbox.c).
 */
#ifndef FSCK_CHECK_SANDBOX_H
#define FSCK_CHECK_SANDBOX_H

/*
 * SANITIZED: an AddressSanitizer build, whose runtime needs a little more
 * of the kernel than the filter otherwise allows (sandbox.c says what).
 */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

int sandbox_enter(void);
struct prom_file;
int sandbox_split(const char *save_baseline, int *baseline_fd,
		  struct prom_file *prom);

#endif /* FSCK_CHECK_SANDBOX_H */
