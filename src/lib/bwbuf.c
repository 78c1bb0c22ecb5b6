/* bwbuf.c - page-aligned, prefaulted buffers (see bwbuf.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bwbuf.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

int bwbuf_alloc(struct bwbuf *bb, size_t len, size_t offset, int flags)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t pg = page > 0 ? (size_t)page : 4096, total, i;
	unsigned char *p;

	memset(bb, 0, sizeof(*bb));
	if (len > SIZE_MAX - offset - pg) {
		errno = ENOMEM;
		return -1;
	}
	total = (len + offset + pg - 1) / pg * pg;
	p = mmap(NULL, total, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return -1;
#if defined(MADV_HUGEPAGE)
	/* Advice only: where huge pages are off this changes nothing. */
	if (flags & BWBUF_HUGE)
		(void)madvise(p, total, MADV_HUGEPAGE);
#else
	(void)flags;
#endif
	/* Fault every page in now, so no timed pass pays for it. */
	for (i = 0; i < total; i += pg)
		p[i] = 1;
	bb->map = p;
	bb->maplen = total;
	bb->data = p + offset;
	return 0;
}

void bwbuf_free(struct bwbuf *bb)
{
	if (bb->map != NULL)
		munmap(bb->map, bb->maplen);
	memset(bb, 0, sizeof(*bb));
}
