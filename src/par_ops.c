/*
 * par_ops - how many basic arithmetic operations the processor overlaps.
 *
 *	par_ops [kind|type ...]
 *
 * For each kind of lat_ops (integer, int64, float, double x bit, add, mul,
 * div, mod as they apply) the same operation is timed with 1, 2, 4, 6, 8
 * and 12 independent dependency chains.  One chain gives the latency; more
 * chains let the processor run operations side by side.  The parallelism
 * is the one-chain time per operation divided by the best time per
 * operation any chain count reached: about the number of execution units
 * that do this operation times their pipelining depth.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ops.h"

static int selected(const struct bench *b, const char *name)
{
	size_t tlen = strcspn(name, "-");
	int i;

	if (b->argc == 0)
		return 1;
	for (i = 0; i < b->argc; i++)
		if (strcmp(b->argv[i], name) == 0 ||
		    (strlen(b->argv[i]) == tlen &&
		     strncmp(b->argv[i], name, tlen) == 0))
			return 1;
	return 0;
}

static int check_operands(struct bench *b)
{
	int i;
	size_t k;

	for (i = 0; i < b->argc; i++) {
		int known = 0;

		for (k = 0; k < ops_nkinds && !known; k++) {
			const char *nm = ops_kinds[k].name;

			known = strcmp(b->argv[i], nm) == 0 ||
				(strlen(b->argv[i]) == strcspn(nm, "-") &&
				 strncmp(b->argv[i], nm,
					 strlen(b->argv[i])) == 0);
		}
		if (!known)
			bench_usage_error(b, "unknown operation '%s'",
					  b->argv[i]);
	}
	return 0;
}

static int measure_kind(struct bench *b, const struct ops_kind *kind)
{
	struct ops_state *st = b->priv;
	struct bench_result one, best, r;
	unsigned best_w = 1;
	double spread;
	int w, rc;

	st->kind = kind;
	for (w = 0; w < OPS_NWIDTHS; w++) {
		struct bench_case c = {
			.name = kind->name, .unit = BENCH_NSEC,
			.setup = ops_setup, .run = kind->run[w],
		};

		if ((rc = bench_measure(b, &c, &r)) != 0)
			return rc;
		if (w == 0) {
			one = best = r;
		} else if (r.median < best.median) {
			best = r;
			best_w = ops_widths[w];
		}
	}
	bench_printf(b, "%s parallelism: %.2f", kind->label,
		     one.median / best.median);
	/*
	 * Our own line (the harness's statistics line is for one figure in
	 * a unit; this one is a ratio of two): both times per operation in
	 * ns, the chain count that was fastest, and the spread of each.
	 */
	spread = best.median > 0 ? (best.q3 - best.q1) / best.median : 0;
	bench_printf(b, "[latbw-stat prog=par_ops case=%s ratio=%.4g "
		     "one_chain_ns=%.4g best_ns=%.4g best_chains=%u "
		     "spread_one=%.2f%% spread_best=%.2f%% reps=%u copies=%u "
		     "unit=ratio]", kind->name, one.median / best.median,
		     one.median, best.median, best_w,
		     one.median > 0 ? 100.0 * (one.q3 - one.q1) / one.median
				    : 0.0,
		     100.0 * spread, best.reps, best.copies);
	return 0;
}

static int par_ops_main(struct bench *b)
{
	size_t k;
	int rc;

	for (k = 0; k < ops_nkinds; k++) {
		if (!selected(b, ops_kinds[k].name))
			continue;
		if ((rc = measure_kind(b, &ops_kinds[k])) != 0)
			return rc;
	}
	return 0;
}

static const struct bench_spec spec = {
	.prog = "par_ops",
	.operands = "[kind|type ...]",
	.case_not_first = 1,
	.priv_size = sizeof(struct ops_state),
	.parse = check_operands,
	.main = par_ops_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
