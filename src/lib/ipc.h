/*
 * ipc.h - pieces shared by the local communication benchmarks (lat_pipe,
 * lat_fifo, lat_unix, lat_ctx, lat_sem, lat_fcntl, lat_unix_connect,
 * bw_pipe, bw_unix).
 *
 * Most of them are two processes talking over a pair of descriptors: the
 * parent is timed, a child (the peer) answers.  The peer is forked with
 * ipc_peer_start(), pinned to the -C list's role 1, and ends by itself when
 * the parent closes its side (end of file); a parent whose peer died sees
 * end of file or EPIPE and fails with a message, it never hangs.
 */
#ifndef LATBW_IPC_H
#define LATBW_IPC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bench.h"
#include "io.h"

int ipc_child_died(void);	/* see ipc_watch_children below */

/*
 * Move exactly n bytes: io_readn and io_writen (io.h: n when all moved,
 * fewer at end of file, -1 with errno), except that a wait interrupted
 * because a watched child died (ipc_watch_children) is not resumed.
 */
static inline ssize_t ipc_readn(int fd, void *buf, size_t n)
{
	return io_readn_unless(fd, buf, n, ipc_child_died);
}
static inline ssize_t ipc_writen(int fd, const void *buf, size_t n)
{
	return io_writen_unless(fd, buf, n, ipc_child_died);
}

/*
 * Whether a transfer that returned got (short of what was asked) failed
 * because the other side went away: end of file, EPIPE or ECONNRESET.
 */
int ipc_peer_gone(ssize_t got);

/*
 * Turn a failed transfer of `what` ("read", "write", ...) that returned
 * got into a message naming the cause: -1, for `return ipc_fail(...)`.
 */
int ipc_fail(struct bench *b, const char *what, ssize_t got);

/* What a peer does with its two descriptors (msg: bytes per message). */
typedef void ipc_serve_fn(struct bench *b, int rfd, int wfd, size_t msg);

/*
 * Stream: read an 8-byte count, then write that many bytes in msg-byte
 * writes; until end of file.
 */
ipc_serve_fn ipc_serve_stream;

struct ipc_peer {
	pid_t pid;	/* the child, or 0 */
	int rfd, wfd;	/* the parent's ends (may be one descriptor) */
};

/*
 * Fork the peer.  p->rfd and p->wfd are the parent's ends, child_rfd and
 * child_wfd the child's; each side closes the other's (on failure, all of
 * them are closed).  The child pins itself to role 1 of -C and runs
 * serve(); it never returns.  0 or -1.
 */
int ipc_peer_start(struct bench *b, struct ipc_peer *p, int child_rfd,
		   int child_wfd, ipc_serve_fn *serve, size_t msg);
/*
 * ipc_peer_start with ipc_serve_echo, then one untimed round trip, so that
 * the peer is running when timing starts.  On failure every descriptor
 * given is closed and the peer is gone.
 */
int ipc_echo_start(struct bench *b, struct ipc_peer *p, int child_rfd,
		   int child_wfd, size_t msg);
/*
 * The echo peer over a pair of pipes (one each way): what lat_pipe and
 * lat_c2c's pipe case time.  0, or -1 with a message and nothing left.
 */
int ipc_pipe_echo_start(struct bench *b, struct ipc_peer *p, size_t msg);
/* Close the parent's ends (the peer sees end of file) and reap the peer. */
void ipc_peer_stop(struct ipc_peer *p);

/* The timed side of the echo: n round trips of msg bytes through buf. */
int ipc_pingpong(struct bench *b, const struct ipc_peer *p, char *buf,
		 size_t msg, uint64_t n);
/* The timed side of the stream: ask for `total` bytes and read them all
 * into buf (msg bytes at a time). */
int ipc_stream_take(struct bench *b, const struct ipc_peer *p, char *buf,
		    size_t msg, uint64_t total);

/*
 * The stream bandwidth programs (bw_pipe, bw_unix) whole: a case `name`
 * labelled `label` in MB/sec, options -m bytes (per write and per read)
 * and -M total (bytes per operation).  `connect` makes the descriptors:
 * the parent's ends in p->rfd and p->wfd, the child's in child[0] (it
 * reads the requests there) and child[1] (it writes the data there); 0, or
 * -1 with a message and nothing left open.  One operation is a whole
 * transfer of total bytes, read msg bytes at a time into one buffer.
 */
typedef int ipc_connect_fn(struct bench *b, struct ipc_peer *p,
			   int child[2]);
int ipc_stream_main(int argc, char **argv, const char *prog,
		    const char *name, const char *label,
		    ipc_connect_fn *connect);

/*
 * For peers that talk through something that does not report a dead peer
 * (semaphores, file locks): catch SIGCHLD, so that a blocking wait is
 * interrupted (EINTR) and ipc_child_died() turns true when a child of this
 * process exits.  `wake`, if not NULL, is called from the signal handler
 * too (it must be async-signal-safe: sem_post, say) to end a wait that
 * EINTR would not.
 */
int ipc_watch_children(struct bench *b, void (*wake)(void *), void *arg);
/* (int ipc_child_died(void): declared above.) */
void ipc_unwatch_children(void);

/*
 * Read every word of a buffer (the "touch" of lat_ctx); the sum is
 * returned (unsigned: it wraps) so the compiler cannot drop the reads.
 */
unsigned long ipc_touch(const unsigned long *words, size_t nwords);

/*
 * len bytes of memory, zeroed, that the processes forked after this call
 * share with it (anonymous, MAP_SHARED): NULL, said, if there is none.
 * Give it back with ipc_unshare.
 */
void *ipc_shared(struct bench *b, size_t len);
void ipc_unshare(void *p, size_t len);

#endif
