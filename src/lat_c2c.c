/*
 * lat_c2c - core-to-core latency: the round trip of a cache line between
 * two processes pinned to two CPUs, for every pair of CPUs.
 *
 *	lat_c2c [-s N] [-t] [cas|pipe]...
 *
 * cas: the two processes share one cache line (an anonymous shared
 * mapping) and take turns with C11 compare-and-swap: the parent swaps
 * the counter from even to odd, the child, spinning on it, from odd to
 * even, and the parent, spinning too, sees that.  One operation is that
 * round trip: the line travels to the child's CPU and back.  Nobody
 * sleeps, so it is what the hardware alone costs.
 *
 * pipe: the same two pinned processes hand one byte to each other through
 * a pair of pipes (lat_pipe's round trip), each sleeping until woken: what
 * interprocess communication pays on top of the line's trip.  Its matrix
 * has a diagonal (both on one CPU), the cas matrix has none (a spinning
 * pair on one CPU only measures the scheduler).
 *
 * Each row of a matrix is a series, "c2c cas cpu=R then "C value" points
 * for the columns C (cas: C > R, nanoseconds; pipe: C >= R, microseconds):
 * the round trip is the same both ways, so each pair is measured once.
 * Before them, lines of our own give the CPUs and the groups sysfs
 * describes (see topo.h).  -s N keeps N CPUs that still show every kind
 * of pair; -t prints the CPUs and groups only (no measurement).
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "ipc.h"
#include "topo.h"

/* The value that tells the child to leave: even, never reached. */
#define C2C_STOP (~(uint64_t)1)
/* Spins between looks at whether the other side still lives. */
#define C2C_CHECK_EVERY (1u << 16)

struct c2c_line {
	_Atomic uint64_t v;	/* even: the parent's turn, odd: the child's */
};

struct c2c_state {
	struct c2c_line *line;	/* at the start of its own page */
	size_t maplen;
	uint64_t next;		/* the even value the parent swaps next */
	pid_t child;
	struct ipc_peer peer;	/* pipe */
	char byte;
};

static _Noreturn void cas_child(struct bench *b, struct c2c_line *line,
				pid_t parent)
{
	uint64_t x;
	unsigned spins = 0;

	ipc_unwatch_children();
	if (bench_pin(b, 1) != 0)
		_exit(1);
	for (;;) {
		x = atomic_load_explicit(&line->v, memory_order_acquire);
		if (x == C2C_STOP)
			_exit(0);
		if (x & 1) {
			if (!atomic_compare_exchange_strong_explicit(
				    &line->v, &x, x + 1, memory_order_acq_rel,
				    memory_order_acquire))
				_exit(1);	/* only we move odd to even */
			continue;
		}
		/* The parent-death signal ends us on Linux; elsewhere this. */
		if (++spins == C2C_CHECK_EVERY) {
			spins = 0;
			if (getppid() != parent)
				_exit(0);
		}
	}
}

static void cas_cleanup(struct bench *b)
{
	struct c2c_state *st = b->priv;

	if (st->child > 0) {
		atomic_store(&st->line->v, C2C_STOP);
		bench_reap(st->child, NULL);
		st->child = 0;
	}
	ipc_unwatch_children();
	if (st->line != NULL) {
		ipc_unshare(st->line, st->maplen);
		st->line = NULL;
	}
}

static int cas_setup(struct bench *b)
{
	struct c2c_state *st = b->priv;
	long page = sysconf(_SC_PAGESIZE);
	pid_t parent = getpid();
	void *p;

	if (bench_pin(b, 0) != 0)
		return -1;
	st->maplen = page > 0 ? (size_t)page : 4096;
	p = ipc_shared(b, st->maplen);
	if (p == NULL)
		return -1;
	st->line = p;
	atomic_init(&st->line->v, 0);
	st->next = 0;
	/* Before the fork: a child that dies at once must still be seen. */
	if (ipc_watch_children(b, NULL, NULL) != 0) {
		cas_cleanup(b);
		return -1;
	}
	st->child = bench_fork();
	if (st->child < 0) {
		st->child = 0;
		cas_cleanup(b);
		return bench_error(b, "fork: %s", strerror(errno));
	}
	if (st->child == 0)
		cas_child(b, st->line, parent);
	return 0;
}

/* One round trip, untimed, so that the child spins when timing starts
 * (else the first sample holds its start and calibration is fooled). */
static int cas_run(struct bench *b, uint64_t n);
static int cas_setup_warm(struct bench *b)
{
	if (cas_setup(b) != 0)
		return -1;
	if (cas_run(b, 1) != 0) {
		cas_cleanup(b);
		return -1;
	}
	return 0;
}

static int cas_run(struct bench *b, uint64_t n)
{
	struct c2c_state *st = b->priv;
	struct c2c_line *line = st->line;
	uint64_t x = st->next, want;
	unsigned spins;

	while (n-- > 0) {
		want = x;
		if (!atomic_compare_exchange_strong_explicit(
			    &line->v, &want, x + 1, memory_order_acq_rel,
			    memory_order_acquire))
			return bench_error(b, "the shared line holds %llu, "
					   "not %llu: someone else wrote it",
					   (unsigned long long)want,
					   (unsigned long long)x);
		spins = 0;
		while (atomic_load_explicit(&line->v, memory_order_acquire) !=
		       x + 2) {
			if (++spins == C2C_CHECK_EVERY) {
				spins = 0;
				if (ipc_child_died())
					return bench_error(b, "the peer "
							   "process exited");
			}
		}
		x += 2;
	}
	st->next = x;
	return 0;
}

static int pipe_setup(struct bench *b)
{
	struct c2c_state *st = b->priv;

	if (bench_pin(b, 0) != 0)
		return -1;
	return ipc_pipe_echo_start(b, &st->peer, 1);
}

static int pipe_run(struct bench *b, uint64_t n)
{
	struct c2c_state *st = b->priv;

	return ipc_pingpong(b, &st->peer, &st->byte, 1, n);
}

static void pipe_cleanup(struct bench *b)
{
	struct c2c_state *st = b->priv;

	ipc_peer_stop(&st->peer);
}

static const struct bench_case cases[] = {
	{ .name = "cas", .label = "c2c cas round trip", .unit = BENCH_NSEC,
	  .flags = BENCH_NO_PARALLEL, .setup = cas_setup_warm, .run = cas_run,
	  .cleanup = cas_cleanup },
	{ .name = "pipe", .label = "c2c pipe round trip", .unit = BENCH_USEC,
	  .flags = BENCH_NO_PARALLEL, .setup = pipe_setup, .run = pipe_run,
	  .cleanup = pipe_cleanup },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* ---- the CPUs and their groups ---------------------------------------- */

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Sort ascending and drop repeats: the new count. */
static unsigned sort_unique(int *cpu, unsigned n)
{
	unsigned i, k = 0;

	qsort(cpu, n, sizeof(*cpu), cmp_int);
	for (i = 0; i < n; i++)
		if (k == 0 || cpu[i] != cpu[k - 1])
			cpu[k++] = cpu[i];
	return k;
}

/*
 * -s N: keep N of the t->ncpu CPUs (N < t->ncpu), so that the matrix
 * still shows each kind of pair: the first CPU; then, for each level from
 * the closest (SMT sibling, shared L2, shared L3, NUMA node, package) to
 * none shared, the first CPU whose closest level shared with the first
 * CPU is that one; then CPUs spread evenly over the rest, in order.
 * The kept CPUs go to out, ascending; returns how many.
 */
static unsigned sample_cpus(const struct topo *t, unsigned keep, int *out)
{
	unsigned n = t->ncpu, i, k = 0, rest = 0, r, pick;
	char *taken = calloc(n, 1);
	int l;

	if (taken == NULL)
		return 0;
	taken[0] = 1;
	out[k++] = t->cpu[0];
	for (l = 0; l <= TOPO_LEVELS && k < keep; l++)
		for (i = 1; i < n; i++)
			if (topo_relation(t, 0, i) == l) {
				taken[i] = 1;
				out[k++] = t->cpu[i];
				break;
			}
	for (i = 0; i < n; i++)
		rest += !taken[i];
	/* keep - k of the rest, the r-th of them at (r * rest) / want. */
	if (k < keep) {
		unsigned want = keep - k, seen = 0;

		for (i = 0, r = 0; i < n && r < want; i++) {
			if (taken[i])
				continue;
			pick = (unsigned)(((unsigned long long)r * rest) / want);
			if (seen++ == pick) {
				out[k++] = t->cpu[i];
				r++;
			}
		}
	}
	free(taken);
	return sort_unique(out, k);
}

/* "[latbw-c2c-cpus 0-3]" and a line per level with the groups that hold
 * a CPU of the matrix: "[latbw-c2c-groups level=smt 0,4 1,5]". */
static void print_topology(struct bench *b, const struct topo *t)
{
	struct topo_set s;
	char list[1024], line[1024];
	size_t len;
	unsigned i, k;
	int l;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < t->ncpu; i++)
		s.w[t->cpu[i] / 64] |= 1ULL << (t->cpu[i] % 64);
	topo_format_list(&s, list, sizeof(list));
	bench_printf(b, "[latbw-c2c-cpus %s]", list);
	for (l = 0; l < TOPO_LEVELS; l++) {
		len = (size_t)snprintf(line, sizeof(line),
				       "[latbw-c2c-groups level=%s",
				       topo_level_name[l]);
		for (k = 0; k < t->nsets[l]; k++) {
			topo_format_list(&t->sets[l][k], list, sizeof(list));
			if (len + strlen(list) + 3 >= sizeof(line))
				break;	/* the line is full: the rest unsaid */
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" %s", list);
		}
		if (t->nsets[l] > 0)
			bench_printf(b, "%s]", line);
	}
}

/* ---- the matrices ------------------------------------------------------ */

/* One matrix: a series per row. */
static int run_matrix(struct bench *b, const struct bench_case *c,
		      const int *cpu, unsigned n)
{
	struct bench_result r;
	int pair[2];
	char x[16];
	unsigned i, j, from;
	int diag = strcmp(c->name, "pipe") == 0;

	for (i = 0; i < n; i++) {
		from = diag ? i : i + 1;
		if (from >= n)
			break;
		bench_printf(b, "\"c2c %s cpu=%d", c->name, cpu[i]);
		for (j = from; j < n; j++) {
			pair[0] = cpu[i];
			pair[1] = cpu[j];
			if (bench_set_cpus(b, pair, i == j ? 1 : 2) != 0 ||
			    bench_measure(b, c, &r) != 0) {
				bench_printf(b, "%s", "");
				return -1;
			}
			snprintf(x, sizeof(x), "%d", cpu[j]);
			bench_report_point(b, x, bench_value(&r),
					   c->unit == BENCH_NSEC ? 2 : 4, &r);
		}
		bench_printf(b, "%s", "");
	}
	return 0;
}

static int c2c_parse(struct bench *b)
{
	int cpu[2];
	unsigned i, n = 0;
	int k;

	for (k = 0; k < b->argc; k++)
		if (bench_find_case(b, b->argv[k]) == NULL)
			bench_usage_error(b, "unknown matrix '%s' (cas or pipe)",
					  b->argv[k]);
	if (b->copies > 1)
		bench_usage_error(b, "no parallel copies (-P): a matrix is "
				  "measured one pair at a time");
	for (i = 0; i < bench_ncpus(b) && n < 2; i++)
		if (n == 0 || bench_cpu(b, i) != cpu[0])
			cpu[n++] = bench_cpu(b, i);
	if (bench_ncpus(b) > 0 && n < 2)
		bench_usage_error(b, "-C names one CPU: a matrix needs two "
				  "or more");
	return 0;
}

static int c2c_main(struct bench *b)
{
	static int cpu[TOPO_MAX_CPU], kept[TOPO_MAX_CPU];
	struct topo t;
	unsigned n = 0, i, nc = bench_ncpus(b);
	int want[NCASES] = { 0 }, rc = 0, k;
	size_t ci;

	if (b->argc == 0)
		for (ci = 0; ci < NCASES; ci++)
			want[ci] = 1;
	for (k = 0; k < b->argc; k++)
		want[bench_find_case(b, b->argv[k]) - cases] = 1;
	if (nc > 0) {
		for (i = 0; i < nc; i++)
			cpu[n++] = bench_cpu(b, i);
	} else {
		if (bench_opt_isset(b, 't'))
			n = topo_online(cpu, TOPO_MAX_CPU);
		if (n == 0)
			n = cpus_allowed(cpu, TOPO_MAX_CPU);
	}
	n = sort_unique(cpu, n);
	if (topo_read(&t, cpu, n) != 0)
		return bench_error(b, "out of memory");
	if (bench_opt_isset(b, 's') &&
	    (unsigned)bench_opt_num(b, 's') < n) {
		n = sample_cpus(&t, (unsigned)bench_opt_num(b, 's'), kept);
		topo_free(&t);
		if (n == 0 || topo_read(&t, kept, n) != 0)
			return bench_error(b, "out of memory");
		memcpy(cpu, kept, n * sizeof(*cpu));
	}
	print_topology(b, &t);
	topo_free(&t);
	if (bench_opt_isset(b, 't'))
		return 0;
	if (n == 0)
		return bench_skip(b, "the CPUs this process may run on are "
				  "not known here: name them with -C");
	if (n < 2)
		return bench_skip(b, "a matrix needs two CPUs or more; this "
				  "process may run on CPU %d only", cpu[0]);
	for (ci = 0; ci < NCASES && rc == 0; ci++)
		if (want[ci])
			rc = run_matrix(b, &cases[ci], cpu, n);
	return rc;
}

static const struct bench_opt opts[] = {
	{ .flag = 's', .type = BENCH_OPT_INT, .arg = "N",
	  .help = "sample N CPUs that show every kind of pair (default: "
		  "all of -C, or all this process may use)",
	  .def = 0, .min = 2, .max = TOPO_MAX_CPU },
	{ .flag = 't', .type = BENCH_OPT_FLAG,
	  .help = "print the CPUs and their groups only; no measurement" },
};

static const struct bench_spec spec = {
	.prog = "lat_c2c",
	.operands = "[cas|pipe]...",
	.cases = cases,
	.ncases = NCASES,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct c2c_state),
	.case_not_first = 1,
	.sample_usecs = 2000,
	.parse = c2c_parse,
	.main = c2c_main,
	.crosses_cpus = 1,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
