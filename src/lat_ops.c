/*
 * lat_ops - the latency of basic arithmetic operations.
 *
 *	lat_ops [kind|type ...]
 *
 * For int ("integer"), int64, float and double: bit, add, mul, div and mod
 * as they apply, each timed as one long chain of dependent operations, so
 * the figure is the time from an operation's inputs to its result.  Then
 * float and double "bogomflops", lmbench's small vector loop, timed per
 * element.  See src/lib/ops.c for the operands and why the compiler keeps
 * every operation.  With operands, only the named kinds ("int64-div") or
 * types ("double") are measured.
 */
#include "bench.h"
#include "ops.h"

static const struct bench_case bogo_cases[] = {
	{ .name = "float-bogomflops", .label = "float bogomflops",
	  .unit = BENCH_NSEC, .setup = ops_bogo_setup,
	  .run = ops_bogo_float },
	{ .name = "double-bogomflops", .label = "double bogomflops",
	  .unit = BENCH_NSEC, .setup = ops_bogo_setup,
	  .run = ops_bogo_double },
};
#define NBOGO (sizeof(bogo_cases) / sizeof(bogo_cases[0]))

static int check_operands(struct bench *b)
{
	ops_check_operands(b, bogo_cases, NBOGO);
	return 0;
}

static int lat_ops_main(struct bench *b)
{
	struct bench_result r;
	size_t k;
	int rc;

	for (k = 0; k < ops_nkinds; k++) {
		struct bench_case c = {
			.name = ops_kinds[k].name, .unit = BENCH_NSEC,
			.setup = ops_setup, .run = ops_kinds[k].run[0],
		};

		if (!ops_selected(b, c.name))
			continue;
		if ((rc = bench_measure(b, &c, &r)) != 0)
			return rc;
		bench_report(b, ops_kinds[k].label, &r);
	}
	for (k = 0; k < NBOGO; k++) {
		if (!ops_selected(b, bogo_cases[k].name))
			continue;
		if ((rc = bench_measure(b, &bogo_cases[k], &r)) != 0)
			return rc;
		bench_report(b, bogo_cases[k].label, &r);
	}
	return 0;
}

static const struct bench_spec spec = {
	.prog = "lat_ops",
	.operands = "[kind|type ...]",
	.case_not_first = 1,
	.parse = check_operands,
	.main = lat_ops_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
