/*
 * ops.h - arithmetic kernels shared by lat_ops and par_ops.
 *
 * Each kind of operation (integer add, double div, ...) has one kernel per
 * number of independent dependency chains (1, 2, 4, 6, 8, 12).  A kernel
 * performs OPS_PER_ITER operations per loop iteration, spread evenly over
 * its chains; within a chain each operation needs the previous one's
 * result, so with one chain the time per operation is the latency, and
 * with enough chains it is the throughput.  An empty asm barrier after
 * every operation (BENCH_KEEP) keeps the compiler from folding, merging,
 * vectorising or removing any of them: the instructions run as written.
 */
#ifndef LATBW_OPS_H
#define LATBW_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"

#define OPS_PER_ITER 96		/* divisible by every chain count */
#define OPS_NWIDTHS 6
#define OPS_BOGO_LEN 1000	/* bogomflops: elements per pass */

extern const unsigned ops_widths[OPS_NWIDTHS];	/* 1, 2, 4, 6, 8, 12 */

struct ops_kind {
	const char *name;	/* case name: "integer-add" */
	const char *label;	/* lmbench label: "integer add" */
	unsigned per_iter;	/* operations per iteration (OPS_PER_ITER,
				 * twice that for float/double mul) */
	/* run[w]: the kernel with ops_widths[w] chains */
	int (*run[OPS_NWIDTHS])(struct bench *b, uint64_t n);
};

extern const struct ops_kind ops_kinds[];
extern const size_t ops_nkinds;

/*
 * bogomflops, as lmbench defines it: x = (1 + x) * (1.5 - x) / x on each
 * of OPS_BOGO_LEN independent elements; one operation is one element.
 */
int ops_bogo_float(struct bench *b, uint64_t n);
int ops_bogo_double(struct bench *b, uint64_t n);

/*
 * Setup hooks: b->ops_per_iter for the kind the case being measured is
 * named after (b->bc->name is an ops_kinds name), or OPS_BOGO_LEN.
 */
int ops_setup(struct bench *b);
int ops_bogo_setup(struct bench *b);

/*
 * Operands of lat_ops and par_ops: each names a kind ("int64-div"), a
 * type ("int64": all its kinds) or one of the cases extra[] (lat_ops's
 * bogomflops).  ops_check_operands is for the parse hook (a usage error on an
 * unknown one); ops_selected says whether the case `name` was asked for
 * (with no operands, every case is).
 */
void ops_check_operands(struct bench *b, const struct bench_case *extra,
			size_t nextra);
int ops_selected(const struct bench *b, const char *name);

#endif
