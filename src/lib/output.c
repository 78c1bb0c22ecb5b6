/*
 * output.c - what the harness prints: messages (bench_error, bench_skip),
 * figures, series points and the statistics line after each, one write
 * per line.  The lowest layer of the harness: it calls none of the others.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "diag.h"
#include "internal.h"
#include "io.h"

/* ---- diagnostics ---------------------------------------------------- */

/* Messages go through diag (the bottom layer), named after the program. */
static void vsay(const struct bench *b, const char *prefix, const char *fmt,
		 va_list ap)
{
	diag_vsay(b->spec->prog, prefix, fmt, ap);
}

int bench_error(struct bench *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(b, "", fmt, ap);
	va_end(ap);
	return -1;
}

int bench_skip(struct bench *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(b, "cannot run here: ", fmt, ap);
	va_end(ap);
	return BENCH_SKIPPED;
}

/* ---- output --------------------------------------------------------- */

double bench_value(const struct bench_result *r)
{
	return bench_value_of(r, r->median);
}

void bench_subtract(struct bench_result *r, double ns)
{
	r->median -= ns;
	r->q1 -= ns;
	r->q3 -= ns;
	r->max -= ns;
	r->min = r->min > ns ? r->min - ns : 0.0;
	if (r->same_median > 0.0 && r->cross_median > 0.0) {
		r->same_median -= ns;
		r->cross_median -= ns;
	}
	r->less += ns;
}

double bench_value_of(const struct bench_result *r, double ns)
{
	switch (r->unit) {
	case BENCH_NSEC:
		return ns;
	case BENCH_MBPS:
		return ns > 0.0 ? r->bytes / ns * 1000.0 : 0.0;
	case BENCH_USEC:
	default:
		return ns / 1000.0;
	}
}

/* Write one output line: 0, or -1 if it could not all be written. */
static int emit(const char *line)
{
	size_t len = strlen(line);

	/* One write per line, so lines of concurrent processes never mix. */
	fflush(stderr);
	return io_writen(STDERR_FILENO, line, len) == (ssize_t)len ? 0 : -1;
}

void bench_printf(struct bench *b, const char *fmt, ...)
{
	char line[1024], safe[1024];
	va_list ap;
	size_t len;
	int rc;

	va_start(ap, fmt);
	rc = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (rc < 0) {
		b->h->output_failed = 1;
		return;
	}
	/* One line, whatever an operand (a host name) held. */
	diag_escape(line, safe, sizeof(safe) - 1);
	len = strlen(safe);
	safe[len] = '\n';
	safe[len + 1] = '\0';
	/* A figure nobody could read was not reported: the run failed. */
	if (emit(safe) != 0)
		b->h->output_failed = 1;
}

static const char *unit_word(enum bench_unit u)
{
	switch (u) {
	case BENCH_NSEC:
		return "ns";
	case BENCH_MBPS:
		return "MB/s";
	case BENCH_USEC:
	default:
		return "us";
	}
}

/*
 * The placement fields, after unit: " placement=same" or "=cross" under
 * -C (the list names one CPU, or several); for an unpinned run whose
 * parties were seen, " placement=sched cross=P%" (the share of samples
 * whose parties ran on different CPUs) and, when both kinds occurred,
 * each kind's median.  Nothing for an unpinned run of one party.
 */
static void format_placement(char *buf, size_t len, const char *cpus,
			     const struct bench_result *r)
{
	const char *pinned = cpus_placement(cpus);
	size_t l;

	buf[0] = '\0';
	if (strcmp(cpus, "any") != 0) {
		snprintf(buf, len, " placement=%s", pinned);
		if (strcmp(pinned, "same") == 0)
			return;
	} else if (r->placed > 0 && r->same_median > 0.0 &&
		   r->cross_median > 0.0) {
		snprintf(buf, len, " placement=sched cross=%.0f%% "
			 "same_median=%.6g cross_median=%.6g",
			 100.0 * r->crossed / r->placed,
			 bench_value_of(r, r->same_median),
			 bench_value_of(r, r->cross_median));
	} else if (r->placed > 0) {
		snprintf(buf, len, " placement=sched cross=%.0f%%",
			 100.0 * r->crossed / r->placed);
	}
	/* Across CPUs, what the idle ones did (cpus_idle_hold). */
	l = strlen(buf);
	if (l > 0 && r->idle != NULL)
		snprintf(buf + l, len - l, " idle=%s", r->idle);
}

/*
 * Our own line after each figure:
 * [latbw-stat prog=P case=C x=X median=M min=A max=B spread=S% reps=R
 *  n=N copies=K cpus=L unit=U placement=... less=O]
 * Values are in the figure's unit; min and max are the extreme samples
 * (for a bandwidth, the fastest sample is the max).  It holds no label
 * text, as the results format requires.
 */
int bench_format_stat(char *buf, size_t len, const char *prog,
		      const char *case_name, const char *x, const char *cpus,
		      const struct bench_result *r)
{
	double lo = bench_value_of(r, r->min), hi = bench_value_of(r, r->max);
	double iqr = r->q3 - r->q1, spread;
	char xs[80] = "", pl[160];

	/*
	 * Samples in two placements do not agree, however tight each mode
	 * is: the spread is then at least the gap between the two modes'
	 * medians, so that a bimodal figure is never shown as a steady one.
	 */
	if (r->same_median > 0.0 && r->cross_median > 0.0 &&
	    fabs(r->cross_median - r->same_median) > iqr)
		iqr = fabs(r->cross_median - r->same_median);
	spread = r->median > 0 ? iqr / r->median : 0;
	if (lo > hi) {
		double t = lo;

		lo = hi;
		hi = t;
	}
	if (x != NULL)
		snprintf(xs, sizeof(xs), " x=%s", x);
	format_placement(pl, sizeof(pl), cpus, r);
	if (r->others_known && strcmp(cpus, "any") != 0) {
		size_t l = strlen(pl);

		snprintf(pl + l, sizeof(pl) - l, " others_busy=%.0f%%",
			 100.0 * r->others_busy);
	} else if (r->cpu_wait_known && strcmp(cpus, "any") != 0) {
		size_t l = strlen(pl);

		snprintf(pl + l, sizeof(pl) - l, " cpu_wait=%.0f%%",
			 100.0 * r->cpu_wait);
	}
	if (r->less > 0.0 && r->unit != BENCH_MBPS) {
		size_t l = strlen(pl);

		snprintf(pl + l, sizeof(pl) - l, " less=%.6g",
			 bench_value_of(r, r->less));
	}
	return snprintf(buf, len, "[latbw-stat prog=%s case=%s%s median=%.6g "
			"min=%.6g max=%.6g spread=%.2f%% reps=%u preempted=%u "
			"n=%llu copies=%u cpus=%s unit=%s%s]", prog,
			case_name ? case_name : "-", xs, bench_value(r), lo, hi,
			spread * 100.0, r->reps, r->preempted,
			(unsigned long long)r->n, r->copies, cpus,
			unit_word(r->unit), pl);
}

void bench_report_stat(struct bench *b, const char *x,
		       const struct bench_result *r)
{
	struct bench_result said = *r;
	char line[512];

	if (said.idle == NULL)
		said.idle = b->h->idle_mode;
	bench_format_stat(line, sizeof(line), b->spec->prog,
			  r->case_name ? r->case_name : b->h->case_name, x,
			  b->h->ncpus ? b->h->cpus_text : "any", &said);
	bench_printf(b, "%s", line);
}

int bench_format_figure(char *buf, size_t len, const char *label,
			const struct bench_result *r)
{
	switch (r->unit) {
	case BENCH_NSEC:
		return snprintf(buf, len, "%s: %.2f nanoseconds", label,
				bench_value(r));
	case BENCH_MBPS:
		return snprintf(buf, len, "%s: %.2f MB/sec", label,
				bench_value(r));
	case BENCH_USEC:
	default:
		return snprintf(buf, len, "%s: %.4f microseconds", label,
				bench_value(r));
	}
}

int bench_side_result(const struct bench_result *r, struct bench_result *bw)
{
	if (!(r->side.median > 0.0) || !isfinite(r->side.max))
		return -1;
	*bw = *r;
	bw->unit = BENCH_MBPS;
	bw->bytes = 1.0;
	bw->median = r->side.median;
	bw->min = r->side.min;
	bw->max = r->side.max;
	bw->q1 = r->side.q1;
	bw->q3 = r->side.q3;
	/* The others' placement is not the timed process's. */
	bw->placed = bw->crossed = 0;
	bw->same_median = bw->cross_median = 0.0;
	return 0;
}

void bench_report(struct bench *b, const char *label,
		  const struct bench_result *r)
{
	char line[512];

	bench_format_figure(line, sizeof(line), label, r);
	bench_printf(b, "%s", line);
	bench_report_stat(b, NULL, r);
}

void bench_report_point(struct bench *b, const char *x, double value,
			int decimals, const struct bench_result *r)
{
	bench_printf(b, "%s %.*f", x, decimals, value);
	bench_report_stat(b, x, r);
}
