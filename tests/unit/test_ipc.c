/*
 * Unit tests: the two-process plumbing of src/lib/ipc.c -- full reads and
 * writes, end of file, the echo and stream peers (every byte asked for is
 * moved, and no more), a dead peer, the SIGCHLD watch, the array touch.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"
#include "internal.h"
#include "ipc.h"
#include "unit.h"

static const struct bench_spec spec = { .prog = "test_ipc" };

static void nap_ms(long ms)
{
	struct timespec ts = { 0, ms * 1000000L };

	nanosleep(&ts, NULL);
}

/* Nothing is left to read from fd (looked at without blocking). */
static int drained(int fd)
{
	char c;
	int flags = fcntl(fd, F_GETFL), empty;

	fcntl(fd, F_SETFL, flags | O_NONBLOCK);
	empty = read(fd, &c, 1) < 0 && errno == EAGAIN;
	fcntl(fd, F_SETFL, flags);
	return empty;
}

int main(void)
{
	struct bench_harness h;
	struct bench b;
	struct ipc_peer p;
	char buf[8192], msg[7] = "abcdef";
	unsigned long words[4] = { 1, 2, 3, 4 };
	int fds[2], down[2], up[2], i;
	ssize_t got;

	memset(&h, 0, sizeof(h));
	memset(&b, 0, sizeof(b));
	b.spec = &spec;
	b.h = &h;
	signal(SIGPIPE, SIG_IGN);

	CHECK("pipe", pipe(fds) == 0);
	CHECK("a full write moves all of it",
	      ipc_writen(fds[1], "hello", 5) == 5);
	CHECK("a full read moves all of it", ipc_readn(fds[0], buf, 5) == 5 &&
	      memcmp(buf, "hello", 5) == 0);
	ipc_writen(fds[1], "ab", 2);
	close(fds[1]);
	CHECK("a short read then end of file: the bytes read, and gone",
	      (got = ipc_readn(fds[0], buf, 5)) == 2 && ipc_peer_gone(got));
	CHECK("pipe", pipe(fds) == 0);
	close(fds[0]);
	CHECK("a write with no reader is -1, EPIPE, and gone",
	      (got = ipc_writen(fds[1], "x", 1)) == -1 && errno == EPIPE &&
	      ipc_peer_gone(got));
	close(fds[1]);

	/* The stream peer moves exactly what is asked for. */
	CHECK("pipes", pipe(down) == 0 && pipe(up) == 0);
	p.rfd = up[0];
	p.wfd = down[1];
	p.pid = 0;
	CHECK("stream peer starts", ipc_peer_start(&b, &p, down[0], up[1],
						  ipc_serve_stream, 3000) == 0);
	CHECK("100001 bytes in 3000-byte messages",
	      ipc_stream_take(&b, &p, buf, 3000, 100001) == 0);
	nap_ms(50);
	CHECK("... and not one byte more", drained(p.rfd));
	CHECK("a transfer smaller than a message",
	      ipc_stream_take(&b, &p, buf, 3000, 10) == 0);
	nap_ms(50);
	CHECK("... exactly too", drained(p.rfd));
	ipc_peer_stop(&p);
	CHECK("the peer is reaped", p.pid == 0 && p.rfd == -1);

	/* The echo peer, and a peer killed mid-run. */
	CHECK("pipes for the echo peer", pipe(down) == 0 && pipe(up) == 0);
	p.rfd = up[0];
	p.wfd = down[1];
	CHECK("echo peer starts (one warm-up round trip)",
	      ipc_echo_start(&b, &p, down[0], up[1], sizeof(msg)) == 0);
	CHECK("100 round trips of 7 bytes",
	      ipc_pingpong(&b, &p, msg, sizeof(msg), 100) == 0 &&
	      strcmp(msg, "abcdef") == 0);
	kill(p.pid, SIGKILL);
	CHECK("a killed peer fails the ping-pong (no hang, no figure)",
	      ipc_pingpong(&b, &p, msg, sizeof(msg), 100) == -1);
	ipc_peer_stop(&p);

	/* The SIGCHLD watch. */
	CHECK("watching children", ipc_watch_children(&b, NULL, NULL) == 0);
	CHECK("no child died yet", !ipc_child_died());
	p.pid = bench_fork();
	if (p.pid == 0)
		_exit(0);
	for (i = 0; i < 200 && !ipc_child_died(); i++)
		nap_ms(5);
	CHECK("a child's exit is seen", ipc_child_died());
	bench_reap(p.pid, NULL);
	ipc_unwatch_children();
	CHECK("unwatching clears it", !ipc_child_died());

	CHECK("the touch reads every word", ipc_touch(words, 4) == 10);
	return unit_done();
}
