/*
 * xc-net.c - a second measurement of latbw's loopback network figures,
 * for tests/bench/cross-check.sh (compiled by it; not part of the suite).
 * It shares no code with latbw: its own sockets, clock and samples, so
 * that a figure both give is not an artefact of latbw's harness.
 *
 *	xc-net serve udp|tcp|conn|bw		a server on 127.0.0.1; prints
 *						its port, then serves until
 *						killed
 *	xc-net udp|tcp|conn|bw PORT REPS	the client: the median of REPS
 *						samples, one number per line
 *
 * What one operation is, as latbw's programs define it:
 *	udp	a 4-byte datagram sent and the server's echo of it received
 *	tcp	1 byte written on an established connection (TCP_NODELAY at
 *		both ends) and its echo read
 *	conn	socket, connect, read until the server's FIN (it accepts and
 *		closes at once), close
 *	bw	the server writes 128 KB messages without end, TCP_NODELAY
 *		(as bw_tcp's server); the client reads them: MB/s (MB = 10^6
 *		bytes), socket buffers left to the kernel, 128 KB reads (the
 *		last size of bw_tcp's sweep).  On an Intel guest the 20 ms
 *		samples of one connection read 2.9-4.5 GB/s with spells at
 *		7.2-8.2, and without TCP_NODELAY only the slower speed
 *		(iperf3 -R -l 128K: 2.8, with -N 3.2-4.4)
 * Latencies are printed in microseconds.  A sample lasts at least 20 ms
 * (the number of operations doubled until it does, untimed warm-up first).
 * Any failing call exits 1 with a message: no figure.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BW_MSG (128 * 1024)
#define SAMPLE_NS 20000000.0
#define MAX_REPS 101

/* On a page, and touched before use, as latbw's io_buffer: where a copy
 * starts within a page moves the kernel's copy speed (see io.h). */
static _Alignas(4096) char buf[BW_MSG];

static void die(const char *what)
{
	fprintf(stderr, "xc-net: %s: %s\n", what, strerror(errno));
	exit(1);
}

static double now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		die("clock_gettime");
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void loopback(struct sockaddr_in *sa, int port)
{
	memset(sa, 0, sizeof(*sa));
	sa->sin_family = AF_INET;
	sa->sin_port = htons((unsigned short)port);
	sa->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
}

static void nodelay(int fd)
{
	int one = 1;

	if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) != 0)
		die("setsockopt TCP_NODELAY");
}

/* n bytes exactly, or exit; 0 at end of file before any byte. */
static size_t readn(int fd, char *p, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, p + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("read");
		if (r == 0) {
			if (got == 0)
				return 0;
			errno = EPIPE;
			die("read (connection closed)");
		}
		got += (size_t)r;
	}
	return got;
}

static int writen(int fd, const char *p, size_t n)
{
	size_t put = 0;

	while (put < n) {
		ssize_t w = write(fd, p + put, n - put);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		put += (size_t)w;
	}
	return 0;
}

static _Noreturn void serve(const char *mode)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	int udp = strcmp(mode, "udp") == 0;
	int fd = socket(AF_INET, udp ? SOCK_DGRAM : SOCK_STREAM, 0);
	int one = 1;

	if (fd < 0)
		die("socket");
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0)
		die("setsockopt SO_REUSEADDR");
	loopback(&sa, 0);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		die("bind");
	if (!udp && listen(fd, 128) != 0)
		die("listen");
	if (getsockname(fd, (struct sockaddr *)&sa, &len) != 0)
		die("getsockname");
	memset(buf, 1, sizeof(buf));
	printf("%d\n", ntohs(sa.sin_port));
	fflush(stdout);
	signal(SIGPIPE, SIG_IGN);
	for (;;) {
		struct sockaddr_in from;
		socklen_t flen = sizeof(from);
		int c;

		if (udp) {
			ssize_t r = recvfrom(fd, buf, 64, 0,
					     (struct sockaddr *)&from, &flen);

			if (r < 0 && errno != EINTR)
				die("recvfrom");
			if (r > 0 && sendto(fd, buf, (size_t)r, 0,
					    (struct sockaddr *)&from, flen) != r)
				die("sendto");
			continue;
		}
		c = accept(fd, NULL, NULL);
		if (c < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			die("accept");
		}
		if (strcmp(mode, "tcp") == 0) {
			nodelay(c);
			while (readn(c, buf, 1) == 1)
				if (writen(c, buf, 1) != 0)
					break;
		} else if (strcmp(mode, "bw") == 0) {
			nodelay(c);
			while (writen(c, buf, BW_MSG) == 0)
				;
		}
		close(c);
	}
}

struct client {
	const char *mode;
	struct sockaddr_in sa;
	int fd;
};

static void op(struct client *cl, unsigned long n)
{
	while (n-- > 0) {
		if (strcmp(cl->mode, "udp") == 0) {
			if (send(cl->fd, buf, 4, 0) != 4)
				die("send");
			if (recv(cl->fd, buf, 64, 0) != 4)
				die("recv");
		} else if (strcmp(cl->mode, "tcp") == 0) {
			if (writen(cl->fd, buf, 1) != 0)
				die("write");
			if (readn(cl->fd, buf, 1) != 1)
				die("read (server closed)");
		} else if (strcmp(cl->mode, "conn") == 0) {
			int fd = socket(AF_INET, SOCK_STREAM, 0);

			if (fd < 0)
				die("socket");
			if (connect(fd, (struct sockaddr *)&cl->sa,
				    sizeof(cl->sa)) != 0)
				die("connect");
			if (read(fd, buf, 1) != 0)
				die("read (no FIN)");
			close(fd);
		} else {
			if (readn(cl->fd, buf, BW_MSG) != BW_MSG)
				die("read (server closed)");
		}
	}
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	struct client cl;
	double t[MAX_REPS], s;
	unsigned long n = 1;
	int reps, i;

	if (argc == 3 && strcmp(argv[1], "serve") == 0)
		serve(argv[2]);
	if (argc != 4 || (reps = atoi(argv[3])) < 1 || reps > MAX_REPS ||
	    atoi(argv[2]) < 1) {
		fprintf(stderr, "usage: xc-net serve udp|tcp|conn|bw\n"
			"       xc-net udp|tcp|conn|bw PORT REPS\n");
		return 2;
	}
	memset(buf, 1, sizeof(buf));
	cl.mode = argv[1];
	loopback(&cl.sa, atoi(argv[2]));
	cl.fd = -1;
	if (strcmp(cl.mode, "conn") != 0) {
		int udp = strcmp(cl.mode, "udp") == 0;

		cl.fd = socket(AF_INET, udp ? SOCK_DGRAM : SOCK_STREAM, 0);
		if (cl.fd < 0)
			die("socket");
		if (connect(cl.fd, (struct sockaddr *)&cl.sa,
			    sizeof(cl.sa)) != 0)
			die("connect");
		if (strcmp(cl.mode, "tcp") == 0)
			nodelay(cl.fd);
	}
	/* Warm up and find how many operations make a sample. */
	for (;;) {
		s = now_ns();
		op(&cl, n);
		s = now_ns() - s;
		if (s >= SAMPLE_NS)
			break;
		n *= 2;
	}
	for (i = 0; i < reps; i++) {
		s = now_ns();
		op(&cl, n);
		t[i] = now_ns() - s;
	}
	qsort(t, (size_t)reps, sizeof(t[0]), cmp);
	s = reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
	if (strcmp(cl.mode, "bw") == 0)
		printf("%.2f\n", n * (double)BW_MSG / (s / 1e9) / 1e6);
	else
		printf("%.4f\n", s / n / 1e3);
	return 0;
}
