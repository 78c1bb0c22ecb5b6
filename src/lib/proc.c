/*
 * proc.c - child processes, temporary files, signals and the time bound.
 *
 * Whatever a benchmark starts or creates is registered here, so that every
 * way out (normal exit, error, the time bound, SIGINT, SIGTERM, SIGHUP)
 * kills and reaps the children and removes the files.  The registry is
 * static because a signal handler has no other way to reach it; it holds
 * plain arrays and is cleaned with async-signal-safe calls only.  It
 * knows nothing of the harness: it calls diag, io and the C library only.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "diag.h"
#include "io.h"
#include "proc.h"

#define MAX_KIDS 4096
#define MAX_PATHS 512	/* lat_fs keeps a directory per round until its deletes */

static pid_t kids[MAX_KIDS];
static volatile sig_atomic_t nkids;

struct reg_path {
	volatile sig_atomic_t used;
	char path[PATH_MAX];
	DIR *dir;		/* for directories: opened at registration */
};
static struct reg_path paths[MAX_PATHS];
/*
 * Slots below path_top are, or were, in use; those above it were never
 * touched.  The loops over the slots stop there: each slot is a page of
 * its own, and a forked child that wrote to all 512 (untouched, so not
 * yet backed) made 512 pages: lat_proc's fork+exit took 1110 us, not 125.
 */
static volatile sig_atomic_t path_top;

static char stop_msg[256];	/* preformatted: a handler cannot format */
static char intr_msg[256];
static char bus_msg[PATH_MAX + 256];	/* proc_guard_mapped's */
static volatile sig_atomic_t is_child;	/* children leave the talking to us */

static void register_kid(pid_t pid)
{
	sig_atomic_t i;

	for (i = 0; i < nkids; i++)
		if (kids[i] == 0) {
			kids[i] = pid;
			return;
		}
	if (nkids < MAX_KIDS) {
		kids[nkids] = pid;
		nkids = nkids + 1;
	}
}

static void unregister_kid(pid_t pid)
{
	sig_atomic_t i;

	for (i = 0; i < nkids; i++)
		if (kids[i] == pid) {
			kids[i] = 0;
			break;
		}
	while (nkids > 0 && kids[nkids - 1] == 0)
		nkids = nkids - 1;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * Ask every child to go (SIGTERM lets it clean up after itself), give them
 * half a second, then kill and reap what is left.  Async-signal-safe.
 */
static void end_children(void)
{
	sig_atomic_t i;
	int left, tries;

	for (i = 0; i < nkids; i++)
		if (kids[i] > 0)
			kill(kids[i], SIGTERM);
	for (tries = 0; tries < 100; tries++) {
		left = 0;
		for (i = 0; i < nkids; i++) {
			if (kids[i] <= 0)
				continue;
			if (waitpid(kids[i], NULL, WNOHANG) == kids[i] ||
			    errno == ECHILD)
				kids[i] = 0;
			else
				left++;
		}
		if (left == 0)
			break;
		sleep_ms(5);
	}
	for (i = 0; i < nkids; i++)
		if (kids[i] > 0) {
			kill(kids[i], SIGKILL);
			while (waitpid(kids[i], NULL, 0) < 0 && errno == EINTR)
				;
			kids[i] = 0;
		}
	nkids = 0;
}

/* Empty a registered directory (one level deep) and remove it. */
static void remove_dir(struct reg_path *p)
{
	struct dirent *e;
	int fd;

	if (p->dir != NULL) {
		fd = dirfd(p->dir);
		rewinddir(p->dir);
		while ((e = readdir(p->dir)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 ||
			    strcmp(e->d_name, "..") == 0)
				continue;
			if (unlinkat(fd, e->d_name, 0) != 0)
				unlinkat(fd, e->d_name, AT_REMOVEDIR);
		}
	}
	rmdir(p->path);
}

static void remove_paths(int close_dirs)
{
	int i;

	/* Newest first: files made inside a registered directory go first. */
	for (i = path_top - 1; i >= 0; i--) {
		if (!paths[i].used)
			continue;
		if (unlink(paths[i].path) != 0 && errno != ENOENT)
			remove_dir(&paths[i]);
		if (close_dirs && paths[i].dir != NULL)
			closedir(paths[i].dir);
		paths[i].dir = NULL;
		paths[i].used = 0;
	}
}

void proc_cleanup_all(void)
{
	end_children();
	remove_paths(1);
}

static void write_str(const char *s)
{
	io_writen(STDERR_FILENO, s, strlen(s));	/* async-signal-safe */
}

static void on_fatal_signal(int sig)
{
	int saved = errno;

	if (sig == SIGALRM)
		write_str(stop_msg);
	else if (sig != SIGTERM && !is_child)
		write_str(intr_msg);
	end_children();
	remove_paths(0);
	if (sig == SIGALRM)
		_exit(1);
	/* Die of the same signal, so the parent sees what happened. */
	signal(sig, SIG_DFL);
	raise(sig);
	errno = saved;
}

/* SIGBUS under proc_guard_mapped: said, cleaned up, exit status 1. */
static void on_bus(int sig)
{
	(void)sig;
	write_str(bus_msg);
	end_children();
	remove_paths(0);
	_exit(1);
}

void proc_guard_mapped(const char *prog, const char *path)
{
	char name[PATH_MAX];
	struct sigaction sa;

	diag_escape(path, name, sizeof(name));
	snprintf(bus_msg, sizeof(bus_msg), "%s: SIGBUS: %s became shorter "
		 "while mapped (truncated by another process?); stopped, no "
		 "figure\n", prog, name);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_bus;
	sigfillset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

void proc_signals_init(const char *prog, unsigned bound_secs)
{
	static const int fatal[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM };
	struct sigaction sa;
	size_t i;

	snprintf(stop_msg, sizeof(stop_msg),
		 "%s: time bound of %u s exceeded, stopped (raise it with -B)\n",
		 prog, bound_secs);
	snprintf(intr_msg, sizeof(intr_msg), "%s: interrupted\n", prog);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigfillset(&sa.sa_mask);
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		sigaction(fatal[i], &sa, NULL);
	/* A peer that went away is an error returned by write, not a death. */
	signal(SIGPIPE, SIG_IGN);
	if (bound_secs > 0)
		alarm(bound_secs);
}

/*
 * A child or a file is registered in the same step as it is made: the
 * fatal signals are held off from just before the fork or the create
 * until the registry has it, then let in (a pending one is handled
 * at once, and finds it registered).  Otherwise a signal between the
 * two, more likely on a busy CPU (a return from fork or open is where
 * a process is preempted), left the file or the child behind.
 */
static void hold_fatal(sigset_t *old)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGTERM);
	sigaddset(&s, SIGHUP);
	sigaddset(&s, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &s, old);
}

static void let_fatal(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

pid_t bench_fork(void)
{
	pid_t parent = getpid();
	pid_t pid;
	sigset_t old;
	int i;

	hold_fatal(&old);
	pid = fork();
	if (pid != 0) {
		if (pid > 0)
			register_kid(pid);
		let_fatal(&old);
		return pid;
	}
	/* The child owns none of its parent's children or files. */
	is_child = 1;
	nkids = 0;
	for (i = 0; i < path_top; i++) {
		paths[i].used = 0;
		paths[i].dir = NULL;
	}
	let_fatal(&old);
#if defined(__linux__)
	/* If the parent dies without cleaning up, do not outlive it. */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
	if (getppid() != parent)
		_exit(1);
	return 0;
}

void bench_close_fds_except(int keep1, int keep2)
{
	struct dirent *e;
	DIR *d;
	int fd, dfd;

	d = opendir("/proc/self/fd");
	if (d == NULL) {
		/* No /proc: the low numbers, where ours are. */
		for (fd = 3; fd < 1024; fd++)
			if (fd != keep1 && fd != keep2)
				close(fd);
		return;
	}
	dfd = dirfd(d);
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		fd = atoi(e->d_name);
		if (fd > 2 && fd != keep1 && fd != keep2 && fd != dfd)
			close(fd);
	}
	closedir(d);
}

int bench_reap(pid_t pid, int *status)
{
	int st = 0;
	pid_t r;

	do
		r = waitpid(pid, &st, 0);
	while (r < 0 && errno == EINTR);
	unregister_kid(pid);
	if (status != NULL)
		*status = st;
	return r < 0 ? -1 : 0;
}

void bench_forget(pid_t pid)
{
	unregister_kid(pid);
}

const char *bench_tmp_base(void)
{
	const char *t = getenv("TMPDIR");

	return (t != NULL && t[0] == '/') ? t : "/tmp";
}

static struct reg_path *free_slot(void)
{
	int i;

	for (i = 0; i < MAX_PATHS; i++)
		if (!paths[i].used) {
			if (i >= path_top)
				path_top = i + 1;
			return &paths[i];
		}
	return NULL;
}

static int make_template(const char *dir, const char *tag,
			 char *path, size_t pathlen)
{
	int len;

	if (dir == NULL)
		dir = bench_tmp_base();
	len = snprintf(path, pathlen, "%s/latbw.%s.XXXXXX", dir, tag);
	if (len < 0 || (size_t)len >= pathlen || (size_t)len >= PATH_MAX)
		return diag_error("temporary file name too long in %s", dir);
	return 0;
}

int bench_tmpfile(const char *dir, const char *tag, char *path,
		  size_t pathlen)
{
	struct reg_path *p = free_slot();
	sigset_t old;
	int fd, err;

	if (p == NULL)
		return diag_error("too many temporary files");
	if (make_template(dir, tag, path, pathlen) != 0)
		return -1;
	hold_fatal(&old);
	fd = mkstemp(path);
	err = errno;
	if (fd >= 0) {
		strcpy(p->path, path);
		p->dir = NULL;
		p->used = 1;
	}
	let_fatal(&old);
	if (fd < 0)
		return diag_error("cannot create a file in %s: %s",
				  dir != NULL ? dir : bench_tmp_base(),
				  strerror(err));
	return fd;
}

int bench_tmpdir(const char *dir, const char *tag, char *path,
		 size_t pathlen)
{
	struct reg_path *p = free_slot();
	sigset_t old;
	int made, err;

	if (p == NULL)
		return diag_error("too many temporary files");
	if (make_template(dir, tag, path, pathlen) != 0)
		return -1;
	hold_fatal(&old);
	made = mkdtemp(path) != NULL;
	err = errno;
	if (made) {
		strcpy(p->path, path);
		p->dir = opendir(path);
		p->used = 1;
	}
	let_fatal(&old);
	if (!made)
		return diag_error("cannot create a directory in %s: %s",
				  dir != NULL ? dir : bench_tmp_base(),
				  strerror(err));
	return 0;
}

int bench_remove(const char *path)
{
	int i, rc = 0;

	for (i = 0; i < path_top; i++) {
		if (!paths[i].used || strcmp(paths[i].path, path) != 0)
			continue;
		if (unlink(path) != 0 && errno != ENOENT) {
			remove_dir(&paths[i]);
			rc = (access(path, F_OK) == 0) ? -1 : 0;
		}
		if (paths[i].dir != NULL)
			closedir(paths[i].dir);
		paths[i].dir = NULL;
		paths[i].used = 0;
		return rc;
	}
	return (unlink(path) == 0 || rmdir(path) == 0) ? 0 : -1;
}

/*
 * A child's last CPU: field 39 ("processor") of /proc/PID/stat, counted
 * after the ")" that ends the command name (which may hold blanks).
 */
static int kid_cpu(pid_t pid)
{
	char path[64], buf[1024], *p, *end;
	ssize_t got;
	long cpu;
	int fd, field;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	got = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (got <= 0)
		return -1;
	buf[got] = '\0';
	p = strrchr(buf, ')');
	if (p == NULL || p[1] != ' ')
		return -1;
	p += 2;				/* field 3, the state */
	for (field = 3; field < 39; field++) {
		p = strchr(p, ' ');
		if (p == NULL)
			return -1;
		p++;
	}
	cpu = strtol(p, &end, 10);
	if (end == p || cpu < 0 || cpu > 1 << 20)
		return -1;
	return (int)cpu;
}

/*
 * Where the parties ran: called after each sample, outside the timed
 * part.  The children's CPUs come from /proc rather than from a shared
 * page each peer writes its sched_getcpu() to: that would put a call and
 * a store into every round trip being timed, and /proc costs the timed
 * path nothing.  What it gives is the CPU each party ran on last in the
 * sample (a child that moved during the sample shows where it ended).
 */
unsigned proc_party_cpus(int *cpu, unsigned max)
{
#if defined(__linux__)
	unsigned n = 0;
	sig_atomic_t i;
	int c;

	if (max == 0 || (c = sched_getcpu()) < 0)
		return 0;
	cpu[n++] = c;
	for (i = 0; i < nkids && n < max; i++) {
		if (kids[i] <= 0)
			continue;
		c = kid_cpu(kids[i]);
		if (c < 0)
			return 0;	/* a party we cannot see: unknown */
		cpu[n++] = c;
	}
	return n;
#else
	(void)cpu;
	(void)max;
	return 0;
#endif
}
