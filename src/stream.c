/*
 * stream - McCalpin's STREAM kernels, as lmbench runs them.
 *
 *	stream [-v 1|2] [-M bytes]
 *
 * Version 1: copy c = a, scale b = s*c, add c = a + b, triad a = b + s*c.
 * Version 2: fill a = q, copy c = a, daxpy a = a + q*b, sum s += a.
 * The three arrays of doubles share -M bytes (default 24,000,000: three
 * arrays of 1,000,000 doubles, lmbench's default).  Each kernel prints
 * its time per array element and its bandwidth, counting the bytes each
 * element moves (copy and scale 16, add, triad and daxpy 24, fill and sum
 * 8), MB = 10^6 bytes.
 *
 * Every kernel is repeatable (running it again gives the same arrays, or
 * for daxpy and sum a known function of the passes made), so its result is
 * known: after the samples every element is checked (untimed, in every -P
 * copy).  A wrong result is an error, never a figure.
 */
#include <stdio.h>

#include "bench.h"
#include "mem.h"

#define SCALAR 3.0
#define INIT_A 1.0
#define INIT_B 2.0
#define INIT_C 0.5

struct stream_state {
	struct mem_buf mem;
	double *a, *b, *c;
	size_t len;		/* elements per array */
	uint64_t passes;	/* daxpy: passes made, for its check */
	double sum;		/* sum: the total of every pass */
	int keep;		/* the kernels share one mapping (see main) */
};

/* After each pass: the compiler must not assume the arrays unchanged. */
#define PASS_BARRIER() __asm__ __volatile__("" ::: "memory")

static int copy_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	double *restrict a = st->a, *restrict c = st->c;
	size_t i, len = st->len;

	while (n-- > 0) {
		for (i = 0; i < len; i++)
			c[i] = a[i];
		PASS_BARRIER();
	}
	return 0;
}

static int scale_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	double *restrict b = st->b, *restrict c = st->c, s = SCALAR;
	size_t i, len = st->len;

	BENCH_KEEP_FP(s);
	while (n-- > 0) {
		for (i = 0; i < len; i++)
			b[i] = s * c[i];
		PASS_BARRIER();
	}
	return 0;
}

static int add_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	double *restrict a = st->a, *restrict b = st->b, *restrict c = st->c;
	size_t i, len = st->len;

	while (n-- > 0) {
		for (i = 0; i < len; i++)
			c[i] = a[i] + b[i];
		PASS_BARRIER();
	}
	return 0;
}

static int triad_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	double *restrict a = st->a, *restrict b = st->b, *restrict c = st->c;
	double s = SCALAR;
	size_t i, len = st->len;

	BENCH_KEEP_FP(s);
	while (n-- > 0) {
		for (i = 0; i < len; i++)
			a[i] = b[i] + s * c[i];
		PASS_BARRIER();
	}
	return 0;
}

static int fill_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	double *restrict a = st->a, q = SCALAR;
	size_t i, len = st->len;

	BENCH_KEEP_FP(q);
	while (n-- > 0) {
		for (i = 0; i < len; i++)
			a[i] = q;
		PASS_BARRIER();
	}
	return 0;
}

static int daxpy_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	double *restrict a = st->a, *restrict b = st->b, q = SCALAR;
	size_t i, len = st->len;

	BENCH_KEEP_FP(q);
	st->passes += n;
	while (n-- > 0) {
		for (i = 0; i < len; i++)
			a[i] = a[i] + q * b[i];
		PASS_BARRIER();
	}
	return 0;
}

/*
 * Four partial sums: one chain of dependent additions would time the
 * adder's latency, not the memory.  The total is exact either way (the
 * elements are small whole numbers, and so are the sums of every pass,
 * which are kept so that no pass is dead code).
 */
static int sum_run(struct bench *bn, uint64_t n)
{
	struct stream_state *st = bn->priv;
	const double *restrict a = st->a;
	size_t i, len = st->len;
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	st->passes += n;
	while (n-- > 0) {
		for (i = 0; i + 4 <= len; i += 4) {
			s0 += a[i];
			s1 += a[i + 1];
			s2 += a[i + 2];
			s3 += a[i + 3];
		}
		for (; i < len; i++)
			s0 += a[i];
		PASS_BARRIER();
	}
	st->sum += (s0 + s1) + (s2 + s3);
	return 0;
}

/* What element i of a, b and c must hold after a kernel has run. */
static void expected(const struct bench *bn, double *wa, double *wb,
		     double *wc)
{
	const struct stream_state *st = bn->priv;
	int (*run)(struct bench *, uint64_t) = bn->bc->run;

	*wa = INIT_A;
	*wb = INIT_B;
	*wc = INIT_C;
	if (run == copy_run)
		*wc = INIT_A;
	else if (run == scale_run)
		*wb = SCALAR * INIT_C;
	else if (run == add_run)
		*wc = INIT_A + INIT_B;
	else if (run == triad_run)
		*wa = INIT_B + SCALAR * INIT_C;
	else if (run == fill_run)
		*wa = SCALAR;
	else if (run == daxpy_run)
		*wa = INIT_A + (double)st->passes * SCALAR * INIT_B;
}

static int check_failed(struct bench *bn, const char *what, size_t i)
{
	return bench_error(bn, "%s: wrong result (%s, element %zu)",
			   bn->bc->name, what, i);
}

/* The check hook: every element of every array, and the sum. */
static int check_all(struct bench *bn)
{
	struct stream_state *st = bn->priv;
	double wa, wb, wc;
	size_t i;

	expected(bn, &wa, &wb, &wc);
	for (i = 0; i < st->len; i++) {
		if (st->a[i] != wa)
			return check_failed(bn, "array a", i);
		if (st->b[i] != wb)
			return check_failed(bn, "array b", i);
		if (st->c[i] != wc)
			return check_failed(bn, "array c", i);
	}
	if (bn->bc->run == sum_run &&
	    st->sum != (double)st->passes * (double)st->len * INIT_A)
		return check_failed(bn, "the sum", 0);
	return 0;
}

static double bytes_per_element(const struct bench_case *c);

static int stream_setup(struct bench *bn)
{
	struct stream_state *st = bn->priv;
	size_t i, len = st->len;
	/* One mapping, each array starting on a page of its own. */
	size_t stride = (len * sizeof(double) + 4095) / 4096 * 4096;
	int rc;

	/* Small pages, every one touched by mem_alloc: no timed pass pays a
	 * page fault, and THP settings do not change the figure. */
	if (st->mem.base == NULL &&
	    (rc = mem_alloc(bn, &st->mem, 3 * stride, MEM_PAGES_SMALL)) != 0)
		return rc;
	st->a = (double *)st->mem.base;
	st->b = (double *)(st->mem.base + stride);
	st->c = (double *)(st->mem.base + 2 * stride);
	for (i = 0; i < len; i++) {
		st->a[i] = INIT_A;
		st->b[i] = INIT_B;
		st->c[i] = INIT_C;
	}
	st->passes = 0;
	st->sum = 0;
	bn->ops_per_iter = (double)len;
	bn->bytes = bytes_per_element(bn->bc);
	return 0;
}

static void stream_cleanup(struct bench *bn)
{
	struct stream_state *st = bn->priv;

	if (!st->keep)
		mem_free(&st->mem);
}

#define STREAM_CASE(nm, lab, fn) \
	{ .name = nm, .label = lab, .unit = BENCH_MBPS, \
	  .setup = stream_setup, .run = fn, .check = check_all, \
	  .cleanup = stream_cleanup }

/* The label is the line's prefix; " latency" and " bandwidth" follow. */
static const struct bench_case cases[] = {
	STREAM_CASE("copy", "STREAM copy", copy_run),
	STREAM_CASE("scale", "STREAM scale", scale_run),
	STREAM_CASE("add", "STREAM add", add_run),
	STREAM_CASE("triad", "STREAM triad", triad_run),
	STREAM_CASE("fill", "STREAM2 fill", fill_run),
	STREAM_CASE("copy2", "STREAM2 copy", copy_run),
	STREAM_CASE("daxpy", "STREAM2 daxpy", daxpy_run),
	STREAM_CASE("sum", "STREAM2 sum", sum_run),
};

/* Bytes one element of each kernel moves, as STREAM counts them. */
static double bytes_per_element(const struct bench_case *c)
{
	if (c->run == fill_run || c->run == sum_run)
		return sizeof(double);
	if (c->run == copy_run || c->run == scale_run)
		return 2 * sizeof(double);
	return 3 * sizeof(double);
}

static int measure_kernel(struct bench *bn, const struct bench_case *c)
{
	struct bench_result r, lat;
	char label[64];
	int rc;

	rc = bench_measure(bn, c, &r);
	if (rc != 0)
		return rc;
	/*
	 * Measured as a bandwidth so -P copies add up; the latency is one
	 * copy's time per element (r's times are for all copies together).
	 */
	lat = r;
	lat.unit = BENCH_NSEC;
	lat.median *= r.copies;
	lat.min *= r.copies;
	lat.max *= r.copies;
	lat.q1 *= r.copies;
	lat.q3 *= r.copies;
	snprintf(label, sizeof(label), "%s latency", c->label);
	bench_report(bn, label, &lat);
	snprintf(label, sizeof(label), "%s bandwidth", c->label);
	bench_report(bn, label, &r);
	return 0;
}

/*
 * Measured in this process (one copy, no threads), the four kernels share
 * one mapping, set up by the first: each kernel's set-up still writes
 * every element, but only the first pays the page faults.  A GiB of small
 * pages took 2.5 s to populate and touch on a guest whose page tables the
 * host shadows, four times over before; the figures are the same either
 * way, since no timed pass faults.  Copies and threads map their own, for
 * each kernel, and unmap it in its clean-up.
 */
static int stream_main(struct bench *bn)
{
	struct stream_state *st = bn->priv;
	size_t first = bench_opt_num(bn, 'v') == 2 ? 4 : 0, i;
	int rc = 0;

	st->keep = bn->copies == 1 && !bench_threads(bn);
	for (i = first; i < first + 4 && rc == 0; i++)
		rc = measure_kernel(bn, &cases[i]);
	mem_free(&st->mem);
	return rc;
}

static int stream_parse(struct bench *bn)
{
	struct stream_state *st = bn->priv;
	long long bytes = bench_opt_num(bn, 'M');

	if (bn->argc > 0)
		bench_usage_error(bn, "unexpected argument '%s'", bn->argv[0]);
	st->len = (size_t)bytes / (3 * sizeof(double));
	return 0;
}

static const struct bench_opt opts[] = {
	{ .flag = 'v', .type = BENCH_OPT_INT, .arg = "1|2",
	  .help = "STREAM version: 1 copy/scale/add/triad, 2 fill/copy/"
		  "daxpy/sum", .def = 1, .min = 1, .max = 2 },
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "bytes",
	  .help = "memory for the three arrays together (default 24000000)",
	  .def = 24000000, .min = 3 * 64, .max = 0 },
};

static const struct bench_spec spec = {
	.prog = "stream",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.case_not_first = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct stream_state),
	.parse = stream_parse,
	.main = stream_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
