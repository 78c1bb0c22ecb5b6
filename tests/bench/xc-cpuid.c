/*
 * xc-cpuid.c - the first-level data TLB's 4 KB entries as the processor
 * describes itself (CPUID), for tests/bench/cross-check.sh (compiled by
 * it; not part of the suite): the second figure beside tlb's measured one.
 *
 *	xc-cpuid	prints the number of entries, or exits 3 saying why not
 *
 * Intel: leaf 0x18 (deterministic address translation parameters), the
 * level-1 data or load-only TLB that holds 4 KB pages: ways x sets.  AMD:
 * leaf 0x80000005 EBX[23:16], the L1 data TLB's 4 KB entries.  Under a
 * hypervisor the leaves are the host's, unless it chose to hide them.
 */
#include <stdio.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

int main(void)
{
	unsigned a, b, c, d, max, sub, nsub;

	max = __get_cpuid_max(0, NULL);
	if (max >= 0x18 && __get_cpuid_count(0x18, 0, &a, &b, &c, &d)) {
		nsub = a;
		for (sub = 0; sub <= nsub; sub++) {
			unsigned type, level;

			__get_cpuid_count(0x18, sub, &a, &b, &c, &d);
			type = d & 0x1f;
			level = (d >> 5) & 0x7;
			/* 1 data, 3 unified, 4 load-only; bit 0 of b: 4 KB */
			if (level == 1 && (type == 1 || type == 3 || type == 4) &&
			    (b & 1)) {
				printf("%u\n", (b >> 16) * c);
				return 0;
			}
		}
	}
	if (__get_cpuid_max(0x80000000, NULL) >= 0x80000005 &&
	    __get_cpuid(0x80000005, &a, &b, &c, &d) && ((b >> 16) & 0xff)) {
		printf("%u\n", (b >> 16) & 0xff);
		return 0;
	}
	fprintf(stderr, "xc-cpuid: CPUID describes no L1 data TLB for 4 KB pages\n");
	return 3;
}
#else
int main(void)
{
	fprintf(stderr, "xc-cpuid: not an x86 processor: no CPUID\n");
	return 3;
}
#endif
