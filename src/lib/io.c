/*
 * io.c - full reads and writes (see io.h): the one transfer loop of
 * src/lib, under io_readn and io_writen.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io.h"

/*
 * Move n bytes between fd and buf, in the direction `reading` says.  The
 * write buffer is only read from: the cast in io_writen* is safe.
 */
static ssize_t transfer(int reading, int fd, void *buf, size_t n,
			int (*give_up)(void))
{
	char *p = buf;
	size_t done = 0;
	ssize_t r;

	while (done < n) {
		r = reading ? read(fd, p + done, n - done)
			    : write(fd, p + done, n - done);
		if (r < 0 && errno == EINTR &&
		    (give_up == NULL || !give_up()))
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		done += (size_t)r;
	}
	return (ssize_t)done;
}

ssize_t io_readn(int fd, void *buf, size_t n)
{
	return transfer(1, fd, buf, n, NULL);
}

ssize_t io_writen(int fd, const void *buf, size_t n)
{
	return transfer(0, fd, (void *)buf, n, NULL);
}

ssize_t io_readn_unless(int fd, void *buf, size_t n, int (*give_up)(void))
{
	return transfer(1, fd, buf, n, give_up);
}

ssize_t io_writen_unless(int fd, const void *buf, size_t n,
			 int (*give_up)(void))
{
	return transfer(0, fd, (void *)buf, n, give_up);
}

void *io_buffer(size_t n, int fill)
{
	long page = sysconf(_SC_PAGESIZE);
	void *p;

	if (page <= 0)
		page = 4096;
	if (posix_memalign(&p, (size_t)page, n > 0 ? n : 1) != 0)
		return NULL;
	memset(p, fill, n);
	return p;
}
