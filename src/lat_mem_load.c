/*
 * lat_mem_load - loaded memory latency: the latency of random loads on one
 * CPU while k other CPUs stream through memory at full speed, for
 * k = 0, 1, ... (Intel MLC's loaded latency, as a curve).
 *
 *	lat_mem_load [-M size] [-L size] [-k N] [-w] [-H small|thp|hugetlb]
 *
 * The measuring process, on the first CPU, follows one random cycle over
 * an array of -M bytes, 128 bytes apart (lat_mem_rd -o random's chase):
 * each load needs the address the previous one returned.  Loader
 * processes, one pinned to each further CPU, read (-w: write) every word
 * of buffers of their own (-L bytes, small pages, first touched on their
 * own CPU) over and over, and count the bytes they moved in a shared
 * page.  The harness reads those counts just before and after every timed
 * sample of the chase, so each point has two figures taken over the same
 * samples: the chase's time per load and the loaders' total bandwidth.
 * The loaders are all made before the chased array is (see loader), and
 * sleep until their turn: no point follows a fork with the array mapped.
 *
 * The CPUs are -C's list, or those this process may run on, in order:
 * the first chases, loader j runs on the (j+2)-th.  k takes every value
 * to 4, then two a doubling (6, 8, 12, 16, ...) and the largest, which is
 * one less than the CPUs or -k.  With one CPU there is only k = 0, and it
 * says so.
 *
 * Output: a series "loaded latency mode=read pages=P, x the number of
 * loaders, y nanoseconds per load; then a series "loaded bandwidth
 * mode=read, x the number of loaders (from 1), y their total MB/s
 * (MB = 10^6 bytes).  Each point has its statistics line.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "diag.h"
#include "ipc.h"
#include "mem.h"

#define MAX_CPUS 256
#define STRIDE ((size_t)128)		/* lat_mem_rd's random curve */
#define CHUNK ((size_t)64 << 10)	/* a loader counts per chunk */
#define PPID_EVERY 64			/* chunks between parent checks */

/* One loader's page-sharing slot, a cache line of its own. */
struct load_slot {
	_Atomic uint64_t bytes;		/* moved so far */
	_Atomic uint64_t stop;		/* nonzero: leave */
	_Atomic uint64_t ready;		/* pinned, its buffer touched */
	_Atomic uint64_t go;		/* nonzero: stream */
	uint64_t sink;			/* what the reads summed */
	char pad[64 - 5 * sizeof(uint64_t)];
};

struct load_state {
	struct mem_buf buf;		/* the chased array */
	void **cur;			/* where the chase stands */
	size_t len, load_len;
	enum mem_pages pages;
	int write;
	int cpu[MAX_CPUS];
	unsigned ncpu;
	struct load_slot *slot;		/* shared, one per loader */
	size_t slot_len;
	pid_t pid[MAX_CPUS];
	unsigned nload;			/* loaders started (waiting or not) */
	unsigned active;		/* of them, those told to stream */
};

/* ---- the loaders -------------------------------------------------------- */

static uint64_t read_chunk(const uint64_t *p, size_t words)
{
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0,
		 s7 = 0;
	size_t i;

	for (i = 0; i < words; i += 8) {
		s0 += p[i];
		s1 += p[i + 1];
		s2 += p[i + 2];
		s3 += p[i + 3];
		s4 += p[i + 4];
		s5 += p[i + 5];
		s6 += p[i + 6];
		s7 += p[i + 7];
	}
	return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
}

static void write_chunk(uint64_t *p, size_t words, uint64_t v)
{
	size_t i;

	for (i = 0; i < words; i += 8) {
		/* The barrier keeps the compiler from calling memset. */
		BENCH_KEEP(v);
		p[i] = v; p[i + 1] = v; p[i + 2] = v; p[i + 3] = v;
		p[i + 4] = v; p[i + 5] = v; p[i + 6] = v; p[i + 7] = v;
	}
}

/*
 * Loader j: on its CPU, its buffer touched, it says it is ready and
 * sleeps until told to stream (or to leave).  Loaders are all made before
 * the chased array is (see spawn_loaders): after a fork while that array
 * was mapped (its pages then copy-on-write) the chase ran many times
 * slower for a while (on an AMD EPYC KVM guest, 6.6 us a load over the
 * first 13,000 loads after forking a child that only exited, 0.28 us
 * 200 ms later, 0.22 us with no fork).
 */
static _Noreturn void loader(struct bench *b, struct load_state *st,
			     unsigned j, pid_t parent)
{
	static const struct timespec nap = { 0, 5000000 };	/* 5 ms */
	struct load_slot *slot = &st->slot[j];
	struct mem_buf m;
	uint64_t done = 0, sum = 0, pass = 0;
	size_t off, len;
	unsigned chunks = 0;

	memset(&m, 0, sizeof(m));
	if (cpus_pin(st->cpu[j + 1]) != 0)
		_exit(1);
	len = st->load_len / CHUNK * CHUNK;
	if (mem_alloc(b, &m, len, MEM_PAGES_SMALL) != 0)
		_exit(1);
	atomic_store(&slot->ready, 1);
	/* The parent-death signal ends us on Linux; else the getppid. */
	while (!atomic_load(&slot->go)) {
		if (atomic_load(&slot->stop) || getppid() != parent)
			goto out;
		nanosleep(&nap, NULL);
	}
	for (;;) {
		pass++;
		for (off = 0; off < len; off += CHUNK) {
			uint64_t *p = (uint64_t *)(m.base + off);

			if (st->write)
				write_chunk(p, CHUNK / sizeof(*p), pass);
			else
				sum += read_chunk(p, CHUNK / sizeof(*p));
			done += CHUNK;
			atomic_store_explicit(&slot->bytes, done,
					      memory_order_relaxed);
			if (atomic_load_explicit(&slot->stop,
						 memory_order_relaxed))
				goto out;
			if (++chunks == PPID_EVERY) {
				chunks = 0;
				if (getppid() != parent)
					goto out;
			}
		}
	}
out:
	slot->sink = sum;
	mem_free(&m);
	_exit(0);
}

/* Has loader j exited?  Then it is reaped and forgotten. */
static int loader_gone(struct load_state *st, unsigned j)
{
	int status;

	if (st->pid[j] <= 0)
		return 1;
	if (waitpid(st->pid[j], &status, WNOHANG) != st->pid[j])
		return 0;
	bench_forget(st->pid[j]);
	st->pid[j] = 0;
	return 1;
}

/* Wait until loader j set *flag (no clock here: -B bounds the wait). */
static int wait_loader(struct bench *b, struct load_state *st, unsigned j,
		       _Atomic uint64_t *flag, const char *what)
{
	static const struct timespec pause = { 0, 1000000 };	/* 1 ms */

	while (atomic_load(flag) == 0) {
		if (loader_gone(st, j))
			return bench_error(b, "the loader on CPU %d exited "
					   "before it %s", st->cpu[j + 1],
					   what);
		nanosleep(&pause, NULL);
	}
	return 0;
}

/*
 * Make the kmax loaders, each pinned, its buffer touched, asleep until
 * its turn: before the chased array exists (see loader), and all of them
 * before the first point, so that no fork comes between two points.
 */
static int spawn_loaders(struct bench *b, struct load_state *st,
			 unsigned kmax)
{
	pid_t parent = getpid();
	unsigned j;

	while (st->nload < kmax) {
		j = st->nload;
		st->pid[j] = bench_fork();
		if (st->pid[j] < 0) {
			st->pid[j] = 0;
			return bench_error(b, "fork: %s", strerror(errno));
		}
		if (st->pid[j] == 0)
			loader(b, st, j, parent);
		st->nload++;
	}
	for (j = 0; j < st->nload; j++)
		if (wait_loader(b, st, j, &st->slot[j].ready,
				"was ready") != 0)
			return -1;
	return 0;
}

/* Tell the next waiting loader to stream, and wait until it does. */
static int start_loader(struct bench *b, struct load_state *st)
{
	unsigned j = st->active++;

	atomic_store(&st->slot[j].go, 1);
	return wait_loader(b, st, j, &st->slot[j].bytes, "streamed");
}

static void stop_loaders(struct load_state *st)
{
	unsigned j;

	for (j = 0; j < st->nload; j++)
		atomic_store(&st->slot[j].stop, 1);
	for (j = 0; j < st->nload; j++)
		if (st->pid[j] > 0) {
			bench_reap(st->pid[j], NULL);
			st->pid[j] = 0;
		}
	st->nload = st->active = 0;
}

/* ---- the chase ---------------------------------------------------------- */

static int chase_setup(struct bench *b)
{
	b->ops_per_iter = MEM_CHASE_UNROLL;
	return 0;
}

static int chase_run(struct bench *b, uint64_t n)
{
	struct load_state *st = b->priv;

	st->cur = mem_chase(st->cur, n);
	return 0;
}

/* Every loader still there: a figure with one gone is no figure. */
static int chase_check(struct bench *b)
{
	struct load_state *st = b->priv;
	unsigned j;

	for (j = 0; j < st->nload; j++)
		if (loader_gone(st, j))
			return bench_error(b, "the loader on CPU %d exited "
					   "during the measurement",
					   st->cpu[j + 1]);
	return 0;
}

static double loaders_bytes(struct bench *b)
{
	struct load_state *st = b->priv;
	double sum = 0.0;
	unsigned j;

	for (j = 0; j < st->active; j++)
		sum += (double)atomic_load_explicit(&st->slot[j].bytes,
						    memory_order_relaxed);
	return sum;
}

static const struct bench_case chase_case = {
	.name = "loaded", .label = "loaded latency", .unit = BENCH_NSEC,
	.flags = BENCH_NO_PARALLEL, .setup = chase_setup, .run = chase_run,
	.check = chase_check, .side_bytes = loaders_bytes,
};

/*
 * k = 0: the same chase with no loader to count (with side_bytes, every
 * sample would be one during which the others moved nothing, set aside,
 * and the statistics line would call them all preempted).
 */
static const struct bench_case alone_case = {
	.name = "loaded", .label = "loaded latency", .unit = BENCH_NSEC,
	.flags = BENCH_NO_PARALLEL, .setup = chase_setup, .run = chase_run,
	.check = chase_check,
};

/* ---- the curve ---------------------------------------------------------- */

/*
 * The loader counts measured: every one to 4, then 6, 8, 12, 16, 24, ...
 * (two steps per doubling, so that a machine of many CPUs takes a few
 * dozen points), and always kmax.
 */
static unsigned next_k(unsigned k, unsigned kmax)
{
	unsigned n;

	if (k < 4)
		n = k + 1;
	else if ((k & (k - 1)) == 0)
		n = k + k / 2;
	else
		for (n = 1; n <= k; n *= 2)
			;
	if (k < kmax && n > kmax)
		n = kmax;
	return n;
}

static int load_parse(struct bench *b)
{
	const char *h = bench_opt_str(b, 'H');
	struct load_state *st = b->priv;

	if (b->argc > 0)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[0]);
	if (b->copies > 1)
		bench_usage_error(b, "no parallel copies (-P): the loaders are "
				  "the other CPUs' load");
	if (h != NULL && mem_parse_pages(h, &st->pages) != 0)
		bench_usage_error(b, "-H wants small, thp or hugetlb, not '%s'",
				  h);
	st->len = (size_t)bench_opt_num(b, 'M');
	st->load_len = bench_opt_isset(b, 'L') ? (size_t)bench_opt_num(b, 'L')
						: st->len;
	st->write = bench_opt_isset(b, 'w');
	return 0;
}

/*
 * The loaders' buffers together within a quarter of the memory: on a
 * machine of many CPUs, -L each could otherwise ask for more than there
 * is.  -L is cut to fit (at least one chunk), and that is said.
 */
static void cap_loaders(struct load_state *st, unsigned kmax)
{
#if defined(_SC_PHYS_PAGES)
	long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
	double cap;
	size_t len;

	if (kmax == 0 || pages <= 0 || psz <= 0)
		return;
	cap = (double)pages * (double)psz / 4.0 / kmax;
	if ((double)st->load_len <= cap)
		return;
	len = cap < (double)CHUNK ? CHUNK : (size_t)cap / CHUNK * CHUNK;
	diag_error("%u loaders of %zu bytes would take more than a quarter "
		   "of the memory: %zu bytes each", kmax, st->load_len, len);
	st->load_len = len;
#else
	(void)st;
	(void)kmax;
#endif
}

static int load_main(struct bench *b)
{
	struct load_state *st = b->priv;
	struct bench_result r, *bw;
	uint64_t seed = UINT64_C(0x6c6f616465646c61);
	unsigned k, kmax, i, nbw = 0, bwk[MAX_CPUS], tries;
	char x[16];
	int rc = 0;

	if (bench_ncpus(b) > 0) {
		for (i = 0; i < bench_ncpus(b) && st->ncpu < MAX_CPUS; i++)
			st->cpu[st->ncpu++] = bench_cpu(b, i);
	} else {
		st->ncpu = cpus_allowed(st->cpu, MAX_CPUS);
	}
	if (st->ncpu == 0) {
		/* Unpinned: the chase alone, wherever it runs. */
		kmax = 0;
		diag_error("the CPUs this process may run on are not known "
			   "here: k = 0 only (name CPUs with -C)");
	} else {
		kmax = st->ncpu - 1;
		if (bench_opt_isset(b, 'k') &&
		    (unsigned)bench_opt_num(b, 'k') < kmax)
			kmax = (unsigned)bench_opt_num(b, 'k');
		if (st->ncpu == 1)
			diag_error("one CPU (%d): k = 0 only, no loaders",
				   st->cpu[0]);
	}
	cap_loaders(st, kmax);
	st->slot_len = (kmax + 1) * sizeof(*st->slot);
	st->slot = ipc_shared(b, st->slot_len);
	bw = calloc(kmax + 1, sizeof(*bw));
	if (st->slot == NULL || bw == NULL)
		rc = bench_error(b, "out of memory");
	/* The loaders first: no fork once the chased array is mapped. */
	if (rc == 0)
		rc = spawn_loaders(b, st, kmax);
	if (rc == 0)
		rc = mem_alloc(b, &st->buf, st->len, st->pages);
	if (rc == 0) {
		st->cur = mem_chain(&st->buf, st->len, STRIDE,
				    MEM_ORDER_RANDOM, &seed);
		if (st->cur == NULL)
			rc = bench_error(b, "out of memory");
	}
	if (rc != 0) {
		stop_loaders(st);
		ipc_unshare(st->slot, st->slot_len);
		free(bw);
		mem_free(&st->buf);
		return rc;
	}
	bench_printf(b, "\"loaded latency mode=%s pages=%s",
		     st->write ? "write" : "read", mem_pages_name(st->pages));
	for (k = 0; k <= kmax && rc == 0; k = next_k(k, kmax)) {
		if (st->ncpu > 0 &&
		    (bench_set_cpus(b, st->cpu, k + 1) != 0 ||
		     bench_pin(b, 0) != 0)) {
			rc = -1;
			break;
		}
		while (st->active < k && (rc = start_loader(b, st)) == 0)
			;
		if (rc != 0)
			break;
		/* A point whose loaders were kept off their CPUs in too many
		 * samples (the harness sets such samples aside, and fills in
		 * with them only when too few others) is taken again. */
		tries = 0;
		do
			rc = bench_measure(b, k > 0 ? &chase_case : &alone_case,
					   &r);
		while (rc == 0 && k > 0 && ++tries < 3 &&
		       bench_side_result(&r, &bw[nbw]) != 0);
		if (rc != 0)
			break;
		if (k > 0) {
			if (bench_side_result(&r, &bw[nbw]) != 0) {
				rc = bench_error(b, "the loaders were kept off "
						 "their CPUs (they moved nothing "
						 "during samples, three times): too "
						 "busy here");
				break;
			}
			bw[nbw].case_name = "loaders";
			bwk[nbw++] = k;
		}
		snprintf(x, sizeof(x), "%u", k);
		bench_report_point(b, x, bench_value(&r), 2, &r);
	}
	bench_printf(b, "%s", "");
	stop_loaders(st);
	/* The loaders' bandwidth, for the points measured. */
	if (nbw > 0) {
		bench_printf(b, "\"loaded bandwidth mode=%s",
			     st->write ? "write" : "read");
		for (i = 0; i < nbw; i++) {
			snprintf(x, sizeof(x), "%u", bwk[i]);
			bench_report_point(b, x, bench_value(&bw[i]), 2,
					   &bw[i]);
		}
		bench_printf(b, "%s", "");
	}
	free(bw);
	ipc_unshare(st->slot, st->slot_len);
	mem_free(&st->buf);
	return rc;
}

static const struct bench_opt opts[] = {
	{ .flag = 'M', .type = BENCH_OPT_SIZE, .arg = "size",
	  .help = "the chased array (default 64m)",
	  .def = 64LL << 20, .min = 64LL << 10, .max = 1LL << 40 },
	{ .flag = 'L', .type = BENCH_OPT_SIZE, .arg = "size",
	  .help = "each loader's buffer (default: -M's size)",
	  .def = 64LL << 20, .min = 64LL << 10, .max = 1LL << 40 },
	{ .flag = 'k', .type = BENCH_OPT_INT, .arg = "N",
	  .help = "at most N loaders (default: one on every other CPU)",
	  .def = 0, .min = 0, .max = MAX_CPUS - 1 },
	{ .flag = 'w', .type = BENCH_OPT_FLAG,
	  .help = "the loaders write instead of reading" },
	{ .flag = 'H', .type = BENCH_OPT_STRING, .arg = "pages",
	  .help = "the chased array's pages: small (default), thp or "
		  "hugetlb" },
};

static const struct bench_spec spec = {
	.prog = "lat_mem_load",
	.cases = &chase_case,
	.ncases = 1,
	.opts = opts,
	.nopts = sizeof(opts) / sizeof(opts[0]),
	.priv_size = sizeof(struct load_state),
	.parse = load_parse,
	.main = load_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
