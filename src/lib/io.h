/*
 * io.h - full reads and writes: one loop moves all of a buffer through
 * read(2) or write(2), retrying short transfers and EINTR.  Layer 0 of
 * src/lib (it calls only the C library; async-signal-safe, but for
 * io_buffer).
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

/*
 * A buffer of n bytes for read(2) and write(2) to move, starting on a page
 * and touched (every byte set to fill, so no page fault lands in a timed
 * transfer); free(3) frees it; NULL when out of memory.  A buffer from
 * malloc starts wherever what was allocated before left off: bw_tcp's
 * 128 KB one moved 16 bytes past a page once the harness had read
 * /proc/stat (with -C), and the kernel's copy into it (rep movsb on
 * AMD Zen 3) slowed 1.6x.  Page-aligned, the copy is the same however
 * the program was started.
 */
void *io_buffer(size_t n, int fill);

#endif
