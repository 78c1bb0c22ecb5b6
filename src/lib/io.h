/*
 * io.h - full reads and writes: one loop moves all of a buffer through
 * read(2) or write(2), retrying short transfers and EINTR.  Layer 0 of
 * src/lib (it calls only the C library; async-signal-safe).
 *
 * Every function returns, like read and write, a count or -1:
 *	n		all n bytes moved;
 *	0 .. n-1	the other end is gone: end of file on a read (after
 *			that many bytes), or a write that moved nothing;
 *	-1		an error; errno says which (a write to a closed pipe
 *			or socket is EPIPE: the harness ignores SIGPIPE).
 * So success is `io_writen(fd, buf, n) == (ssize_t)n`.
 */
#ifndef LATBW_IO_H
#define LATBW_IO_H

#include <stddef.h>
#include <sys/types.h>

ssize_t io_readn(int fd, void *buf, size_t n);
ssize_t io_writen(int fd, const void *buf, size_t n);

/*
 * The same, except that a call interrupted by a signal is not retried
 * when give_up() returns nonzero (a peer process died, say): -1 with
 * errno EINTR then.
 */
ssize_t io_readn_unless(int fd, void *buf, size_t n, int (*give_up)(void));
ssize_t io_writen_unless(int fd, const void *buf, size_t n,
			 int (*give_up)(void));

#endif
