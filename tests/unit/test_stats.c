/* Unit tests: statistics, size parsing and calibration decisions. */
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "calib.h"
#include "stats.h"
#include "unit.h"

static void test_stats(void)
{
	double odd[] = { 5, 1, 4, 2, 3 };
	double even[] = { 4, 1, 3, 2 };
	double one[] = { 7 };
	double outlier[] = { 10, 10, 10, 10, 10, 10, 1000 };
	struct stats s;

	stats_summarize(odd, 5, &s);
	CHECK("median of an odd count is the middle value", s.median == 3);
	CHECK("min and max of samples", s.min == 1 && s.max == 5);
	CHECK("quartiles by interpolation", s.q1 == 2 && s.q3 == 4);
	CHECK_NEAR("relative spread is (q3-q1)/median", stats_rel_spread(&s),
		   2.0 / 3.0, 1e-9);
	stats_summarize(even, 4, &s);
	CHECK("median of an even count is the mean of the middle two",
	      s.median == 2.5);
	stats_summarize(one, 1, &s);
	CHECK("one sample: everything is that sample",
	      s.median == 7 && s.min == 7 && s.max == 7 && s.q1 == 7);
	CHECK("one sample: no spread", stats_rel_spread(&s) == 0);
	stats_summarize(outlier, 7, &s);
	CHECK("an outlier moves the max, not the median",
	      s.median == 10 && s.max == 1000);
	CHECK("an outlier does not widen the quartile spread",
	      stats_rel_spread(&s) == 0);
}

static void test_sizes(void)
{
	uint64_t v = 0;

	CHECK("plain bytes", bench_parse_size("4096", &v) == 0 && v == 4096);
	CHECK("k is 1024", bench_parse_size("64k", &v) == 0 && v == 65536);
	CHECK("K and kb too", bench_parse_size("2KB", &v) == 0 && v == 2048);
	CHECK("m is 1024*1024", bench_parse_size("8m", &v) == 0 &&
	      v == 8u << 20);
	CHECK("g is 1024^3", bench_parse_size("1g", &v) == 0 &&
	      v == UINT64_C(1) << 30);
	CHECK("a fraction with a suffix", bench_parse_size("1.5k", &v) == 0 &&
	      v == 1536);
	CHECK("zero is a size", bench_parse_size("0", &v) == 0 && v == 0);
	CHECK("a fraction of a byte is refused",
	      bench_parse_size("0.5", &v) != 0);
	CHECK("negative sizes are refused", bench_parse_size("-1", &v) != 0);
	CHECK("unknown suffix refused", bench_parse_size("10q", &v) != 0);
	CHECK("trailing junk refused", bench_parse_size("10kk", &v) != 0);
	CHECK("empty text refused", bench_parse_size("", &v) != 0);
	CHECK("NULL refused", bench_parse_size(NULL, &v) != 0);
	CHECK("words refused", bench_parse_size("inf", &v) != 0);
	CHECK("absurd sizes refused", bench_parse_size("99999999999g", &v) != 0);
	CHECK("hexadecimal refused", bench_parse_size("0x10", &v) != 0 &&
	      bench_parse_size("0x10k", &v) != 0);
	CHECK("exponents refused", bench_parse_size("1e3", &v) != 0 &&
	      bench_parse_size("1E3", &v) != 0 &&
	      bench_parse_size("1.5e1k", &v) != 0);
	CHECK("two points refused", bench_parse_size("1.2.3k", &v) != 0);
	CHECK("a point alone refused", bench_parse_size(".", &v) != 0 &&
	      bench_parse_size(".k", &v) != 0);
	CHECK("a leading point is a fraction", bench_parse_size(".5k", &v) == 0 &&
	      v == 512);
	{
		double d;

		CHECK("decimal: a fraction", bench_parse_decimal("1.5", &d) == 0 &&
		      d == 1.5);
		CHECK("decimal: hex, exponent, words, blanks refused",
		      bench_parse_decimal("0x1", &d) != 0 &&
		      bench_parse_decimal("1e3", &d) != 0 &&
		      bench_parse_decimal("inf", &d) != 0 &&
		      bench_parse_decimal(" 1", &d) != 0 &&
		      bench_parse_decimal("-1", &d) != 0 &&
		      bench_parse_decimal("", &d) != 0);
	}
	CHECK("uint: digits", bench_parse_uint("123", &v) == 0 && v == 123);
	CHECK("uint: sign refused", bench_parse_uint("-3", &v) != 0 &&
	      bench_parse_uint("+3", &v) != 0);
	CHECK("uint: junk refused", bench_parse_uint("3x", &v) != 0);
	CHECK("uint: overflow refused",
	      bench_parse_uint("99999999999999999999999", &v) != 0);
}

/*
 * A fake clock: the body costs `cost` ns per iteration plus `fixed` ns per
 * sample.  Calibration must find an n whose sample reaches the target.
 */
static uint64_t run_calibration(const struct calib_policy *p, double cost,
				double fixed, int *steps)
{
	uint64_t n = 1, next;

	*steps = 0;
	for (;;) {
		double t = (double)n * cost + fixed;

		(*steps)++;
		next = calib_next_n(p, n, t);
		if (next == 0)
			return n;
		n = next;
	}
}

static void test_calibration(void)
{
	struct calib_policy p;
	uint64_t n;
	int steps;
	double v[40];
	unsigned k;

	calib_default(&p, 11, 0, 5e6);
	n = run_calibration(&p, 200.0, 0.0, &steps);
	CHECK("a 200 ns body reaches a 5 ms sample", n * 200.0 >= 5e6);
	CHECK("... without overshooting it threefold", n * 200.0 < 15e6);
	CHECK("... in a handful of steps", steps <= 8);
	n = run_calibration(&p, 1e9, 0.0, &steps);
	CHECK("a 1 s body needs one iteration", n == 1 && steps == 1);
	n = run_calibration(&p, 0.3, 0.0, &steps);
	CHECK("a 0.3 ns body still reaches the target", n * 0.3 >= 5e6);
	CHECK("below the clock's resolution n grows",
	      calib_next_n(&p, 10, 0.0) == 320);
	p.n_max = 1000;
	CHECK("n stops at n_max", calib_next_n(&p, 1000, 10.0) == 0);
	CHECK("n never passes n_max", calib_next_n(&p, 999, 1.0) == 1000);

	calib_default(&p, 11, 1, 5e6);
	for (k = 0; k < 40; k++)
		v[k] = 1.0;
	CHECK("fixed -N 11 wants 11 samples", calib_want_more(&p, v, 10, 0) &&
	      !calib_want_more(&p, v, 11, 0));
	calib_default(&p, 11, 0, 5e6);
	CHECK("adaptive: wants at least half the nominal samples",
	      calib_want_more(&p, v, 4, 0));
	CHECK("adaptive: a quiet figure stops at half",
	      !calib_want_more(&p, v, 5, 0));
	for (k = 0; k < 40; k++)
		v[k] = (k % 2) ? 1.0 : 1.5;
	CHECK("adaptive: a noisy figure goes past the nominal count",
	      calib_want_more(&p, v, 11, 0));
	CHECK("adaptive: ... but not past three times it",
	      !calib_want_more(&p, v, 33, 0));
	CHECK("adaptive: ... nor past the time budget",
	      !calib_want_more(&p, v, 12, 1e12));
	for (k = 0; k < 40; k++)
		v[k] = 1.0 + (k % 3) * 0.01;
	CHECK("adaptive: moderate noise stops at the nominal count",
	      calib_want_more(&p, v, 8, 0) && !calib_want_more(&p, v, 11, 0));
}

int main(void)
{
	test_stats();
	test_sizes();
	test_calibration();
	return unit_done();
}
