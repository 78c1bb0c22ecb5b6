/*
 * mem.h - memory buffers and pointer chains for the memory benchmarks.
 *
 * A buffer is allocated with mem_alloc() on the kind of pages asked for
 * (small pages, transparent huge pages or hugetlbfs pages), and every page
 * of it is touched before it is returned, so page faults are never part
 * of a measurement.  A pointer chain links elements of a buffer into one
 * cycle, in an order chosen to let the prefetchers follow it (strided) or
 * not (random within each page, random across the whole buffer); chasing
 * it performs loads that each depend on the previous one.
 *
 *	struct mem_buf m;
 *	void **p;
 *
 *	if (mem_alloc(b, &m, 64 << 20, MEM_PAGES_THP) != 0)
 *		return ...;		// said why; -1 or BENCH_SKIPPED
 *	p = mem_chain(&m, 64 << 20, 128, MEM_ORDER_RANDOM, &seed);
 *	p = mem_chase(p, iters);	// iters * MEM_CHASE_UNROLL loads
 *	mem_free(&m);
 */
#ifndef LATBW_MEM_H
#define LATBW_MEM_H

#include <stddef.h>
#include <stdint.h>

struct bench;

/* What pages back a buffer. */
enum mem_pages {
	/* Small pages (4 KiB on x86); on Linux huge pages are refused with
	 * MADV_NOHUGEPAGE, so the figure means the same whatever the
	 * system's transparent huge page setting. */
	MEM_PAGES_SMALL = 0,
	/* Transparent huge pages (MADV_HUGEPAGE), checked after the fact:
	 * if the kernel did not give them, mem_alloc skips. */
	MEM_PAGES_THP,
	/* hugetlbfs pages (MAP_HUGETLB), from the reserved pool. */
	MEM_PAGES_HUGETLB,
};

/* The order a chain visits its elements in. */
enum mem_order {
	MEM_ORDER_STRIDE = 0,	/* ascending addresses, `stride` apart */
	MEM_ORDER_PAGE,		/* pages ascending, elements of a page shuffled */
	MEM_ORDER_RANDOM,	/* one random cycle over all elements */
};

struct mem_buf {
	char *base;		/* the usable bytes, aligned to `page` */
	size_t len;		/* usable length */
	size_t page;		/* size of the pages backing it */
	enum mem_pages pages;
	void *map;		/* what was mapped, for munmap */
	size_t map_len;
	/* The random chain linked in the buffer (mem_chain): how many
	 * elements (0: none), how far apart, and the key of its draws. */
	size_t rand_n;
	size_t rand_stride;
	uint64_t rand_key;
};

/* Elements per chase iteration: mem_chase(p, n) performs n * this loads. */
#define MEM_CHASE_UNROLL 16

/*
 * Map len bytes on `pages`, touch every page, and fill m.  Returns 0, -1
 * (an error, already said with bench_error) or BENCH_SKIPPED (the pages
 * asked for are not available here, said with bench_skip).
 */
int mem_alloc(struct bench *b, struct mem_buf *m, size_t len,
	      enum mem_pages pages);
/* Unmap (a zeroed or freed m is left alone). */
void mem_free(struct mem_buf *m);

/* Names for titles and options: "4k"-style small pages are "small",
 * then "thp", "hugetlb"; orders "stride", "page", "random".  The parsers
 * return 0, or -1 for an unknown name. */
const char *mem_pages_name(enum mem_pages pages);
int mem_parse_pages(const char *s, enum mem_pages *pages);
const char *mem_order_name(enum mem_order order);
int mem_parse_order(const char *s, enum mem_order *order);

/*
 * Link the elements base + i * stride, i < len / stride, of m into one
 * cycle visited in `order` (for MEM_ORDER_PAGE the shuffle unit is m's
 * page, or the span if stride exceeds it).  *seed drives the shuffles.
 * Returns the first element, or NULL if len < stride or len > m->len.
 * Each element holds the address of the next one in its first word.
 *
 * A random chain is grown or shrunk from the one m holds (same stride),
 * at the cost of one random access per element added or removed, so that
 * a sweep from small to large sizes links each element once (the seed
 * is drawn from only when a chain is started).  It relies on nothing but
 * mem_chain and mem_chain_offsets writing into m: a caller that writes
 * into the buffer itself sets m->rand_n = 0 first.
 */
void **mem_chain(struct mem_buf *m, size_t len, size_t stride,
		 enum mem_order order, uint64_t *seed);

/*
 * Link the given byte offsets of m, in the given order, into one cycle.
 * Offsets must be distinct, pointer aligned and inside m.  Returns the
 * first element (NULL if n is 0).
 */
void **mem_chain_offsets(struct mem_buf *m, const size_t *off, size_t n);

/* The element at byte offset off of m (of a chain mem_chain_offsets made:
 * where a chase that starts there goes next is in its first word). */
void **mem_at(struct mem_buf *m, size_t off);

/* Follow a chain for iters * MEM_CHASE_UNROLL dependent loads; returns
 * where it stopped, to continue from there. */
void **mem_chase(void **p, uint64_t iters);

/* A uniform random number below n (n > 0), and a Fisher-Yates shuffle. */
uint64_t mem_random_below(uint64_t *seed, uint64_t n);
void mem_shuffle(size_t *v, size_t n, uint64_t *seed);

#endif
