/*
 * net.c - sockets for the network benchmarks: name resolution, client
 * sockets, and the background server all of them share (see net.h).
 */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "net.h"

/* ---- the command line ---------------------------------------------- */

void net_parse_cmd(struct bench *b, const struct net_prog *prog)
{
	struct net_cmd *cmd = net_cmd(b);
	int server = bench_opt_isset(b, 's'), stop = bench_opt_isset(b, 'S');

	memset(cmd, 0, sizeof(*cmd));
	cmd->prog = prog;
	cmd->port = (unsigned)bench_opt_num(b, 'o');
	cmd->idle_secs = (unsigned)bench_opt_num(b, 'i');
	if (server && stop)
		bench_usage_error(b, "-s and -S do not go together");
	if (server) {
		if (b->argc > 1)
			bench_usage_error(b, "unexpected argument '%s'",
					  b->argv[1]);
		cmd->mode = NET_SERVER;
		cmd->host = b->argc == 1 ? b->argv[0] : NULL;
		return;
	}
	if (b->argc < 1)
		bench_usage_error(b, "which host? (start a server with -s)");
	if (b->argc > 1)
		bench_usage_error(b, "unexpected argument '%s'", b->argv[1]);
	if (b->argv[0][0] == '\0')
		bench_usage_error(b, "empty host name");
	cmd->mode = stop ? NET_STOP : NET_CLIENT;
	cmd->host = b->argv[0];
}

/* ---- addresses -------------------------------------------------------- */

/* host (name or numeric address) and port: its addresses, IPv4 first. */
static int net_resolve(struct bench *b, const char *host, unsigned port,
		       int socktype, struct net_addrs *out)
{
	struct addrinfo hints, *res, *ai;
	char service[16];
	unsigned pass;
	int rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = socktype;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(service, sizeof(service), "%u", port);
	rc = getaddrinfo(host, service, &hints, &res);
	if (rc != 0)
		return bench_error(b, "cannot resolve '%s': %s", host,
				   gai_strerror(rc));
	/*
	 * IPv4 first: "localhost" often lists ::1 first, and our servers
	 * listen on 127.0.0.1 by default; trying ::1 on every connect would
	 * cost a refused connection each time.
	 */
	out->n = 0;
	for (pass = 0; pass < 2; pass++)
		for (ai = res; ai != NULL && out->n < NET_MAX_ADDRS;
		     ai = ai->ai_next) {
			if ((ai->ai_family == AF_INET) != (pass == 0))
				continue;
			if (ai->ai_addrlen > sizeof(out->addr[0]))
				continue;
			memcpy(&out->addr[out->n], ai->ai_addr, ai->ai_addrlen);
			out->len[out->n] = ai->ai_addrlen;
			out->n++;
		}
	freeaddrinfo(res);
	if (out->n == 0)
		return bench_error(b, "'%s' has no usable address", host);
	return 0;
}

/* Receive and send timeouts on a socket, in seconds. */
static int net_set_timeouts(int fd, unsigned secs)
{
	struct timeval tv = { .tv_sec = (time_t)secs, .tv_usec = 0 };

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) != 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) != 0)
		return -1;
	return 0;
}

int net_set_bufsize(int fd, int bytes)
{
	if (setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, sizeof(bytes)) != 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof(bytes)) != 0)
		return -1;
	return 0;
}

int net_nodelay(int fd)
{
	int one = 1;

	return setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

/* "cannot reach the server" message for host:port after errno err. */
static int net_no_server(struct bench *b, const char *host, unsigned port,
			 int err)
{
	return bench_error(b, "no server at %s port %u: %s (start one with "
			   "'%s -s', same -o)", host, port,
			   err != 0 ? strerror(err) : "no answer",
			   b->spec->prog);
}

int net_tcp_connect_addr(const struct sockaddr *addr, socklen_t len)
{
	int fd, saved;

	fd = socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -1;
	while (connect(fd, addr, len) != 0) {
		if (errno == EINTR)
			continue;
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

int net_tcp_connect(struct bench *b, const char *host, unsigned port,
		    int rcvbuf, struct sockaddr_storage *used,
		    socklen_t *usedlen)
{
	struct net_addrs as;
	unsigned i;
	int fd = -1, err = 0;

	if (net_resolve(b, host, port, SOCK_STREAM, &as) != 0)
		return -1;
	for (i = 0; i < as.n; i++) {
		fd = socket(as.addr[i].ss_family, SOCK_STREAM | SOCK_CLOEXEC,
			    0);
		if (fd < 0) {
			err = errno;
			continue;
		}
		/* Before connect(): the window scale is fixed by the SYN. */
		if (rcvbuf > 0 && net_set_bufsize(fd, rcvbuf) != 0) {
			err = errno;
			close(fd);
			return bench_error(b, "SO_RCVBUF %d: %s", rcvbuf,
					   strerror(err));
		}
		if (net_set_timeouts(fd, NET_CLIENT_TIMEOUT_SECS) == 0 &&
		    connect(fd, (struct sockaddr *)&as.addr[i],
			    as.len[i]) == 0)
			break;
		err = errno;
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		return net_no_server(b, host, port, err);
	if (net_nodelay(fd) != 0) {
		err = errno;
		close(fd);
		return bench_error(b, "TCP_NODELAY: %s", strerror(err));
	}
	if (used != NULL) {
		memcpy(used, &as.addr[i], as.len[i]);
		*usedlen = as.len[i];
	}
	return fd;
}

int net_udp_connect(struct bench *b, const char *host, unsigned port,
		    int (*probe)(struct bench *b, int fd))
{
	struct net_addrs as;
	unsigned i;
	int fd, err = 0;

	if (net_resolve(b, host, port, SOCK_DGRAM, &as) != 0)
		return -1;
	for (i = 0; i < as.n; i++) {
		fd = socket(as.addr[i].ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (fd < 0) {
			err = errno;
			continue;
		}
		/* A short wait for the probe: a missing server on loopback
		 * answers at once (port unreachable), a remote one may not. */
		if (net_set_timeouts(fd, 2) == 0 &&
		    connect(fd, (struct sockaddr *)&as.addr[i],
			    as.len[i]) == 0 && probe(b, fd) == 0 &&
		    net_set_timeouts(fd, NET_CLIENT_TIMEOUT_SECS) == 0)
			return fd;
		err = errno;
		close(fd);
	}
	return net_no_server(b, host, port, err == EAGAIN ? 0 : err);
}

const char *net_read_failure(ssize_t got)
{
	if (got >= 0)
		return "the server closed the connection (it went away, or "
		       "already serves its most connections at once)";
	if (errno == ECONNRESET)
		return "the server reset the connection (it went away, or "
		       "already serves its most connections at once)";
	return strerror(errno);
}

ssize_t net_read_some(struct bench *b, int fd, void *buf, size_t len)
{
	ssize_t got;

	do
		got = read(fd, buf, len);
	while (got < 0 && errno == EINTR);
	if (got <= 0)
		return bench_error(b, "read: %s", net_read_failure(got));
	return got;
}

/* ---- the server -------------------------------------------------------- */

static int open_server_socket(struct net_server *s, int socktype)
{
	const struct net_cmd *cmd = s->cmd;
	const char *host = cmd->host != NULL ? cmd->host : "127.0.0.1";
	const char *what = socktype == SOCK_STREAM ? "TCP" : "UDP";
	struct net_addrs as;
	int fd, one = 1;

	if (net_resolve(s->b, host, cmd->port, socktype, &as) != 0)
		return -1;
	fd = socket(as.addr[0].ss_family, socktype | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return bench_error(s->b, "socket: %s", strerror(errno));
	/*
	 * TCP only: lat_connect leaves server-side TIME_WAIT sockets, which
	 * must not keep the next server from binding.  (On UDP the option
	 * would let a second server share the port.)
	 */
	if (socktype == SOCK_STREAM &&
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0)
		goto fail;
	if (bind(fd, (struct sockaddr *)&as.addr[0], as.len[0]) != 0)
		goto fail;
	if (socktype == SOCK_STREAM && listen(fd, 128) != 0)
		goto fail;
	return fd;
fail:
	bench_error(s->b, "cannot listen on %s %s port %u: %s%s", what, host,
		    cmd->port, strerror(errno),
		    errno == EADDRINUSE ? " (a server already runs there? "
					  "stop it with -S, or pick -o)" : "");
	close(fd);
	return -1;
}

static double now_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Stdio on /dev/null and no descriptor of our parent's kept open: a shell
 * waiting on a pipe we inherited would otherwise wait for us. */
static void detach_fds(const int *keep, int nkeep)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd, i, null;

	if (max < 0 || max > 65536)
		max = 65536;
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	for (fd = STDERR_FILENO + 1; fd < max; fd++) {
		for (i = 0; i < nkeep; i++)
			if (keep[i] == fd)
				break;
		if (i == nkeep)
			close(fd);
	}
}

/* Reap the connection children that have ended. */
static void reap_conns(unsigned *nconns)
{
	while (*nconns > 0 && waitpid(-1, NULL, WNOHANG) > 0)
		(*nconns)--;
}

static void serve_connection(struct net_server *s, int fd, int *fds,
			     unsigned *nconns)
{
	const struct net_prog *prog = s->cmd->prog;
	pid_t pid;

	if (prog->conn == NULL) {
		close(fd);
		return;
	}
	if (!prog->fork_conns) {
		prog->conn(s, fd);
		close(fd);
		return;
	}
	/*
	 * Refused with a reset (a close with a zero linger time): the
	 * client's read fails at once, and no TIME_WAIT is left here for a
	 * connection that was never served.
	 */
	reap_conns(nconns);
	if (*nconns >= NET_MAX_CONNS) {
		struct linger reset = { .l_onoff = 1, .l_linger = 0 };

		setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof(reset));
		close(fd);
		return;
	}
	pid = fork();
	if (pid == 0) {
		if (fds[0] >= 0)
			close(fds[0]);
		if (fds[1] >= 0)
			close(fds[1]);
		/* A client that says nothing for the idle time is gone. */
		if (net_set_timeouts(fd, s->cmd->idle_secs) == 0)
			prog->conn(s, fd);
		_exit(0);
	}
	if (pid > 0)
		(*nconns)++;
	close(fd);
}

static void guard_init(struct net_udp_guard *g, int fd);

/*
 * A server of datagrams only (lat_udp's): a blocking read on its socket,
 * woken every half second to see whether it has been idle long enough,
 * rather than a poll before each read.  A request then costs the server
 * two system calls, a read and an answer, as an echo server's do (with
 * the poll, three: lat_udp measured a median 1.33 times lmbench's
 * lat_udp, pinned alike, in eight runs; with this loop, 1.06).
 */
static _Noreturn void serve_datagrams(struct net_server *s, int fd,
				      double last)
{
	struct timeval tv = { .tv_sec = 0, .tv_usec = 500000 };

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) != 0)
		_exit(1);
	for (;;) {
		errno = 0;
		if (s->cmd->prog->datagram(s, fd) == 1)
			_exit(0);
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			last = now_secs();
		else if (now_secs() - last >= (double)s->cmd->idle_secs)
			_exit(0);
	}
}

/* The daemon's loop: never returns. */
static _Noreturn void serve(struct net_server *s, int ready_fd)
{
	static const int reset[] = { SIGINT, SIGTERM, SIGHUP, SIGALRM,
				     SIGCHLD };
	int fds[2] = { -1, -1 }, keep[2];
	unsigned nconns = 0, i;
	double last;
	char ok = 'R';

	/* The harness's handlers belong to the command that started us. */
	for (i = 0; i < sizeof(reset) / sizeof(reset[0]); i++)
		signal(reset[i], SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	alarm(0);
	if (setsid() < 0 || bench_pin(s->b, 1) != 0)
		_exit(1);
	if (s->cmd->prog->want_tcp && (fds[0] = open_server_socket(s, SOCK_STREAM)) < 0)
		_exit(1);
	if (s->cmd->prog->want_udp && (fds[1] = open_server_socket(s, SOCK_DGRAM)) < 0)
		_exit(1);
	if (fds[1] >= 0)
		guard_init(&s->udp, fds[1]);
	if (chdir("/") != 0)
		_exit(1);
	if (io_writen(ready_fd, &ok, 1) != 1)
		_exit(1);
	keep[0] = fds[0];
	keep[1] = fds[1];
	detach_fds(keep, 2);
	last = now_secs();
	if (fds[0] < 0)
		serve_datagrams(s, fds[1], last);
	for (;;) {
		struct pollfd pfd[2];
		double left;
		int np = 0, ms;

		reap_conns(&nconns);
		/* Idle means no connection open and none coming. */
		if (nconns > 0)
			last = now_secs();
		left = (double)s->cmd->idle_secs - (now_secs() - last);
		if (left <= 0.0)
			_exit(0);
		ms = left > 0.5 ? 500 : (int)(left * 1000.0) + 1;
		for (i = 0; i < 2; i++)
			if (fds[i] >= 0) {
				pfd[np].fd = fds[i];
				pfd[np].events = POLLIN;
				pfd[np].revents = 0;
				np++;
			}
		if (poll(pfd, (nfds_t)np, ms) <= 0)
			continue;
		for (i = 0; i < (unsigned)np; i++) {
			if (!(pfd[i].revents & POLLIN))
				continue;
			last = now_secs();
			if (pfd[i].fd == fds[0]) {
				int c = accept(fds[0], NULL, NULL);

				if (c >= 0)
					serve_connection(s, c, fds, &nconns);
			} else if (s->cmd->prog->datagram(s, fds[1]) == 1) {
				_exit(0);
			}
		}
	}
}

/*
 * Start the daemon: fork, new session, pin to role 1 (-C), open the
 * sockets, tell the parent it listens, then serve until idle or stopped.
 * Returns in the parent only: 0 once the server listens, -1 if it could
 * not start (it said why).
 */
static int server_start(struct net_server *s)
{
	int p[2], st;
	pid_t pid;
	ssize_t got;
	char c = 0;

	if (pipe(p) != 0)
		return bench_error(s->b, "pipe: %s", strerror(errno));
	/* Plain fork, not bench_fork: the server must outlive us. */
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return bench_error(s->b, "fork: %s", strerror(errno));
	}
	if (pid == 0) {
		close(p[0]);
		serve(s, p[1]);
	}
	close(p[1]);
	got = io_readn(p[0], &c, 1);
	close(p[0]);
	if (got == 1 && c == 'R')
		return 0;
	/* It said why on our stderr (still its stderr then), and is gone. */
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return -1;
}

_Noreturn void net_conn_stop_server(int fd, const void *ack, size_t acklen)
{
	pid_t server = getppid();
	int i;

	kill(server, SIGTERM);
	/* Our parent is the server: once it is gone we are re-parented. */
	for (i = 0; i < 400 && getppid() == server; i++) {
		struct timespec ts = { 0, 5000000 };

		nanosleep(&ts, NULL);
	}
	io_writen(fd, ack, acklen);
	close(fd);
	/* Every other connection of this server (our process group). */
	signal(SIGTERM, SIG_IGN);
	kill(0, SIGTERM);
	_exit(0);
}

/* ---- the driver -------------------------------------------------------- */

/* Measure the selected case, or every case, and print each figure. */
static int measure_cases(struct bench *b, const struct bench_case *only)
{
	const struct net_cmd *cmd = net_cmd(b);
	const struct bench_spec *spec = b->spec;
	struct bench_result r;
	char label[300];
	size_t i;
	int rc;

	for (i = 0; i < spec->ncases; i++) {
		if (only != NULL && only != &spec->cases[i])
			continue;
		rc = bench_measure(b, &spec->cases[i], &r);
		if (rc != 0)
			return rc;
		snprintf(label, sizeof(label), "%s %s %s",
			 spec->cases[i].label,
			 cmd->prog->join != NULL ? cmd->prog->join : "using",
			 cmd->host);
		bench_report(b, label, &r);
	}
	return 0;
}

int net_main(struct bench *b)
{
	const struct net_cmd *cmd = net_cmd(b);
	struct net_server srv = { .b = b, .cmd = cmd, .priv = b->priv };

	switch (cmd->mode) {
	case NET_SERVER:
		return server_start(&srv);
	case NET_STOP:
		return cmd->prog->stop(b);
	case NET_CLIENT:
		break;
	}
	if (cmd->prog->client != NULL)
		return cmd->prog->client(b);
	/* -G (for a program that takes it: spec->main_sweeps): the curve
	 * of its case, each copy with a connection of its own. */
	if (bench_sweeping(b))
		return bench_sweep(b, b->bc);
	return measure_cases(b, b->bc);
}

/* ---- the TCP hello ------------------------------------------------------ */

static int send_hello(int fd, uint32_t magic, uint32_t what, uint32_t size,
		      uint32_t arg)
{
	uint32_t h[4] = { htonl(magic), htonl(what), htonl(size), htonl(arg) };

	return io_writen(fd, h, sizeof(h)) == (ssize_t)sizeof(h) ? 0 : -1;
}

int net_tcp_open(struct bench *b, uint32_t size, uint32_t arg, int rcvbuf)
{
	const struct net_cmd *cmd = net_cmd(b);
	int fd, err;

	fd = net_tcp_connect(b, cmd->host, cmd->port, rcvbuf, NULL, NULL);
	if (fd < 0)
		return -1;
	if (send_hello(fd, cmd->prog->magic, NET_HELLO_RUN, size, arg) != 0) {
		err = errno;
		close(fd);
		return bench_error(b, "write: %s", strerror(err));
	}
	return fd;
}

int net_conn_hello(struct net_server *s, int fd, struct net_hello *h)
{
	uint32_t w[4];

	if (io_readn(fd, w, sizeof(w)) != (ssize_t)sizeof(w) ||
	    ntohl(w[0]) != s->cmd->prog->magic)
		return 0;
	h->magic = ntohl(w[0]);
	h->what = ntohl(w[1]);
	h->size = ntohl(w[2]);
	h->arg = ntohl(w[3]);
	if (h->what == NET_HELLO_STOP)
		net_conn_stop_server(fd, "K", 1);
	return h->what == NET_HELLO_RUN;
}

static int not_stopped(struct bench *b)
{
	const struct net_cmd *cmd = net_cmd(b);

	return bench_error(b, "the server at %s port %u did not confirm it "
			   "stopped", cmd->host, cmd->port);
}

int net_stop_tcp(struct bench *b)
{
	const struct net_cmd *cmd = net_cmd(b);
	char ack;
	ssize_t got;
	int fd;

	fd = net_tcp_connect(b, cmd->host, cmd->port, 0, NULL, NULL);
	if (fd < 0)
		return -1;
	got = send_hello(fd, cmd->prog->magic, NET_HELLO_STOP, 0, 0) == 0 ?
	      io_readn(fd, &ack, 1) : -1;
	close(fd);
	if (got != 1 || ack != 'K')
		return not_stopped(b);
	return 0;
}

/* ---- the UDP echo ------------------------------------------------------- */

static void put_seq(char *buf, uint32_t seq)
{
	uint32_t v = htonl(seq);

	memcpy(buf, &v, 4);
}

static uint32_t get_seq(const char *buf)
{
	uint32_t v;

	memcpy(&v, buf, 4);
	return ntohl(v);
}

/* The port of an IPv4 or IPv6 address, 0 for any other. */
static unsigned addr_port(const struct sockaddr_storage *a)
{
	if (a->ss_family == AF_INET)
		return ntohs(((const struct sockaddr_in *)a)->sin_port);
	if (a->ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)a)->sin6_port);
	return 0;
}

/* The address part (no port) of a, and its length; NULL for others. */
static const void *addr_bytes(const struct sockaddr_storage *a, size_t *len)
{
	if (a->ss_family == AF_INET) {
		*len = sizeof(struct in_addr);
		return &((const struct sockaddr_in *)a)->sin_addr;
	}
	if (a->ss_family == AF_INET6) {
		*len = sizeof(struct in6_addr);
		return &((const struct sockaddr_in6 *)a)->sin6_addr;
	}
	return NULL;
}

/* Same address (and port, if with_port). */
static int same_addr(const struct sockaddr_storage *a,
		     const struct sockaddr_storage *b, int with_port)
{
	const void *pa, *pb;
	size_t la = 0, lb = 0;

	if (a->ss_family != b->ss_family ||
	    (with_port && addr_port(a) != addr_port(b)))
		return 0;
	pa = addr_bytes(a, &la);
	pb = addr_bytes(b, &lb);
	return pa != NULL && pb != NULL && la == lb && memcmp(pa, pb, la) == 0;
}

/* Is a the address any (0.0.0.0 or ::)? */
static int is_wildcard(const struct sockaddr_storage *a)
{
	static const unsigned char zero[16];
	const void *p;
	size_t len;

	p = addr_bytes(a, &len);
	return p != NULL && memcmp(p, zero, len) == 0;
}

/* Did the server send this itself (a forged source)?  A server listening
 * on every address (0.0.0.0, ::) owns its port on all of them. */
static int from_self(const struct net_udp_guard *g,
		     const struct sockaddr_storage *from)
{
	if (g->selflen == 0 || addr_port(from) != addr_port(&g->self))
		return 0;
	return is_wildcard(&g->self) || same_addr(from, &g->self, 0);
}

static void guard_init(struct net_udp_guard *g, int fd)
{
	memset(g, 0, sizeof(*g));
	g->selflen = sizeof(g->self);
	if (getsockname(fd, (struct sockaddr *)&g->self, &g->selflen) != 0)
		g->selflen = 0;
	g->tokens = NET_UDP_REPEATS;
	g->refilled = now_secs();
}

int net_udp_may_answer(struct net_server *s,
		       const struct sockaddr_storage *from, socklen_t flen,
		       uint32_t word)
{
	struct net_udp_guard *g = &s->udp;
	struct net_udp_source *src = NULL;
	unsigned i;
	double now;

	if (flen > sizeof(*from) || addr_port(from) < 1024 ||
	    from_self(g, from))
		return 0;
	for (i = 0; i < g->nrecent; i++)
		if (same_addr(&g->recent[i].addr, from, 1)) {
			src = &g->recent[i];
			break;
		}
	if (src == NULL) {
		/* A new source takes the oldest slot. */
		src = &g->recent[g->next];
		g->next = (g->next + 1) % NET_UDP_RECENT;
		if (g->nrecent < NET_UDP_RECENT)
			g->nrecent++;
		memcpy(&src->addr, from, flen);
		src->len = flen;
		src->word = word;
		return 1;
	}
	if (src->word != word) {
		src->word = word;
		return 1;
	}
	now = now_secs();
	g->tokens += (now - g->refilled) * NET_UDP_REPEATS;
	if (g->tokens > NET_UDP_REPEATS)
		g->tokens = NET_UDP_REPEATS;
	g->refilled = now;
	if (g->tokens < 1.0)
		return 0;
	g->tokens -= 1.0;
	return 1;
}

/*
 * Read one datagram and answer it if it is a request (any numbered one if
 * numbered, otherwise the 4-byte probe and stop only) that may be
 * answered.  1 after an answered NET_SEQ_STOP: the server stops.
 */
static int udp_answer(struct net_server *s, int fd, int numbered)
{
	/* One more byte than the largest datagram: a longer one is cut
	 * short and its answer would be wrong, but none can arrive. */
	char buf[NET_UDP_MAX + 1];
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	ssize_t got;
	uint32_t word;

	got = recvfrom(fd, buf, sizeof(buf), 0, (struct sockaddr *)&from,
		       &flen);
	if (got < 4)
		return 0;
	word = get_seq(buf);
	if (word != NET_SEQ_PROBE && word != NET_SEQ_STOP &&
	    (!numbered || word > NET_SEQ_MASK))
		return 0;
	if (!numbered && got != 4)
		return 0;
	if (!net_udp_may_answer(s, &from, flen, word))
		return 0;
	put_seq(buf, word | NET_SEQ_REPLY);
	sendto(fd, buf, (size_t)got, 0, (struct sockaddr *)&from, flen);
	return word == NET_SEQ_STOP;
}

int net_udp_echo(struct net_server *s, int fd)
{
	return udp_answer(s, fd, 1);
}

int net_udp_control(struct net_server *s, int fd)
{
	return udp_answer(s, fd, 0);
}

/* One round trip of buf numbered seq: 0, or -1 with errno set (EAGAIN:
 * no answer within the socket's timeout). */
static int udp_round_trip(int fd, char *buf, size_t len, uint32_t seq)
{
	ssize_t got;

	put_seq(buf, seq);
	if (send(fd, buf, len, 0) != (ssize_t)len)
		return -1;
	for (;;) {
		got = recv(fd, buf, len, 0);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got >= 4 && get_seq(buf) == (seq | NET_SEQ_REPLY))
			return 0;
		/* A late answer to an earlier request: not ours. */
	}
}

int net_udp_round_trips(struct bench *b, int fd, char *buf, size_t len,
			uint32_t *seq, uint64_t n, const char *host)
{
	while (n-- > 0) {
		*seq = (*seq + 1) & NET_SEQ_MASK;
		if (udp_round_trip(fd, buf, len, *seq) != 0)
			return bench_error(b, "%s: %s", host, errno == EAGAIN ?
					   "no reply (datagram lost or server "
					   "gone)" : strerror(errno));
	}
	return 0;
}

int net_udp_probe(struct bench *b, int fd)
{
	char buf[4];

	(void)b;
	return udp_round_trip(fd, buf, sizeof(buf), NET_SEQ_PROBE);
}

int net_stop_udp(struct bench *b)
{
	const struct net_cmd *cmd = net_cmd(b);
	char buf[4];
	int fd, rc;

	fd = net_udp_connect(b, cmd->host, cmd->port, net_udp_probe);
	if (fd < 0)
		return -1;
	rc = udp_round_trip(fd, buf, sizeof(buf), NET_SEQ_STOP);
	close(fd);
	return rc != 0 ? not_stopped(b) : 0;
}
