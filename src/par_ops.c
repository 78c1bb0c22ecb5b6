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
#include "bench.h"
#include "ops.h"

static int check_operands(struct bench *b)
{
	ops_check_operands(b, NULL, 0);
	return 0;
}

/*
 * The statistics line after a parallelism figure, in the fields of the
 * harness's (so that readers of [latbw-stat] lines take its spread, reps
 * and copies) but with unit=ratio: the harness's line can only call its
 * values times or bandwidths, and this figure is neither.  The ratio's
 * quartiles and extremes are the widest the two measurements allow (the
 * slowest one-chain quartile over the fastest best-chain one, and so on),
 * then both times per operation, in ns, and the fastest chain count.
 */
static void report_ratio_stat(struct bench *b, const struct ops_kind *kind,
			      const struct bench_result *one,
			      const struct bench_result *best,
			      unsigned best_chains)
{
	double ratio = one->median / best->median;
	double q1 = one->q1 / best->q3, q3 = one->q3 / best->q1;

	bench_printf(b, "[latbw-stat prog=par_ops case=%s median=%.6g "
		     "min=%.6g max=%.6g spread=%.2f%% reps=%u copies=%u "
		     "unit=ratio one_chain_ns=%.6g best_ns=%.6g "
		     "best_chains=%u]", kind->name, ratio,
		     one->min / best->max, one->max / best->min,
		     100.0 * (q3 - q1) / ratio,
		     one->reps < best->reps ? one->reps : best->reps,
		     best->copies, one->median, best->median, best_chains);
}

static int measure_kind(struct bench *b, const struct ops_kind *kind)
{
	struct bench_result one, best, r;
	unsigned best_w = 1;
	int w, rc;

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
	if (!(best.median > 0.0 && best.min > 0.0 && best.q1 > 0.0))
		return bench_error(b, "%s: a time per operation of 0",
				   kind->name);
	bench_printf(b, "%s parallelism: %.2f", kind->label,
		     one.median / best.median);
	report_ratio_stat(b, kind, &one, &best, best_w);
	return 0;
}

static int par_ops_main(struct bench *b)
{
	size_t k;
	int rc;

	for (k = 0; k < ops_nkinds; k++) {
		if (!ops_selected(b, ops_kinds[k].name))
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
	.parse = check_operands,
	.main = par_ops_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
