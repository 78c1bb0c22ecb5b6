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
#include <string.h>

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

/* Is the kind called `name` selected by the operands (none: all are)? */
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
		const char *a = b->argv[i];
		int known = 0;

		for (k = 0; k < ops_nkinds && !known; k++) {
			const char *nm = ops_kinds[k].name;

			known = strcmp(a, nm) == 0 ||
				(strlen(a) == strcspn(nm, "-") &&
				 strncmp(a, nm, strlen(a)) == 0);
		}
		for (k = 0; k < 2 && !known; k++)
			known = strcmp(a, bogo_cases[k].name) == 0;
		if (!known)
			bench_usage_error(b, "unknown operation '%s'", a);
	}
	return 0;
}

static int lat_ops_main(struct bench *b)
{
	struct ops_state *st = b->priv;
	struct bench_result r;
	size_t k;
	int rc;

	for (k = 0; k < ops_nkinds; k++) {
		struct bench_case c = {
			.name = ops_kinds[k].name, .unit = BENCH_NSEC,
			.setup = ops_setup, .run = ops_kinds[k].run[0],
		};

		if (!selected(b, c.name))
			continue;
		st->kind = &ops_kinds[k];
		if ((rc = bench_measure(b, &c, &r)) != 0)
			return rc;
		bench_report(b, ops_kinds[k].label, &r);
	}
	for (k = 0; k < 2; k++) {
		if (!selected(b, bogo_cases[k].name))
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
	.priv_size = sizeof(struct ops_state),
	.parse = check_operands,
	.main = lat_ops_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
