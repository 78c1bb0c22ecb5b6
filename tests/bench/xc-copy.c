/*
 * xc-copy.c - a second measurement of latbw's "Bcopy (hand)" and "Bcopy
 * (libc)" cells (bw_mem fcp and bcopy), for tests/bench/cross-check.sh
 * (compiled by it; not part of the suite).  It shares no code with latbw:
 * its own buffers, loop, clock and samples.
 *
 *	xc-copy SIZE_MB [loop|memcpy]	prints "MB/s" (10^6 bytes a second)
 *
 * Two buffers of SIZE_MB MB (2^20 bytes) on small pages (huge pages
 * refused with MADV_NOHUGEPAGE, as bw_mem's are), filled before timing;
 * the first copied into the second by a loop of 64-byte blocks (eight
 * 8-byte words, which the compiler turns into vector moves), an empty asm
 * in the loop so that it is never turned into a call of memcpy: glibc's
 * memcpy is another algorithm (rep movsb, non-temporal stores past a
 * threshold), slower or faster than a loop depending on the CPU.  With
 * memcpy, one call of libc's memcpy a copy instead of the loop.  Prints
 * the median of 7 samples, each as many whole copies as last 0.2 s, after
 * one untimed copy.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define SAMPLES 7

struct block {
	uint64_t w[8];
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void copy(struct block *d, const struct block *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		__asm__ __volatile__("" : : "r"(d), "r"(s) : "memory");
		d[i] = s[i];
	}
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	long mb = argc == 2 || argc == 3 ? atol(argv[1]) : 0;
	int libc = argc == 3 && strcmp(argv[2], "memcpy") == 0;
	size_t len, n;
	struct block *s, *d;
	double bw[SAMPLES], t, t0;
	unsigned long reps, k;
	int i;

	if (mb < 1 || mb > 65536 ||
	    (argc == 3 && !libc && strcmp(argv[2], "loop") != 0)) {
		fprintf(stderr, "usage: xc-copy SIZE_MB (1..65536) [loop|memcpy]\n");
		return 2;
	}
	len = (size_t)mb << 20;
	n = len / sizeof(struct block);
	s = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	d = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED || d == MAP_FAILED) {
		perror("xc-copy: mmap");
		return 1;
	}
#ifdef MADV_NOHUGEPAGE
	madvise(s, len, MADV_NOHUGEPAGE);
	madvise(d, len, MADV_NOHUGEPAGE);
#endif
	memset(s, 1, len);
	memset(d, 2, len);
	t0 = now_s();
	if (libc)
		memcpy(d, s, len);
	else
		copy(d, s, n);
	t = now_s() - t0;
	reps = t > 0 ? (unsigned long)(0.2 / t) + 1 : 1;
	for (i = 0; i < SAMPLES; i++) {
		t0 = now_s();
		for (k = 0; k < reps; k++) {
			if (libc) {
				memcpy(d, s, len);
				__asm__ __volatile__("" : : "r"(d) : "memory");
			} else {
				copy(d, s, n);
			}
		}
		t = now_s() - t0;
		bw[i] = (double)len * reps / t / 1e6;
	}
	qsort(bw, SAMPLES, sizeof(bw[0]), cmp);
	printf("%.2f\n", bw[SAMPLES / 2]);
	munmap(s, len);
	munmap(d, len);
	return 0;
}
