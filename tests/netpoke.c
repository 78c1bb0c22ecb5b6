/*
 * netpoke - what a hostile peer does to the network servers, for the
 * tests (t4110-net-hostile.sh compiles it into its scratch directory; it
 * is not part of latbw).
 *
 *	netpoke hold PORT N SECS
 *		open N TCP connections to 127.0.0.1:PORT and send nothing;
 *		after a moment print "connected C closed K" (K: connections
 *		the server closed at once), then hold the rest for SECS
 *		seconds (or until killed).
 *	netpoke udp PORT WORD LEN COUNT [SRCPORT]
 *		send COUNT datagrams of LEN bytes whose first 4 bytes are the
 *		big-endian WORD (hex) to 127.0.0.1:PORT from one socket (bound
 *		to SRCPORT if given), back to back, then collect answers until
 *		none came for 300 ms; print "answers A first F" (F: the first
 *		word of the first answer, hex, or "-").  Exit 0 if any answer
 *		came, 1 if none.
 *	netpoke spoof PORT WORD
 *		send one 4-byte datagram holding WORD from 127.0.0.1:PORT to
 *		127.0.0.1:PORT (a raw socket: root, or a namespace of one's
 *		own), as if the server had sent it to itself.
 *
 * Exit status 2 on bad arguments or a failed system call (said on
 * stderr).
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int die(const char *what)
{
	fprintf(stderr, "netpoke: %s: %s\n", what, strerror(errno));
	exit(2);
}

static struct sockaddr_in loopback(const char *port)
{
	struct sockaddr_in a;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)atoi(port));
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static int hold(char **argv)
{
	struct sockaddr_in a = loopback(argv[0]);
	int n = atoi(argv[1]), secs = atoi(argv[2]), i, connected = 0, closed = 0;
	int *fds = calloc((size_t)n, sizeof(*fds));
	char c;

	if (fds == NULL || n <= 0)
		return die("bad count");
	for (i = 0; i < n; i++) {
		fds[i] = socket(AF_INET, SOCK_STREAM, 0);
		if (fds[i] < 0)
			die("socket");
		if (connect(fds[i], (struct sockaddr *)&a, sizeof(a)) == 0)
			connected++;
	}
	/* Time for the server to accept them all, and close what it closes. */
	sleep_ms(1000);
	for (i = 0; i < n; i++) {
		struct pollfd p = { .fd = fds[i], .events = POLLIN };

		if (poll(&p, 1, 0) == 1 && recv(fds[i], &c, 1, MSG_DONTWAIT) <= 0)
			closed++;
	}
	printf("connected %d closed %d\n", connected, closed);
	fflush(stdout);
	sleep_ms(secs * 1000L);
	for (i = 0; i < n; i++)
		close(fds[i]);
	return 0;
}

static int udp(int argc, char **argv)
{
	struct sockaddr_in a = loopback(argv[0]);
	uint32_t word = htonl((uint32_t)strtoul(argv[1], NULL, 16));
	size_t len = (size_t)atoi(argv[2]);
	int count = atoi(argv[3]), i, answers = 0, fd;
	char buf[65536], first[16] = "-";

	if (len < 4 || len > sizeof(buf) || count <= 0)
		return die("bad length or count");
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		die("socket");
	if (argc > 4) {
		struct sockaddr_in src = loopback(argv[4]);

		if (bind(fd, (struct sockaddr *)&src, sizeof(src)) != 0)
			die("bind");
	}
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0)
		die("connect");
	memset(buf, 0, sizeof(buf));
	memcpy(buf, &word, 4);
	for (i = 0; i < count; i++)
		if (send(fd, buf, len, 0) < 0 && errno != ECONNREFUSED)
			die("send");
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t got;
		uint32_t w;

		if (poll(&p, 1, 300) != 1)
			break;
		got = recv(fd, buf, sizeof(buf), 0);
		if (got < 0)
			continue;
		if (answers++ == 0 && got >= 4) {
			memcpy(&w, buf, 4);
			snprintf(first, sizeof(first), "%08x", ntohl(w));
		}
	}
	printf("answers %d first %s\n", answers, first);
	return answers > 0 ? 0 : 1;
}

/* The Internet checksum (RFC 1071) of an IPv4 header. */
static uint16_t checksum(const unsigned char *p, size_t len)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)(p[i] << 8 | p[i + 1]);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static int spoof(char **argv)
{
	struct sockaddr_in a = loopback(argv[0]);
	uint32_t word = htonl((uint32_t)strtoul(argv[1], NULL, 16));
	unsigned char pkt[20 + 8 + 4];
	uint16_t port = a.sin_port, v;
	int fd, one = 1;

	memset(pkt, 0, sizeof(pkt));
	pkt[0] = 0x45;			/* IPv4, 5-word header */
	v = htons(sizeof(pkt));
	memcpy(pkt + 2, &v, 2);		/* total length */
	pkt[8] = 64;			/* TTL */
	pkt[9] = IPPROTO_UDP;
	memcpy(pkt + 12, &a.sin_addr, 4);	/* from 127.0.0.1 */
	memcpy(pkt + 16, &a.sin_addr, 4);	/* to 127.0.0.1 */
	v = htons(checksum(pkt, 20));
	memcpy(pkt + 10, &v, 2);
	memcpy(pkt + 20, &port, 2);	/* from the server's own port */
	memcpy(pkt + 22, &port, 2);	/* to it */
	v = htons(8 + 4);
	memcpy(pkt + 24, &v, 2);	/* UDP length; checksum 0: none */
	memcpy(pkt + 28, &word, 4);
	fd = socket(AF_INET, SOCK_RAW, IPPROTO_RAW);
	if (fd < 0)
		die("raw socket");
	if (setsockopt(fd, IPPROTO_IP, IP_HDRINCL, &one, sizeof(one)) != 0)
		die("IP_HDRINCL");
	if (sendto(fd, pkt, sizeof(pkt), 0, (struct sockaddr *)&a,
		   sizeof(a)) != (ssize_t)sizeof(pkt))
		die("sendto");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "hold") == 0)
		return hold(argv + 2);
	if ((argc == 6 || argc == 7) && strcmp(argv[1], "udp") == 0)
		return udp(argc - 2, argv + 2);
	if (argc == 4 && strcmp(argv[1], "spoof") == 0)
		return spoof(argv + 2);
	fprintf(stderr, "usage: netpoke hold PORT N SECS | udp PORT WORD LEN "
		"COUNT [SRCPORT] | spoof PORT WORD\n");
	return 2;
}
