/*
 * lat_sig - the cost of signals.
 *
 *	lat_sig install|catch|prot [file]
 *
 * The figures mean what lmbench's mean, so that they can be compared:
 *
 * install: sigaction() of a handler.
 * catch: the delivery of a caught signal, the handler and the return from
 *   it: kill() of ourselves with SIGUSR1, less kill() with signal 0 (the
 *   system call that delivers nothing), measured separately.
 * prot: the protection fault itself: a write to a read-only mapping of
 *   `file` (or of a temporary file of our own) faults, SIGSEGV is caught,
 *   the handler returns and the write faults again; less the catch cost
 *   above, measured in the same run, sample for sample (see measure_prot).
 * The parts of catch are measured three times each, in turn, and each
 * part's least is the one used (see measure_parts).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"
#include "file.h"

struct sig_state {
	/* The dispositions to restore (prot's pairs hold both). */
	struct sigaction old_usr1, old_segv;
	char path[PATH_MAX];
	size_t maplen;
};

/*
 * What the handlers need: a handler gets no argument of ours, so these
 * are the only file-scope variables here.  `faults_left` counts down the
 * protection faults of one timed run; at zero the handler lifts the
 * protection so that the faulting write can complete.
 */
static volatile sig_atomic_t caught;
static volatile sig_atomic_t faults_left;
static char *volatile fault_page;
static size_t fault_len;

static void count_signal(int sig)
{
	(void)sig;
	caught = caught + 1;
}

static void count_fault(int sig)
{
	(void)sig;
	caught = caught + 1;
	faults_left = faults_left - 1;
	/* Once per timed run, not per fault: the write may now complete. */
	if (faults_left <= 0)
		mprotect(fault_page, fault_len, PROT_READ | PROT_WRITE);
}

static int install_handler(struct bench *b, int sig, void (*fn)(int),
			   struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, old) != 0)
		return bench_error(b, "sigaction: %s", strerror(errno));
	return 0;
}

static int usr1_setup(struct bench *b)
{
	struct sig_state *st = b->priv;

	return install_handler(b, SIGUSR1, count_signal, &st->old_usr1);
}

static void usr1_cleanup(struct bench *b)
{
	struct sig_state *st = b->priv;

	sigaction(SIGUSR1, &st->old_usr1, NULL);
}

static int install_run(struct bench *b, uint64_t n)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = count_signal;
	sigemptyset(&sa.sa_mask);
	while (n-- > 0)
		if (sigaction(SIGUSR1, &sa, &old) != 0)
			return bench_error(b, "sigaction: %s", strerror(errno));
	return 0;
}

/* kill() of ourselves n times with `sig` (0: checked, nothing sent). */
static int send_n(struct bench *b, uint64_t n, int sig)
{
	pid_t me = getpid();

	caught = 0;
	while (n-- > 0)
		if (kill(me, sig) != 0)
			return bench_error(b, "kill: %s", strerror(errno));
	return 0;
}

static int send_run(struct bench *b, uint64_t n)
{
	return send_n(b, n, 0);
}

static int catch_run(struct bench *b, uint64_t n)
{
	if (send_n(b, n, SIGUSR1) != 0)
		return -1;
	/* A signal that was sent and not handled is not a measured one. */
	if ((uint64_t)caught != n)
		return bench_error(b, "%llu signals sent, %llu caught",
				   (unsigned long long)n,
				   (unsigned long long)caught);
	return 0;
}

static int prot_setup(struct bench *b)
{
	struct sig_state *st = b->priv;
	long page = sysconf(_SC_PAGESIZE);
	const char *path = b->argc > 0 ? b->argv[0] : st->path;
	uint64_t len;
	char *map;
	int fd;

	if (b->argc == 0) {
		fd = bench_tmpfile(NULL, "lat_sig", st->path,
				   sizeof(st->path));
		if (fd < 0)
			return -1;
		if (ftruncate(fd, page) != 0) {
			close(fd);
			return bench_error(b, "ftruncate: %s", strerror(errno));
		}
		close(fd);
	}
	/*
	 * The file operand was checked by the parse hook, but it may have
	 * changed since: at least a byte now (file_open_operand), and a
	 * file made shorter while mapped is said, not a death by SIGBUS.
	 */
	fd = file_open_operand(b, path, O_RDONLY, 1, &len);
	if (fd < 0)
		return -1;
	/*
	 * A private mapping: lifting its protection (once per timed run)
	 * never writes to the file, which may be the user's.
	 */
	st->maplen = (size_t)page;
	map = mmap(NULL, st->maplen, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return bench_error(b, "mmap %s: %s", path, strerror(errno));
	fault_page = map;
	fault_len = st->maplen;
	/* Fault the page in now: what is timed is the protection fault. */
	if (((volatile char *)map)[0] == 1)
		caught = 0;
	return install_handler(b, SIGSEGV, count_fault, &st->old_segv);
}

static void prot_cleanup(struct bench *b)
{
	struct sig_state *st = b->priv;

	sigaction(SIGSEGV, &st->old_segv, NULL);
	if (fault_page != NULL)
		munmap(fault_page, st->maplen);
	fault_page = NULL;
	if (st->path[0] != '\0')
		bench_remove(st->path);
	st->path[0] = '\0';
}

/* One write that faults n times: the handler returns, the write retries,
 * and the n-th fault's handler lets it through. */
static int prot_run(struct bench *b, uint64_t n)
{
	if (n > INT_MAX / 2)
		return bench_error(b, "too many faults for one run");
	if (mprotect(fault_page, fault_len, PROT_READ) != 0)
		return bench_error(b, "mprotect: %s", strerror(errno));
	caught = 0;
	faults_left = (sig_atomic_t)n;
	*(volatile char *)fault_page = 1;
	if ((uint64_t)caught != n)
		return bench_error(b, "%llu protection faults expected, %llu "
				   "caught", (unsigned long long)n,
				   (unsigned long long)caught);
	return 0;
}

enum { CASE_INSTALL, CASE_CATCH, CASE_PROT, CASE_SEND };

static const struct bench_case cases[] = {
	[CASE_INSTALL] = { .name = "install",
			   .label = "Signal handler installation",
			   .setup = usr1_setup, .run = install_run,
			   .cleanup = usr1_cleanup },
	[CASE_CATCH] = { .name = "catch", .label = "Signal handler overhead",
			 .setup = usr1_setup, .run = catch_run,
			 .cleanup = usr1_cleanup },
	[CASE_PROT] = { .name = "prot", .label = "Protection fault",
			.setup = prot_setup, .run = prot_run,
			.cleanup = prot_cleanup },
	/* Not selectable: what catch subtracts. */
	[CASE_SEND] = { .name = "send", .run = send_run },
};

/*
 * r less `ns` per operation: a figure with a measured overhead removed.
 * Where the whole is not above the part (under an emulator such as
 * qemu-user, which delivers every signal itself, the two cost the same
 * within its noise) the difference is not a measurement: no figure, and
 * the reason, as for anything this system cannot measure.
 */
static int subtract(struct bench *b, struct bench_result *r, double ns)
{
	if (!(r->median > ns))
		return bench_skip(b, "%s: the cost measured (%.1f ns) is not "
				  "above the overhead to remove (%.1f ns): "
				  "no difference to report here",
				  r->case_name, r->median, ns);
	bench_subtract(r, ns);
	return 0;
}

/*
 * The parts of a difference, each measured PASSES times in turn (the
 * order reversed every other pass), each keeping its least median.  A
 * shared host's state changes from one second to the next (a null
 * system call of 0.165 us in some moments and 0.22 in others, on a
 * 2-CPU AMD EPYC guest), and noise only ever adds time: a difference of
 * parts measured in different states is neither state's, while the least
 * of each part is each one's cost when nothing else was in the way.
 */
#define PASSES 3

static int measure_parts(struct bench *b, const int *part, int n,
			 struct bench_result *res)
{
	struct bench_result r;
	int p, k, i, rc;

	for (p = 0; p < PASSES; p++)
		for (k = 0; k < n; k++) {
			i = p % 2 ? n - 1 - k : k;
			if ((rc = bench_measure(b, &cases[part[i]], &r)) != 0)
				return rc;
			if (p == 0 || r.median < res[i].median)
				res[i] = r;
		}
	return 0;
}

/*
 * prot's figure, made of pairs: in each, a sample of catch and one of
 * prot at the same count, one right after the other, so that both are
 * timed in the same state of the host (one that changes from second to
 * second moves a 3 us delivery by more than the 0.3 to 0.7 us the
 * difference is).  Each pair gives the fault less the catch overhead
 * (its catch less the sending, measured before and after the pairs, the
 * lesser kept); the figure is those differences' median.  A pair's
 * difference is a small one of two noisy samples (a quartile spread of
 * 20-50 % on a 2-CPU EPYC guest): PAIRS_PER_REP pairs for each sample
 * -N asks (77 for the nominal 11, about a second), so that the median
 * of a run is within a few per cent of the next run's.
 */
#define PAIRS_PER_REP	7
#define PROT_MAX_NS	20e9

static int enough_pairs(const struct bench_pairs *p, void *arg)
{
	(void)arg;
	return p->k < (size_t)p->reps * PAIRS_PER_REP;
}

static int measure_prot(struct bench *b, struct bench_result *r)
{
	const struct bench_case *send = &cases[CASE_SEND];
	struct bench_result s1, s2, whole, overhead;
	struct bench_pairs p;
	double *d, ns;
	size_t i;
	int rc;

	if ((rc = bench_measure(b, send, &s1)) != 0)
		return rc;
	rc = bench_measure_pairs(b, &cases[CASE_CATCH], &cases[CASE_PROT], &p,
				 enough_pairs, NULL, PROT_MAX_NS);
	if (rc != 0)
		return rc;
	if ((rc = bench_measure(b, send, &s2)) != 0 ||
	    (d = malloc(p.k * sizeof(*d))) == NULL) {
		bench_pairs_free(&p);
		return rc != 0 ? rc : bench_error(b, "out of memory");
	}
	ns = s1.median < s2.median ? s1.median : s2.median;
	/* (Each result sorts its values: the pairs' first.) */
	for (i = 0; i < p.k; i++)
		d[i] = p.b[i] - (p.a[i] - ns);
	bench_pairs_result(&p, d, &cases[CASE_PROT], r);
	/* (A pair may be below 0: its parts' noise is larger than it.) */
	r->min = r->min > 0.0 ? r->min : 0.0;
	r->q1 = r->q1 > 0.0 ? r->q1 : 0.0;
	for (i = 0; i < p.k; i++)
		d[i] = p.a[i] - ns;
	bench_pairs_result(&p, d, &cases[CASE_CATCH], &overhead);
	bench_pairs_result(&p, p.b, &cases[CASE_PROT], &whole);
	free(d);
	bench_pairs_free(&p);
	/* Both parts, so that the subtraction can be checked. */
	bench_printf(b, "[lat_sig prot: fault, handler and return %.4f us; "
		     "less delivery and return %.4f us; %u pairs]",
		     whole.median / 1000.0, overhead.median / 1000.0, r->reps);
	if (!(whole.median > overhead.median))
		return subtract(b, &whole, overhead.median);
	r->less = overhead.median;
	return 0;
}

static int sig_main(struct bench *b)
{
	static const int catch_parts[] = { CASE_SEND, CASE_CATCH };
	const struct bench_case *c = b->bc;
	struct bench_result r, res[2];
	int rc;

	if (c == &cases[CASE_INSTALL]) {
		rc = bench_measure(b, c, &r);
	} else if (c == &cases[CASE_CATCH]) {
		/* The catch overhead, as lmbench defines it: catching less
		 * sending. */
		if ((rc = measure_parts(b, catch_parts, 2, res)) == 0) {
			r = res[1];
			rc = subtract(b, &r, res[0].median);
		}
	} else {
		rc = measure_prot(b, &r);
	}
	if (rc != 0)
		return rc;
	bench_report(b, c->label, &r);
	return 0;
}

static int check_operands(struct bench *b)
{
	if (b->bc == &cases[CASE_SEND])
		bench_usage_error(b, "unknown case 'send'");
	if (b->argc > 1 || (b->argc == 1 && b->bc != &cases[CASE_PROT]))
		bench_usage_error(b, "unexpected argument '%s'",
				  b->argv[b->argc - 1]);
	/*
	 * At least one byte: the page mapped past the end of a file faults
	 * with SIGBUS, not with the SIGSEGV of a protection fault.
	 */
	if (b->argc == 1)
		file_check_operand(b, b->argv[0], O_RDONLY, 1);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "lat_sig",
	.operands = "install|catch|prot [file]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.priv_size = sizeof(struct sig_state),
	.parse = check_operands,
	.main = sig_main,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
