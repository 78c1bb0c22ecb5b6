/*
 * bwbuf.h - page-aligned, prefaulted buffers for the bandwidth programs.
 *
 * A bandwidth figure must not include page faults or the kernel zeroing
 * pages, so every page is written once when the buffer is made.  Memory
 * comes straight from mmap, so it is page aligned and given back to the
 * kernel when freed (a large malloc'd block may stay in the process).
 */
#ifndef LATBW_BWBUF_H
#define LATBW_BWBUF_H

#include <stddef.h>

struct bwbuf {
	void *map;		/* what mmap returned (NULL: none) */
	size_t maplen;
	void *data;		/* map + offset: what the caller uses */
};

/* Ask for transparent huge pages where the system has them (Linux). */
#define BWBUF_HUGE 1

/*
 * Map len bytes plus offset, write every page, and set bb->data to the
 * map's start plus offset.  Returns 0, or -1 with errno set.
 */
int bwbuf_alloc(struct bwbuf *bb, size_t len, size_t offset, int flags);
/* Unmap (safe on a zeroed or already freed bwbuf). */
void bwbuf_free(struct bwbuf *bb);

#endif
