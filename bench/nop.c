// SPDX-License-Identifier: GPL-2.0-only
/* nop.c - exits at once: what make bench-exec executes. */
int main(void)
{
	return 0;
}
