/* test_mem.c - pointer chains of src/lib/mem.c: every order links every
 * element into one cycle, in the order it promises. */
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "unit.h"

#define PAGE 4096

/* Follow the chain from its head: the number of distinct elements visited
 * before it comes back, or 0 if it leaves the buffer, revisits an element
 * other than the head, or points at a non-element. */
static size_t cycle_length(const struct mem_buf *m, void **head,
			   size_t len, size_t stride, unsigned char *seen)
{
	void **p = head;
	size_t n = 0, off;

	memset(seen, 0, len / stride);
	do {
		off = (size_t)((char *)p - m->base);
		if (off >= len || off % stride != 0 || seen[off / stride])
			return 0;
		seen[off / stride] = 1;
		n++;
		p = *p;
	} while (p != head);
	return n;
}

/* Pages visited in ascending order, each page's elements all together. */
static int pages_in_order(const struct mem_buf *m, void **head, size_t n)
{
	void **p = head;
	size_t i, page, last = 0;

	for (i = 0; i < n; i++) {
		page = (size_t)((char *)p - m->base) / m->page;
		if (page < last)
			return 0;
		last = page;
		p = *p;
	}
	return 1;
}

/* The first n offsets of a cycle, from its head, into out. */
static void cycle_offsets(const struct mem_buf *m, void **head, size_t n,
			  size_t *out)
{
	size_t i;

	for (i = 0; i < n; i++, head = *head)
		out[i] = (size_t)((char *)head - m->base);
}

static int is_ascending(const struct mem_buf *m, void **head, size_t n,
			size_t stride)
{
	void **p = head;
	size_t i;

	for (i = 0; i < n; i++, p = *p)
		if ((size_t)((char *)p - m->base) != i * stride)
			return 0;
	return 1;
}

int main(void)
{
	static const size_t strides[] = { 8, 16, 64, 128, 4096, 8192 };
	size_t len = 64 * PAGE, i, n;
	struct mem_buf m;
	unsigned char *seen = malloc(len / 8);
	uint64_t seed = 42;
	void **head;
	char title[128];
	size_t perm[100];
	int ok;

	memset(&m, 0, sizeof(m));
	m.base = aligned_alloc(PAGE, len);
	m.len = len;
	m.page = PAGE;
	if (m.base == NULL || seen == NULL)
		return 1;
	for (i = 0; i < sizeof(strides) / sizeof(strides[0]); i++) {
		size_t s = strides[i];

		n = len / s;
		head = mem_chain(&m, len, s, MEM_ORDER_STRIDE, &seed);
		snprintf(title, sizeof(title), "stride %zu: one ascending cycle "
			 "of all %zu elements", s, n);
		CHECK(title, head != NULL &&
		      cycle_length(&m, head, len, s, seen) == n &&
		      is_ascending(&m, head, n, s));
		head = mem_chain(&m, len, s, MEM_ORDER_PAGE, &seed);
		snprintf(title, sizeof(title), "page order, stride %zu: one "
			 "cycle, pages ascending", s);
		CHECK(title, head != NULL &&
		      cycle_length(&m, head, len, s, seen) == n &&
		      pages_in_order(&m, head, n));
		head = mem_chain(&m, len, s, MEM_ORDER_RANDOM, &seed);
		snprintf(title, sizeof(title), "random order, stride %zu: one "
			 "cycle of all %zu elements", s, n);
		CHECK(title, head != NULL &&
		      cycle_length(&m, head, len, s, seen) == n);
	}
	head = mem_chain(&m, len, 64, MEM_ORDER_RANDOM, &seed);
	CHECK("random order is not ascending", !is_ascending(&m, head,
							     len / 64, 64));
	head = mem_chain(&m, 1000, 64, MEM_ORDER_RANDOM, &seed);
	CHECK("a length not a multiple of the stride: the whole elements",
	      head != NULL && cycle_length(&m, head, 1000, 64, seen) == 15);
	CHECK("a chain longer than the buffer is refused",
	      mem_chain(&m, len + 64, 64, MEM_ORDER_STRIDE, &seed) == NULL);
	/* Not a multiple of the pointer size on 32- or 64-bit machines. */
	CHECK("a stride that is not pointer aligned is refused",
	      mem_chain(&m, len, sizeof(void *) + 2, MEM_ORDER_STRIDE,
			&seed) == NULL);
	CHECK("a length below the stride is refused",
	      mem_chain(&m, 32, 64, MEM_ORDER_STRIDE, &seed) == NULL);
	{
		size_t off[3] = { 128, 0, 4096 };

		head = mem_chain_offsets(&m, off, 3);
		CHECK("offsets are linked in the order given",
		      (char *)head == m.base + 128 &&
		      (char *)*head == m.base &&
		      (char *)*(void **)*head == m.base + 4096 &&
		      *(void **)*(void **)*head == (void *)head);
	}
	head = mem_chain(&m, len, 64, MEM_ORDER_STRIDE, &seed);
	CHECK("mem_chase follows 16 loads per iteration",
	      (char *)mem_chase(head, 3) == m.base + 48 * 64);
	for (i = 0; i < 100; i++)
		perm[i] = i;
	mem_shuffle(perm, 100, &seed);
	ok = 1;
	memset(seen, 0, 100);
	for (i = 0; i < 100; i++) {
		if (perm[i] >= 100 || seen[perm[i]])
			ok = 0;
		else
			seen[perm[i]] = 1;
	}
	CHECK("mem_shuffle permutes", ok);
	ok = 1;
	for (i = 0; i < 1000; i++)
		if (mem_random_below(&seed, 7) >= 7)
			ok = 0;
	CHECK("mem_random_below stays below its bound", ok);
	{
		enum mem_pages pg;
		enum mem_order o;

		CHECK("page kinds parse and print back",
		      mem_parse_pages("thp", &pg) == 0 && pg == MEM_PAGES_THP &&
		      strcmp(mem_pages_name(MEM_PAGES_HUGETLB), "hugetlb") == 0 &&
		      mem_parse_pages("huge", &pg) == -1);
		CHECK("orders parse and print back",
		      mem_parse_order("page", &o) == 0 && o == MEM_ORDER_PAGE &&
		      strcmp(mem_order_name(MEM_ORDER_RANDOM), "random") == 0 &&
		      mem_parse_order("", &o) == -1);
	}
	{
		/* A random chain grows and shrinks from the one the buffer
		 * holds, and the cycle of n elements does not depend on the
		 * way there. */
		size_t small = len / 8, *a = malloc(2 * (small / 16) *
						      sizeof(*a));

		if (a == NULL)
			return 1;
		m.rand_n = 0;
		head = mem_chain(&m, small, 16, MEM_ORDER_RANDOM, &seed);
		cycle_offsets(&m, head, small / 16, a);
		head = mem_chain(&m, len, 16, MEM_ORDER_RANDOM, &seed);
		CHECK("a random chain grown from a smaller one: one cycle of "
		      "all elements", cycle_length(&m, head, len, 16, seen) ==
		      len / 16 && m.rand_n == len / 16);
		CHECK("... not in ascending order",
		      !is_ascending(&m, head, len / 16, 16));
		head = mem_chain(&m, small, 16, MEM_ORDER_RANDOM, &seed);
		cycle_offsets(&m, head, small / 16, a + small / 16);
		CHECK("shrunk back: one cycle, the same as before",
		      cycle_length(&m, head, small, 16, seen) == small / 16 &&
		      memcmp(a, a + small / 16, small / 16 * sizeof(*a)) == 0);
		head = mem_chain(&m, small, 16, MEM_ORDER_STRIDE, &seed);
		head = mem_chain(&m, small, 16, MEM_ORDER_RANDOM, &seed);
		CHECK("after another order overwrote the links: a new random "
		      "cycle", cycle_length(&m, head, small, 16, seen) ==
		      small / 16 && !is_ascending(&m, head, small / 16, 16));
		head = mem_chain(&m, small, 32, MEM_ORDER_RANDOM, &seed);
		CHECK("another stride: a new random cycle",
		      cycle_length(&m, head, small, 32, seen) == small / 32);
		free(a);
	}
	free(m.base);
	free(seen);
	return unit_done();
}
