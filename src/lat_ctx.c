/*
 * lat_ctx - context switch time: processes in a ring of pipes pass a token.
 *
 *	lat_ctx [-s KB] nprocs...
 *
 * nprocs processes (this one and nprocs-1 children) form a ring: each
 * reads a one-byte token from its pipe, reads every word of an array of
 * its own of KB kilobytes (the working set a real process brings back into
 * the cache), and writes the token to the next process's pipe.  One trip
 * of the token around the ring is nprocs switches.
 *
 * What is not a switch is measured apart and subtracted: one process
 * writing the token into a pipe, reading it back and reading its array,
 * with no other process involved (its fastest sample, over measurements
 * before each ring: noise only adds to it).  That overhead is printed in
 * the series title, as lmbench does:
 *
 *	"size=16k ovr=1.23
 *	[latbw-stat ... case=overhead ... min=1.23 ...]
 *	2 4.56
 *	8 5.67
 *	<blank line>
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "ipc.h"

#define MAX_PROCS 1024

struct ctx_state {
	unsigned nprocs;	/* the ring being measured */
	size_t words;		/* array length, in longs */
	unsigned long *data;	/* this process's array */
	unsigned long sink;	/* keeps the array reads alive */
	int rfd, wfd;		/* ring: our read end, the next one's write end;
				   overhead: both ends of one pipe */
	pid_t *pids;		/* the ring's other members */
	unsigned started;
};

static int alloc_data(struct bench *b, unsigned long **data, size_t words)
{
	*data = malloc(words > 0 ? words * sizeof(**data) : 1);
	if (*data == NULL)
		return bench_error(b, "out of memory");
	/* Fault the pages in now: page faults are not context switches. */
	memset(*data, 1, words * sizeof(**data));
	return 0;
}

/* One member of the ring other than us: never returns. */
static _Noreturn void ring_member(struct bench *b, unsigned role, int rfd,
				  int wfd, size_t words)
{
	unsigned long *data, sum = 0;
	char token;
	ssize_t got;

	if (bench_pin(b, role) != 0 || alloc_data(b, &data, words) != 0)
		_exit(1);
	for (;;) {
		got = ipc_readn(rfd, &token, 1);
		if (got != 1 && ipc_peer_gone(got))
			_exit(0);	/* the ring is being taken down */
		if (got != 1)
			_exit(1);
		sum += ipc_touch(data, words);
		BENCH_KEEP(sum);
		if (ipc_writen(wfd, &token, 1) != 1)
			_exit(1);	/* the parent reports the broken ring */
	}
}

static void ring_down(struct bench *b)
{
	struct ctx_state *st = b->priv;
	unsigned i;

	/* Closing our write end ends member 1, whose exit ends member 2... */
	if (st->wfd >= 0)
		close(st->wfd);
	if (st->rfd >= 0)
		close(st->rfd);
	st->rfd = st->wfd = -1;
	for (i = 0; i < st->started; i++)
		bench_reap(st->pids[i], NULL);
	st->started = 0;
	free(st->pids);
	st->pids = NULL;
	free(st->data);
	st->data = NULL;
}

/*
 * Build the ring one pipe at a time, so that no process ever holds more
 * than a few descriptors: member i reads pipe i and writes pipe i+1; the
 * last one writes pipe 0, which we read.
 */
static int ring_run(struct bench *b, uint64_t n);

static int ring_setup(struct bench *b)
{
	struct ctx_state *st = b->priv;
	int p0[2], p1[2], next[2], prev_r, w, next_r;
	unsigned i;
	pid_t pid;

	st->rfd = st->wfd = -1;
	st->started = 0;
	b->ops_per_iter = st->nprocs;
	st->pids = calloc(st->nprocs, sizeof(*st->pids));
	if (st->pids == NULL)
		return bench_error(b, "out of memory");
	if (alloc_data(b, &st->data, st->words) != 0) {
		ring_down(b);
		return -1;
	}
	if (pipe(p0) != 0)
		goto fail_errno;
	if (pipe(p1) != 0) {
		close(p0[0]);
		close(p0[1]);
		goto fail_errno;
	}
	st->rfd = p0[0];
	st->wfd = p1[1];
	prev_r = p1[0];
	for (i = 1; i < st->nprocs; i++) {
		if (i + 1 < st->nprocs) {
			if (pipe(next) != 0) {
				close(prev_r);
				close(p0[1]);
				goto fail_errno;
			}
			w = next[1];
			next_r = next[0];
		} else {
			w = p0[1];
			next_r = -1;
		}
		pid = bench_fork();
		if (pid < 0) {
			close(prev_r);
			close(p0[1]);
			if (next_r >= 0) {
				close(next_r);
				close(w);
			}
			goto fail_errno;
		}
		if (pid == 0) {
			close(st->rfd);
			close(st->wfd);
			if (next_r >= 0) {
				close(next_r);
				close(p0[1]);
			}
			ring_member(b, i, prev_r, w, st->words);
		}
		st->pids[st->started++] = pid;
		close(prev_r);
		close(w);
		prev_r = next_r;
	}
	/*
	 * Send the token round twice before timing: the members have just
	 * started (their first pass is page faults and start-up, not
	 * switches), and calibration must not mistake that for the cost.
	 */
	if (ring_run(b, 2) != 0) {
		ring_down(b);
		return -1;
	}
	return 0;
fail_errno:
	bench_error(b, "cannot build a ring of %u processes: %s", st->nprocs,
		    strerror(errno));
	ring_down(b);
	return -1;
}

/* We are member 0: send the token round, then read our array. */
static int ring_run(struct bench *b, uint64_t n)
{
	struct ctx_state *st = b->priv;
	char token = 't';
	ssize_t got;

	while (n-- > 0) {
		got = ipc_writen(st->wfd, &token, 1);
		if (got != 1)
			return ipc_fail(b, "ring write", got);
		got = ipc_readn(st->rfd, &token, 1);
		if (got != 1)
			return ipc_fail(b, "ring read", got);
		st->sink += ipc_touch(st->data, st->words);
		BENCH_KEEP(st->sink);
	}
	return 0;
}

/* The overhead: one hop's pipe transfer and array read, in one process. */
static int ovr_setup(struct bench *b)
{
	struct ctx_state *st = b->priv;
	int p[2];

	if (pipe(p) != 0)
		return bench_error(b, "pipe: %s", strerror(errno));
	st->rfd = p[0];
	st->wfd = p[1];
	return alloc_data(b, &st->data, st->words);
}

static int ovr_run(struct bench *b, uint64_t n)
{
	struct ctx_state *st = b->priv;
	char token = 't';
	ssize_t got;

	while (n-- > 0) {
		got = ipc_writen(st->wfd, &token, 1);
		if (got == 1)
			got = ipc_readn(st->rfd, &token, 1);
		if (got != 1)
			return ipc_fail(b, "pipe", got);
		st->sink += ipc_touch(st->data, st->words);
		BENCH_KEEP(st->sink);
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "ring", .label = "context switch", .setup = ring_setup,
	  .run = ring_run, .cleanup = ring_down },
	{ .name = "overhead", .label = "context switch overhead",
	  .setup = ovr_setup, .run = ovr_run, .cleanup = ring_down },
};

static unsigned nprocs_operand(struct bench *b, const char *s)
{
	uint64_t v;

	if (bench_parse_uint(s, &v) != 0 || v < 2 || v > MAX_PROCS)
		bench_usage_error(b, "nprocs wants a whole number from 2 to %d, "
				  "not '%s'", MAX_PROCS, s);
	return (unsigned)v;
}

static int check_operands(struct bench *b)
{
	int i;

	if (b->argc < 1)
		bench_usage_error(b, "how many processes?");
	for (i = 0; i < b->argc; i++)
		nprocs_operand(b, b->argv[i]);
	return 0;
}

static int ctx_main(struct bench *b)
{
	struct ctx_state *st = b->priv;
	struct bench_result ovr, o, *r;
	unsigned long long kb = (unsigned long long)bench_opt_num(b, 's');
	char x[16];
	int i, got = 0, rc = 0;

	st->words = (size_t)(kb * 1024 / sizeof(unsigned long));
	r = calloc((size_t)b->argc, sizeof(*r));
	if (r == NULL)
		return bench_error(b, "out of memory");
	/*
	 * The overhead is pure work of one process on a warm cache: other
	 * tenants of the machine can only add to it, never take from it.  So
	 * its fastest sample, not its median, is what a hop costs besides
	 * the switch; and since the machine's state can change from one
	 * second to the next (a shared host's), it is measured again before
	 * each ring, and the fastest sample of them all is the one taken off
	 * every ring: an overhead measured in a slow moment, taken off a ring
	 * measured in a fast one, would leave too little for the switch.
	 * The figures are printed when all are measured, with that one.
	 */
	for (i = 0; i < b->argc; i++) {
		int tries = 0;

		if (bench_measure(b, &cases[1], &o) != 0) {
			rc = -1;
			break;
		}
		if (i == 0 || o.min < ovr.min)
			ovr = o;
		st->nprocs = nprocs_operand(b, b->argv[i]);
		/*
		 * A ring that comes out below the overhead met a quieter
		 * moment than the overhead's fastest sample (the machine's
		 * state can hold for seconds): measured again, up to twice.
		 */
		do {
			if (bench_measure(b, &cases[0], &r[i]) != 0) {
				rc = -1;
				break;
			}
		} while (!(r[i].median > ovr.min) && ++tries < 3);
		if (rc == -1)
			break;
		got = i + 1;
	}
	if (got > 0) {
		bench_printf(b, "\"size=%lluk ovr=%.2f", kb,
			     bench_value_of(&ovr, ovr.min));
		bench_report_stat(b, NULL, &ovr);
	}
	for (i = 0; i < got; i++) {
		bench_subtract(&r[i], ovr.min);
		/*
		 * Still below: the point has no figure, and the program ends
		 * as one that cannot measure here (exit 3), with the reason:
		 * not an error of the run.
		 */
		if (!(r[i].median > 0.0)) {
			int sk = bench_skip(b, "%s processes: the switch time "
					    "is below the overhead it "
					    "includes, three times (no "
					    "figure)", b->argv[i]);

			if (rc == 0)
				rc = sk;
			continue;
		}
		snprintf(x, sizeof(x), "%u", nprocs_operand(b, b->argv[i]));
		bench_report_point(b, x, bench_value(&r[i]), 2, &r[i]);
	}
	if (got > 0)
		bench_printf(b, "%s", "");
	free(r);
	return rc;
}

static const struct bench_opt opts[] = {
	{ .flag = 's', .type = BENCH_OPT_INT, .arg = "KB",
	  .help = "each process reads an array of this many KB per switch "
		  "(default 0)",
	  .def = 0, .min = 0, .max = 65536 },
};

static const struct bench_spec spec = {
	.prog = "lat_ctx",
	.operands = "nprocs...",
	.cases = cases,
	.ncases = 2,
	.case_not_first = 1,
	.opts = opts,
	.nopts = 1,
	.priv_size = sizeof(struct ctx_state),
	.parse = check_operands,
	.main = ctx_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
