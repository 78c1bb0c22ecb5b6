/*
 * Unit tests: src/lib/io.c, the one full-read/full-write loop -- its
 * return convention (n, fewer at end of file, -1 with errno), reads that
 * arrive in pieces, and a wait interrupted by a signal (resumed, or given
 * up when give_up says so).
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "unit.h"

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static int always(void)
{
	return 1;
}

static int never(void)
{
	return 0;
}

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/*
 * A child that interrupts its parent with SIGALRM (no SA_RESTART) every
 * 20 ms, and writes text to fd (unless NULL) in two pieces after the
 * first and the fifth signal; it stops after 100 signals.
 */
static pid_t pester(int fd, const char *text)
{
	pid_t parent = getpid(), pid = fork();
	size_t half = text != NULL ? strlen(text) / 2 : 0;
	int i;

	if (pid != 0)
		return pid;
	for (i = 0; i < 100; i++) {
		kill(parent, SIGALRM);
		nap_ms(20);
		if (text != NULL && i == 0 &&
		    write(fd, text, half) != (ssize_t)half)
			_exit(1);
		if (text != NULL && i == 4 &&
		    write(fd, text + half, strlen(text) - half) < 0)
			_exit(1);
	}
	_exit(0);
}

static void stop(pid_t pid)
{
	int status;

	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
}

int main(void)
{
	struct sigaction sa;
	char buf[16];
	int fds[2], err;
	ssize_t got;
	pid_t pid;

	signal(SIGPIPE, SIG_IGN);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);

	CHECK("pipe", pipe(fds) == 0);
	CHECK("a full write returns n", io_writen(fds[1], "hello", 5) == 5);
	CHECK("a full read returns n", io_readn(fds[0], buf, 5) == 5 &&
	      memcmp(buf, "hello", 5) == 0);
	CHECK("nothing to move: 0", io_readn(fds[0], buf, 0) == 0 &&
	      io_writen(fds[1], buf, 0) == 0);
	io_writen(fds[1], "abc", 3);
	close(fds[1]);
	CHECK("end of file after 3 of 8 bytes: 3",
	      io_readn(fds[0], buf, 8) == 3 && memcmp(buf, "abc", 3) == 0);
	CHECK("end of file before any byte: 0", io_readn(fds[0], buf, 8) == 0);
	close(fds[0]);

	CHECK("pipe", pipe(fds) == 0);
	close(fds[0]);
	errno = 0;
	CHECK("a write with no reader: -1, EPIPE",
	      io_writen(fds[1], "x", 1) == -1 && errno == EPIPE);
	close(fds[1]);
	errno = 0;
	CHECK("a bad descriptor: -1, EBADF",
	      io_readn(-1, buf, 1) == -1 && errno == EBADF);

	/* Pieces, and signals in the middle: all of it, in one call. */
	CHECK("pipe", pipe(fds) == 0);
	alarms = 0;
	pid = pester(fds[1], "piecewise");
	got = io_readn(fds[0], buf, 9);
	stop(pid);
	CHECK("a read interrupted by signals is resumed, and gets every piece",
	      got == 9 && memcmp(buf, "piecewise", 9) == 0 && alarms > 0);
	alarms = 0;
	pid = pester(fds[1], "ab");
	got = io_readn_unless(fds[0], buf, 2, never);
	stop(pid);
	CHECK("... also when give_up says no", got == 2 &&
	      memcmp(buf, "ab", 2) == 0 && alarms > 0);
	alarms = 0;
	pid = pester(fds[1], NULL);
	errno = 0;
	got = io_readn_unless(fds[0], buf, 2, always);
	err = errno;
	stop(pid);
	CHECK("a wait given up on a signal: -1, EINTR",
	      got == -1 && err == EINTR && alarms > 0);
	close(fds[0]);
	close(fds[1]);

	{
		long page = sysconf(_SC_PAGESIZE);
		size_t n = 131072 + 3, i;
		unsigned char *p = io_buffer(n, 0x5a);
		int all = p != NULL;

		for (i = 0; all && i < n; i++)
			all = p[i] == 0x5a;
		CHECK("io_buffer: on a page, every byte filled",
		      all && page > 0 && (uintptr_t)p % (uintptr_t)page == 0);
		free(p);
		p = io_buffer(0, 0);
		CHECK("io_buffer of 0 bytes: still a buffer (not NULL)", p != NULL);
		free(p);
	}
	return unit_done();
}
