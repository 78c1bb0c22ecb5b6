/*
 * Unit tests: the cache levels found in made-up latency curves
 * (src/lib/levels.c), driven as the cache program drives it -- a sweep
 * of eight sizes per doubling, smoothed; the levels; sizes four times
 * closer around each step; the levels again -- on hierarchies that are
 * not powers of two (48K/2M/260M), that are (32K/512K/32M), arm64-like
 * ones without an L3 (64K/1M), with sharp, soft and blurred steps, a
 * climbing plateau, and noise.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "unit.h"

#define K 1024.0
#define M (1024.0 * 1024.0)
#define MAXP 600

/*
 * How a level's hit ratio falls past its size C, for an array of s bytes:
 * SHARP, a cache that keeps all or nothing (LRU on a cyclic chase); SOFT,
 * one that keeps a part, C/s (adaptive or random replacement); BLUR, a
 * physically indexed 8-way cache whose sets drew 4 KB pages at random (a
 * virtual machine): a set is full past 8 pages, Poisson(8 s / C) of them;
 * BLUR12, the same with 12 ways; RANDOM, random replacement: a fraction p
 * of loads hit, p = exp(-(s / C)(1 - p)).  (The level finder fits the
 * first three shapes, with 8 or 16 ways: BLUR12 and RANDOM are shapes it
 * does not know.)
 */
enum edge { SHARP, SOFT, BLUR, BLUR12, RANDOM };

struct model {
	const char *name;
	double bytes[3], ns[3];	/* up to three levels (0: none) */
	double mem_ns;
	enum edge edge;
	double climb;		/* plateaus climb by this per doubling past 256K */
	double noise;		/* multiplicative, up to +- this */
};

/* P(Poisson(lambda) <= k). */
static double poisson_cdf(double lambda, int k)
{
	double term = exp(-lambda), sum = term;
	int i;

	for (i = 1; i <= k; i++) {
		term *= lambda / i;
		sum += term;
	}
	return sum;
}

/* The part of an s-byte array a level of c bytes holds. */
static double held(enum edge e, double c, double s)
{
	switch (e) {
	case SHARP:
		return s <= c ? 1.0 : 0.0;
	case SOFT:
		return s <= c ? 1.0 : c / s;
	case BLUR12:
		return poisson_cdf(12.0 * s / c, 11);
	case RANDOM: {
		double p = 0.5, x = s / c;
		int i;

		if (x <= 1.0)
			return 1.0;
		for (i = 0; i < 200; i++)
			p = exp(-x * (1.0 - p));
		return p;
	}
	case BLUR:
	default:
		/* An L1 is virtually indexed: never blurred (see below). */
		return poisson_cdf(8.0 * s / c, 7);
	}
}

static unsigned long long rng = 1;
/* The noise's seed in measure(). */
static unsigned long long seed = 12345;

static double rnd(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng >> 11) / 9007199254740992.0;
}

/* The model's latency at s bytes: each level serves what it holds beyond
 * the level below, memory the rest. */
static double latency(const struct model *m, double s)
{
	double below = 0.0, ns = 0.0, h;
	int i;

	for (i = 0; i < 3 && m->bytes[i] > 0.0; i++) {
		h = held(i == 0 && (m->edge == BLUR || m->edge == BLUR12) ?
			 SHARP : m->edge, m->bytes[i], s);
		if (h < below)
			h = below;
		ns += m->ns[i] * (h - below);
		below = h;
	}
	ns += m->mem_ns * (1.0 - below);
	if (m->climb > 0.0 && s > 256 * K)
		ns *= pow(m->climb, log2(s / (256 * K)));
	return ns * (1.0 + m->noise * (2.0 * rnd() - 1.0));
}

/* The cache program's sweep: 4 KiB, then eight sizes per doubling. */
static double next_size(double k)
{
	double s;

	for (s = 8192; s <= k; s *= 2)
		;
	return k + s / 16;
}

struct found {
	size_t n;
	struct cache_level lv[8];
	double size[MAXP], ns[MAXP];
};

/* Sweep, find, refine, find again: what the cache program reports. */
static void measure(const struct model *m, double largest, struct found *f)
{
	double raw[MAXP], more[MAXP], s;
	size_t n = 0, k, i, j;

	rng = seed;
	for (s = 4096; s <= largest && n < MAXP; s = next_size(s), n++) {
		f->size[n] = s;
		raw[n] = latency(m, s);
	}
	levels_smooth(raw, f->ns, n);
	f->n = levels_find(f->size, f->ns, n, f->lv, 8);
	k = levels_refine(f->lv, f->n, f->size, n, 512.0, more, MAXP - n);
	for (i = 0; i < k; i++) {
		/* insert in size order */
		for (j = n; j > 0 && f->size[j - 1] > more[i]; j--) {
			f->size[j] = f->size[j - 1];
			raw[j] = raw[j - 1];
		}
		f->size[j] = more[i];
		raw[j] = latency(m, more[i]);
		n++;
	}
	levels_smooth(raw, f->ns, n);
	f->n = levels_find(f->size, f->ns, n, f->lv, 8);
}

/* The caches found (levels less memory), their sizes as reported. */
static int found_sizes(const struct found *f, double *out)
{
	size_t i;
	int k = 0;

	for (i = 0; i + 1 < f->n; i++)
		out[k++] = levels_round(f->lv[i].bytes);
	return k;
}

static void check_model(const struct model *m, double largest)
{
	struct found f;
	double got[8];
	char title[200];
	int want = 0, k, i, ok;

	while (want < 3 && m->bytes[want] > 0.0)
		want++;
	measure(m, largest, &f);
	k = found_sizes(&f, got);
	snprintf(title, sizeof(title), "%s: %d cache levels and memory", m->name,
		 want);
	CHECK(title, k == want);
	if (k != want || getenv("LEVELS_DEBUG") != NULL) {
		for (i = 0; i <= k; i++)
			fprintf(stderr, "#   found L%d %.0f (estimate %.0f) "
				"plateau %.0f-%.0f ns %.2f\n", i + 1,
				i < k ? got[i] : 0.0, f.lv[i].bytes,
				f.size[f.lv[i].first], f.size[f.lv[i].last],
				f.lv[i].ns);
		if (k != want)
			return;
	}
	for (i = 0; i < want; i++) {
		snprintf(title, sizeof(title), "%s: L%d is %.0fK (found %.0fK, "
			 "estimate %.0f)", m->name, i + 1, m->bytes[i] / K,
			 got[i] / K, f.lv[i].bytes);
		ok = got[i] == levels_round(m->bytes[i]);
		CHECK(title, ok);
		if (!ok && getenv("LEVELS_DEBUG") != NULL) {
			size_t j;

			for (j = 0; j < MAXP && f.size[j] > 0; j++)
				if (f.size[j] > 0.8 * m->bytes[i] &&
				    f.size[j] < 1.25 * m->bytes[i])
					fprintf(stderr, "#     %.0f %.4f\n",
						f.size[j], f.ns[j]);
		}
	}
	snprintf(title, sizeof(title), "%s: memory's latency (%.0f ns) within "
		 "10%%", m->name, m->mem_ns);
	/* (A cache that keeps part of any array never lets the curve
	 * settle on memory's latency.) */
	CHECK(title, fabs(f.lv[k].ns - m->mem_ns) < 0.1 * m->mem_ns ||
	      m->climb > 0.0 || m->edge == SOFT);
	snprintf(title, sizeof(title), "%s: L1's latency (%.2f ns) within 5%%",
		 m->name, m->ns[0]);
	CHECK(title, fabs(f.lv[0].ns - m->ns[0]) < 0.05 * m->ns[0]);
}

static void test_round(void)
{
	CHECK("round: 48K stays 48K", levels_round(48 * K) == 48 * K);
	CHECK("round: 1.25M stays 1.25M", levels_round(1.25 * M) == 1.25 * M);
	CHECK("round: 36M stays 36M (not 32M)", levels_round(36 * M) == 36 * M);
	CHECK("round: 260M is 256M (within 2%, the curve's resolution)",
	      levels_round(260 * M) == 256 * M);
	CHECK("round: 50000 bytes is 48K", levels_round(50000) == 48 * K);
	CHECK("round: 2.1M is 2M", levels_round(2.1 * M) == 2 * M);
	CHECK("round: nothing is 0", levels_round(0) == 0.0);
}

static void test_refine(void)
{
	struct cache_level lv[2];
	double size[2] = { 32 * K, 36 * K }, out[64];
	size_t k, i;
	int inside = 1, aligned = 1;

	memset(lv, 0, sizeof(lv));
	lv[0].bytes = 32 * K;
	lv[0].lo = 28 * K;
	lv[0].hi = 36 * K;
	k = levels_refine(lv, 2, size, 2, 512.0, out, 64);
	for (i = 0; i < k; i++) {
		if (out[i] <= 28 * K || out[i] >= 36 * K || out[i] == 32 * K)
			inside = 0;
		if (fmod(out[i], 512.0) != 0.0)
			aligned = 0;
	}
	CHECK("refine: sizes between lo and hi, none already measured",
	      k >= 6 && inside);
	CHECK("refine: multiples of the alignment", aligned);
	CHECK("refine: no room, no sizes", levels_refine(lv, 2, size, 2,
							512.0, out, 0) == 0);
}

/*
 * Issue 32: the first sweep on a 2-vCPU KVM guest of a Xeon (sysfs: a
 * 48K L1d), up to its L2's plateau, as the cache program measured it;
 * the point at 44K was slowed by another process in both passes.  An L1
 * is virtually indexed: fitted with a sets-drew-pages-at-random step, its
 * size went to the middle of the step (64K) instead of its start.
 */
static const double issue32[][2] = {
	{ 4096, 1.699 }, { 4608, 1.711 }, { 5120, 1.708 }, { 5632, 1.712 },
	{ 6144, 1.761 }, { 6656, 1.776 }, { 7168, 1.782 }, { 7680, 1.943 },
	{ 8192, 1.717 }, { 9216, 1.713 }, { 10240, 1.720 }, { 11264, 1.684 },
	{ 12288, 1.678 }, { 13312, 1.682 }, { 14336, 1.684 }, { 15360, 1.683 },
	{ 16384, 1.684 }, { 18432, 1.686 }, { 20480, 1.690 }, { 22528, 1.686 },
	{ 24576, 1.689 }, { 26624, 1.683 }, { 28672, 1.681 }, { 30720, 1.702 },
	{ 32768, 1.687 }, { 36864, 1.687 }, { 40960, 1.688 }, { 45056, 1.939 },
	{ 49152, 1.771 }, { 53248, 2.171 }, { 57344, 2.577 }, { 61440, 2.969 },
	{ 65536, 3.691 }, { 73728, 4.020 }, { 81920, 4.228 }, { 90112, 4.453 },
	{ 98304, 4.525 }, { 106496, 4.880 }, { 114688, 4.840 }, { 122880, 4.586 },
	{ 131072, 4.944 }, { 147456, 5.421 }, { 163840, 5.212 }, { 180224, 5.059 },
	{ 196608, 5.050 }, { 212992, 5.656 }, { 229376, 4.965 }, { 245760, 5.005 },
	{ 262144, 5.060 }, { 294912, 5.079 }, { 327680, 5.772 }, { 360448, 5.144 },
	{ 393216, 5.179 }, { 425984, 5.183 }, { 458752, 5.201 }, { 491520, 5.202 },
	{ 524288, 5.222 }, { 589824, 5.609 }, { 655360, 5.631 }, { 720896, 5.473 },
	{ 786432, 5.469 }, { 851968, 5.282 }, { 917504, 5.293 }, { 983040, 5.297 },
	{ 1048576, 5.313 },
};

static void test_issue32(void)
{
	enum { N = sizeof(issue32) / sizeof(issue32[0]) };
	double size[N], raw[N], ns[N];
	struct cache_level lv[8];
	size_t i, m;

	for (i = 0; i < N; i++) {
		size[i] = issue32[i][0];
		raw[i] = issue32[i][1];
	}
	levels_smooth(raw, ns, N);
	m = levels_find(size, ns, N, lv, 8);
	CHECK("issue 32's curve: one level below the last plateau", m == 2);
	CHECK("issue 32's curve: L1 is 48K (the start of its step, not the "
	      "middle)", m == 2 && levels_round(lv[0].bytes) == 48 * K);
}

/*
 * One blurred hierarchy (12 ways, a shape the finder does not fit) under
 * sixteen draws of noise, 3% on every point: each estimate of L2 within
 * 0.8-1.25 of its size, the cross-check's band.  (Issue 32: a guest's
 * L2 of 512K came out at 448K to 640K from run to run; noise of this
 * kind alone does not do that.)
 */
static void test_noise_seeds(void)
{
	static const struct model m = {
		"32K/512K/32M blurred, 12 ways, 3% noise",
		{ 32 * K, 512 * K, 32 * M }, { 1.0, 3.5, 12 }, 90, BLUR12, 0,
		0.03
	};
	struct found f;
	double lo = HUGE_VAL, hi = 0.0;
	char title[200];
	int bad = 0;

	for (seed = 1; seed <= 16; seed++) {
		measure(&m, 128 * M, &f);
		if (f.n < 3) {
			bad++;
			continue;
		}
		if (f.lv[1].bytes < lo)
			lo = f.lv[1].bytes;
		if (f.lv[1].bytes > hi)
			hi = f.lv[1].bytes;
		if (!(f.lv[1].bytes >= 0.8 * m.bytes[1] &&
		      f.lv[1].bytes <= 1.25 * m.bytes[1]))
			bad++;
	}
	seed = 12345;
	snprintf(title, sizeof(title), "%s, 16 seeds: L2 within 0.8-1.25 of "
		 "512K in each (%.0fK to %.0fK; %d outside)", m.name, lo / K,
		 hi / K, bad);
	CHECK(title, bad == 0);
}

int main(void)
{
	static const struct model models[] = {
		/* The Xeon of issue 10: sysfs 48K, 2M, 260M. */
		{ "48K/2M/260M sharp", { 48 * K, 2 * M, 260 * M },
		  { 1.1, 4.5, 30 }, 110, SHARP, 0, 0.005 },
		{ "48K/2M/260M soft", { 48 * K, 2 * M, 260 * M },
		  { 1.1, 4.5, 30 }, 110, SOFT, 0, 0.005 },
		{ "48K/2M/260M blurred", { 48 * K, 2 * M, 260 * M },
		  { 1.1, 4.5, 30 }, 110, BLUR, 0, 0.005 },
		/* Powers of two. */
		{ "32K/512K/32M sharp", { 32 * K, 512 * K, 32 * M },
		  { 1.0, 3.5, 12 }, 90, SHARP, 0, 0.005 },
		{ "32K/512K/32M soft", { 32 * K, 512 * K, 32 * M },
		  { 1.0, 3.5, 12 }, 90, SOFT, 0, 0.005 },
		{ "32K/512K/32M blurred", { 32 * K, 512 * K, 32 * M },
		  { 1.0, 3.5, 12 }, 90, BLUR, 0, 0.005 },
		/* arm64-like: no L3. */
		{ "64K/1M (no L3) sharp", { 64 * K, 1 * M, 0 },
		  { 1.2, 6.0, 0 }, 120, SHARP, 0, 0.005 },
		{ "64K/1M (no L3) blurred", { 64 * K, 1 * M, 0 },
		  { 1.2, 6.0, 0 }, 120, BLUR, 0, 0.005 },
		/* Ice Lake: 1.25M L2; a 36M L3 (not a power of two). */
		{ "48K/1.25M/36M soft", { 48 * K, 1.25 * M, 36 * M },
		  { 1.2, 4.0, 20 }, 100, SOFT, 0, 0.005 },
		/* A virtual machine: plateaus climb (the host's small pages). */
		{ "32K/1M/32M blurred, climbing 15%/doubling",
		  { 32 * K, 1 * M, 32 * M }, { 1.1, 3.6, 14 }, 120, BLUR,
		  1.15, 0.005 },
		/* Shapes the finder does not fit. */
		{ "48K/2M/36M blurred, 12 ways", { 48 * K, 2 * M, 36 * M },
		  { 1.1, 4.5, 18 }, 100, BLUR12, 0, 0.005 },
		{ "32K/1.25M/24M random replacement",
		  { 32 * K, 1.25 * M, 24 * M }, { 1.0, 4.0, 16 }, 90, RANDOM,
		  0, 0.005 },
		/* Noisy: 2% on every point. */
		{ "32K/2M/16M soft, 2% noise", { 32 * K, 2 * M, 16 * M },
		  { 1.0, 4.0, 15 }, 100, SOFT, 0, 0.02 },
	};
	size_t i;

	test_round();
	test_refine();
	test_issue32();
	test_noise_seeds();
	for (i = 0; i < sizeof(models) / sizeof(models[0]); i++)
		check_model(&models[i], (models[i].edge == SOFT ? 32 : 4) *
			    (models[i].bytes[2] > 0 ? models[i].bytes[2] :
			     models[i].bytes[1]));
	return unit_done();
}
