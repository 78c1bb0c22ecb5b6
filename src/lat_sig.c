/*
 * lat_sig - the cost of signals.
 *
 *	lat_sig install|catch|prot [file]
 *
 * install: sigaction() of a handler.  catch: kill() of ourselves with a
 * caught signal, so delivery, the handler and the return from it.  prot:
 * a write to a read-only mapping of `file` (or of a temporary file of our
 * own): the fault, the SIGSEGV delivery and the handler's way out.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"

struct sig_state {
	struct sigaction old;	/* the disposition to restore */
	char path[PATH_MAX];
	char *map;		/* prot: the read-only page */
	size_t maplen;
};

/*
 * The handlers need somewhere to record that they ran and, for the
 * protection fault, where to jump back to.  A signal handler gets no
 * argument of ours, so these are the only file-scope variables here.
 */
static volatile sig_atomic_t caught;
static sigjmp_buf fault_return;

static void count_signal(int sig)
{
	(void)sig;
	caught = caught + 1;
}

/*
 * Return from the fault by jumping back to the timed loop.  Returning
 * normally would retry the faulting write forever; lifting the protection
 * instead would add an mprotect() per fault to what is measured.
 */
static void leave_fault(int sig)
{
	(void)sig;
	siglongjmp(fault_return, 1);
}

static int install_handler(struct bench *b, int sig, void (*fn)(int),
			   int flags)
{
	struct sig_state *st = b->priv;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, &st->old) != 0)
		return bench_error(b, "sigaction: %s", strerror(errno));
	return 0;
}

static int install_setup(struct bench *b)
{
	return install_handler(b, SIGUSR1, count_signal, 0);
}

static void usr1_cleanup(struct bench *b)
{
	struct sig_state *st = b->priv;

	sigaction(SIGUSR1, &st->old, NULL);
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

static int catch_run(struct bench *b, uint64_t n)
{
	pid_t me = getpid();
	uint64_t i;

	caught = 0;
	for (i = 0; i < n; i++)
		if (kill(me, SIGUSR1) != 0)
			return bench_error(b, "kill: %s", strerror(errno));
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
	int fd;

	if (b->argc > 0) {
		fd = open(b->argv[0], O_RDONLY);
		if (fd < 0)
			return bench_error(b, "%s: %s", b->argv[0],
					   strerror(errno));
	} else {
		fd = bench_tmpfile(b, NULL, "lat_sig", st->path,
				   sizeof(st->path));
		if (fd < 0)
			return -1;
		if (ftruncate(fd, page) != 0) {
			close(fd);
			return bench_error(b, "ftruncate: %s", strerror(errno));
		}
	}
	st->maplen = (size_t)page;
	st->map = mmap(NULL, st->maplen, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (st->map == MAP_FAILED) {
		st->map = NULL;
		return bench_error(b, "mmap: %s", strerror(errno));
	}
	/* Fault the page in now: what is timed is the protection fault. */
	if (((volatile char *)st->map)[0] == 1)
		st->map[page - 1] = 0;	/* never: the file reads as zeros */
	/*
	 * SA_NODEFER: the handler leaves by siglongjmp, so SIGSEGV must not
	 * stay blocked after it, and saving the mask at every sigsetjmp
	 * would add a system call per fault.
	 */
	return install_handler(b, SIGSEGV, leave_fault, SA_NODEFER);
}

static void prot_cleanup(struct bench *b)
{
	struct sig_state *st = b->priv;

	sigaction(SIGSEGV, &st->old, NULL);
	if (st->map != NULL)
		munmap(st->map, st->maplen);
	st->map = NULL;
	if (st->path[0] != '\0')
		bench_remove(b, st->path);
	st->path[0] = '\0';
}

static int prot_run(struct bench *b, uint64_t n)
{
	struct sig_state *st = b->priv;
	volatile char *target = st->map;
	volatile uint64_t left = n;

	/* Each write faults; the handler jumps back here with 1. */
	sigsetjmp(fault_return, 0);
	while (left > 0) {
		left = left - 1;
		*target = 1;
		/* Not reached unless the write did not fault. */
		return bench_error(b, "a write to a read-only mapping did not "
				   "fault");
	}
	return 0;
}

static const struct bench_case cases[] = {
	{ .name = "install", .label = "Signal handler installation",
	  .setup = install_setup, .run = install_run,
	  .cleanup = usr1_cleanup },
	{ .name = "catch", .label = "Signal handler overhead",
	  .setup = install_setup, .run = catch_run, .cleanup = usr1_cleanup },
	{ .name = "prot", .label = "Protection fault", .setup = prot_setup,
	  .run = prot_run, .cleanup = prot_cleanup },
};

static int check_operands(struct bench *b)
{
	if (b->argc > 1 || (b->argc == 1 && b->bc->run != prot_run))
		bench_usage_error(b, "unexpected argument '%s'",
				  b->argv[b->argc - 1]);
	return 0;
}

static const struct bench_spec spec = {
	.prog = "lat_sig",
	.operands = "install|catch|prot [file]",
	.cases = cases,
	.ncases = sizeof(cases) / sizeof(cases[0]),
	.priv_size = sizeof(struct sig_state),
	.parse = check_operands,
};

int main(int argc, char **argv)
{
	return bench_main(argc, argv, &spec);
}
