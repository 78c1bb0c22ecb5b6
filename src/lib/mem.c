/*
 * mem.c - memory buffers on chosen pages, and pointer chains over them.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bench.h"
#include "mem.h"

#define HUGE_2M ((size_t)2 << 20)

#if defined(__linux__) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23	/* Linux 5.14; older libcs lack the name */
#endif

static const char *const pages_names[] = { "small", "thp", "hugetlb" };
static const char *const order_names[] = { "stride", "page", "random" };

/* The index of `s` in names[0..count-1], or -1. */
static int name_index(const char *const *names, size_t count, const char *s)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (strcmp(s, names[i]) == 0)
			return (int)i;
	return -1;
}

const char *mem_pages_name(enum mem_pages pages)
{
	return pages_names[pages];
}

int mem_parse_pages(const char *s, enum mem_pages *pages)
{
	int i = name_index(pages_names, sizeof(pages_names) /
			   sizeof(pages_names[0]), s);

	if (i < 0)
		return -1;
	*pages = (enum mem_pages)i;
	return 0;
}

const char *mem_order_name(enum mem_order order)
{
	return order_names[order];
}

int mem_parse_order(const char *s, enum mem_order *order)
{
	int i = name_index(order_names, sizeof(order_names) /
			   sizeof(order_names[0]), s);

	if (i < 0)
		return -1;
	*order = (enum mem_order)i;
	return 0;
}

static size_t round_up(size_t x, size_t to)
{
	return (x + to - 1) / to * to;
}

/*
 * Touch every small page so that the page faults (and, for THP, the
 * kernel's zeroing of a huge page) happen now and are never measured.
 * Where Linux can populate a range in one call (5.14 on), it does so
 * first: the same pages, without one trap per page.  Under a hypervisor
 * that shadows the guest's page tables a trap costs several times the
 * fault itself (12 us a 4 KiB page on one guest, 4.4 s a GiB touched
 * by hand against 1.5 s populated), and the big sweeps map gigabytes
 * in every round.  The loop then still touches each page, which costs
 * nearly nothing where the call worked and does the work where it
 * did not (an older kernel: EINVAL).
 */
static void prefault(char *p, size_t len)
{
	volatile char *v = p;
	size_t i, step = (size_t)sysconf(_SC_PAGESIZE);

#if defined(__linux__)
	(void)madvise(p, len, MADV_POPULATE_WRITE);
#endif
	for (i = 0; i < len; i += step)
		v[i] = 0;
}

#if defined(__linux__)
/* Bytes of [start, start + len) that the kernel backs with transparent huge
 * pages, as /proc/self/smaps counts them for the mapping holding start. */
static size_t thp_bytes(const void *start)
{
	unsigned long lo, hi, kb;
	uintptr_t a = (uintptr_t)start;
	char line[256];
	int inside = 0;
	size_t bytes = 0;
	FILE *f;

	f = fopen("/proc/self/smaps", "r");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		/* A mapping's first line is "lo-hi perms ..."; its
		 * fields ("Size:", "AnonHugePages:") never parse so. */
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
			inside = a >= lo && a < hi;
			continue;
		}
		if (inside && sscanf(line, "AnonHugePages: %lu kB", &kb) == 1)
			bytes = (size_t)kb * 1024;
	}
	fclose(f);
	return bytes;
}
#endif

static int alloc_small(struct bench *b, struct mem_buf *m, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	m->map_len = round_up(len, page);
	m->map = mmap(NULL, m->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->map == MAP_FAILED) {
		m->map = NULL;
		return bench_error(b, "mmap %zu bytes: %s", m->map_len,
				   strerror(errno));
	}
#if defined(MADV_NOHUGEPAGE)
	/* Small pages mean small pages, whatever the THP setting says. */
	if (madvise(m->map, m->map_len, MADV_NOHUGEPAGE) != 0 &&
	    errno != EINVAL) {
		int e = errno;

		mem_free(m);
		return bench_error(b, "madvise NOHUGEPAGE: %s", strerror(e));
	}
#endif
	m->base = m->map;
	m->page = page;
	return 0;
}

static int alloc_thp(struct bench *b, struct mem_buf *m, size_t len)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	size_t want = round_up(len, HUGE_2M), got;

	/* Map 2 MiB more than needed, to start on a huge page boundary. */
	m->map_len = want + HUGE_2M;
	m->map = mmap(NULL, m->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->map == MAP_FAILED) {
		m->map = NULL;
		return bench_error(b, "mmap %zu bytes: %s", m->map_len,
				   strerror(errno));
	}
	m->base = (char *)round_up((uintptr_t)m->map, HUGE_2M);
	m->page = HUGE_2M;
	if (madvise(m->base, want, MADV_HUGEPAGE) != 0) {
		int e = errno;

		mem_free(m);
		if (e == EINVAL)
			return bench_skip(b, "transparent huge pages are not "
					  "available (madvise: %s)",
					  strerror(e));
		return bench_error(b, "madvise HUGEPAGE: %s", strerror(e));
	}
	prefault(m->base, want);
	/* The advice is only a wish: check what the kernel gave. */
	got = thp_bytes(m->base);
	if (got < want) {
		mem_free(m);
		return bench_skip(b, "the kernel gave %zu of %zu bytes as "
				  "transparent huge pages (see /sys/kernel/"
				  "mm/transparent_hugepage/enabled)", got,
				  want);
	}
	return 0;
#else
	(void)m;
	(void)len;
	return bench_skip(b, "transparent huge pages are Linux-only");
#endif
}

static int alloc_hugetlb(struct bench *b, struct mem_buf *m, size_t len)
{
#if defined(__linux__) && defined(MAP_HUGETLB)
	m->map_len = round_up(len, HUGE_2M);
	m->map = mmap(NULL, m->map_len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (m->map == MAP_FAILED) {
		int e = errno;

		m->map = NULL;
		if (e == ENOMEM || e == EINVAL || e == EPERM)
			return bench_skip(b, "no %zu bytes of hugetlb pages "
					  "(mmap MAP_HUGETLB: %s; see "
					  "/proc/sys/vm/nr_hugepages)",
					  m->map_len, strerror(e));
		return bench_error(b, "mmap MAP_HUGETLB: %s", strerror(e));
	}
	m->base = m->map;
	m->page = HUGE_2M;
	return 0;
#else
	(void)m;
	(void)len;
	return bench_skip(b, "hugetlb pages are Linux-only");
#endif
}

int mem_alloc(struct bench *b, struct mem_buf *m, size_t len,
	      enum mem_pages pages)
{
	int rc;

	memset(m, 0, sizeof(*m));
	if (len == 0)
		return bench_error(b, "empty buffer");
	switch (pages) {
	case MEM_PAGES_THP:
		rc = alloc_thp(b, m, len);
		break;
	case MEM_PAGES_HUGETLB:
		rc = alloc_hugetlb(b, m, len);
		break;
	case MEM_PAGES_SMALL:
	default:
		rc = alloc_small(b, m, len);
		break;
	}
	if (rc != 0)
		return rc;
	m->len = len;
	m->pages = pages;
	if (pages != MEM_PAGES_THP)
		prefault(m->base, round_up(len, m->page));
	return 0;
}

void mem_free(struct mem_buf *m)
{
	if (m->map != NULL)
		munmap(m->map, m->map_len);
	memset(m, 0, sizeof(*m));
}

/* splitmix64's output function: the k-th number of a sequence is
 * mix(seed + k * gamma), so any one of them is had directly. */
static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

#define GAMMA UINT64_C(0x9e3779b97f4a7c15)

/* splitmix64: small, fast and good enough to defeat any prefetcher. */
static uint64_t next_random(uint64_t *seed)
{
	return mix(*seed += GAMMA);
}

uint64_t mem_random_below(uint64_t *seed, uint64_t n)
{
	/* The modulo bias is below n / 2^64: nothing for our n. */
	return next_random(seed) % n;
}

void mem_shuffle(size_t *v, size_t n, uint64_t *seed)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = (size_t)mem_random_below(seed, i);
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

static void **slot(const struct mem_buf *m, size_t off)
{
	return (void **)(void *)(m->base + off);
}

/* Where element i goes in a random chain: after element j, j < i, the
 * same j whenever the chain has this key. */
static size_t insert_after(uint64_t key, size_t i)
{
	return (size_t)(mix(key + (uint64_t)i * GAMMA) % i);
}

/*
 * One random cycle over all n elements, made from the cycle the buffer
 * holds.  Element i is inserted after element j < i drawn at random: each
 * of the (n - 1)! cycles comes from exactly one series of draws, so the
 * cycle is uniformly random.  Since the draw for i depends only on the
 * key and i, the cycle of n elements is the same whichever way it was
 * reached, and it is shrunk by undoing insertions, last first (element i
 * still follows its j then).  A sweep over sizes therefore links each
 * element about once in all (an element costs one random access), not
 * once per size: a cost that grows with the largest size only, in place
 * of eight times it per doubling.
 */
static void **chain_random(struct mem_buf *m, size_t n, size_t stride,
			   uint64_t *seed)
{
	void **e, **after;
	size_t i;

	if (m->rand_n == 0 || m->rand_stride != stride) {
		m->rand_key = next_random(seed);
		m->rand_stride = stride;
		m->rand_n = 1;
		*slot(m, 0) = slot(m, 0);
	}
	while (m->rand_n > n) {
		i = m->rand_n - 1;
		e = slot(m, i * stride);
		after = slot(m, insert_after(m->rand_key, i) * stride);
		*after = *e;
		m->rand_n = i;
	}
	while (m->rand_n < n) {
		i = m->rand_n;
		e = slot(m, i * stride);
		after = slot(m, insert_after(m->rand_key, i) * stride);
		*e = *after;
		*after = e;
		m->rand_n = i + 1;
	}
	return slot(m, 0);
}

/* Pages in ascending order, the elements inside each page shuffled. */
static void **chain_page(const struct mem_buf *m, size_t n, size_t stride,
			 uint64_t *seed)
{
	size_t unit = m->page > stride ? m->page / stride : 1;
	size_t *idx, i, k, first, done;
	void **prev = NULL, **head = NULL;

	idx = malloc(unit * sizeof(*idx));
	if (idx == NULL)
		return NULL;
	for (first = 0; first < n; first += unit) {
		k = n - first < unit ? n - first : unit;
		for (i = 0; i < k; i++)
			idx[i] = first + i;
		mem_shuffle(idx, k, seed);
		for (done = 0; done < k; done++) {
			void **e = slot(m, idx[done] * stride);

			if (prev != NULL)
				*prev = e;
			else
				head = e;
			prev = e;
		}
	}
	*prev = head;
	free(idx);
	return head;
}

void **mem_chain(struct mem_buf *m, size_t len, size_t stride,
		 enum mem_order order, uint64_t *seed)
{
	size_t n, i;

	if (stride < sizeof(void *) || stride % sizeof(void *) != 0 ||
	    len > m->len || len < stride)
		return NULL;
	n = len / stride;
	if (order != MEM_ORDER_RANDOM)
		m->rand_n = 0;	/* the links are overwritten */
	switch (order) {
	case MEM_ORDER_RANDOM:
		return chain_random(m, n, stride, seed);
	case MEM_ORDER_PAGE:
		return chain_page(m, n, stride, seed);
	case MEM_ORDER_STRIDE:
	default:
		for (i = 0; i + 1 < n; i++)
			*slot(m, i * stride) = slot(m, (i + 1) * stride);
		*slot(m, (n - 1) * stride) = slot(m, 0);
		return slot(m, 0);
	}
}

void **mem_chain_offsets(struct mem_buf *m, const size_t *off, size_t n)
{
	size_t i;

	if (n == 0)
		return NULL;
	m->rand_n = 0;		/* a random chain's links may be overwritten */
	for (i = 0; i + 1 < n; i++)
		*slot(m, off[i]) = slot(m, off[i + 1]);
	*slot(m, off[n - 1]) = slot(m, off[0]);
	return slot(m, off[0]);
}

void **mem_at(struct mem_buf *m, size_t off)
{
	return slot(m, off);
}

void **mem_chase(void **p, uint64_t iters)
{
	while (iters-- > 0) {
		/* Sixteen loads, each needing the one before: the time per
		 * load is the load-to-use latency of wherever p points. */
		p = *p; p = *p; p = *p; p = *p;
		p = *p; p = *p; p = *p; p = *p;
		p = *p; p = *p; p = *p; p = *p;
		p = *p; p = *p; p = *p; p = *p;
	}
	return p;
}
