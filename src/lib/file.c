/*
 * file.c - helpers of the file system and virtual memory benchmarks.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* mincore */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>
#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/fs.h>)
#include <sys/ioctl.h>
#include <linux/fs.h>		/* FS_IOC_GETFLAGS, FS_TOPDIR_FL */
#endif
#endif

#include "bench.h"
#include "file.h"

/* The shape of bw_mem's full read (frd): 16-byte vectors, four sums. */
typedef uint64_t file_vec __attribute__((vector_size(16)));

uint64_t file_sum(const void *buf, size_t len)
{
	const unsigned char *c = buf;
	file_vec v0 = { 0 }, v1 = { 0 }, v2 = { 0 }, v3 = { 0 }, t;
	uint64_t s = 0, w;
	size_t i = 0;

	if ((uintptr_t)c % sizeof(file_vec) == 0) {
		const file_vec *p = buf;

		for (; i + 4 * sizeof(file_vec) <= len;
		     i += 4 * sizeof(file_vec), p += 4) {
			v0 += p[0];
			v1 += p[1];
			v2 += p[2];
			v3 += p[3];
		}
	}
	t = v0 + v1 + v2 + v3;
	s = t[0] + t[1];
	/* The rest (or a misaligned buffer) a word at a time. */
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, c + i, 8);
		s += w;
	}
	for (; i < len; i++)
		s += c[i];
	return s;
}

/*
 * A word that differs from its neighbours and is never zero: a file of
 * zeros could be stored sparsely or compressed by the file system, and
 * then nothing real would be read.  off is a multiple of 8.
 */
static uint64_t file_pattern(uint64_t off)
{
	return (off + 8) * UINT64_C(0x9e3779b97f4a7c15);
}

void file_pattern_fill(void *buf, size_t len, uint64_t off)
{
	uint64_t *p = buf;
	size_t i;

	for (i = 0; i < len / 8; i++)
		p[i] = file_pattern(off + 8 * i);
}

size_t file_page_size(void)
{
	long p = sysconf(_SC_PAGESIZE);

	return p > 0 ? (size_t)p : 4096;
}

int file_check_dir(struct bench *b, const char *dir)
{
	struct stat sb;

	if (dir == NULL)
		dir = bench_tmp_base();
	if (stat(dir, &sb) != 0)
		return bench_error(b, "directory %s: %s", dir,
				   errno == ENOENT ? "does not exist"
						   : strerror(errno));
	if (!S_ISDIR(sb.st_mode))
		return bench_error(b, "%s is not a directory", dir);
	if (access(dir, W_OK | X_OK) != 0)
		return bench_error(b, "directory %s cannot be written: %s", dir,
				   strerror(errno));
	return 0;
}

int file_free_bytes(const char *dir, uint64_t *avail)
{
	struct statvfs sv;

	if (statvfs(dir != NULL ? dir : bench_tmp_base(), &sv) != 0)
		return -1;
	*avail = (uint64_t)sv.f_bavail * (uint64_t)sv.f_frsize;
	return 0;
}

/* This machine's memory in bytes, or 0 if it cannot be told. */
static uint64_t file_phys_mem(void)
{
#if defined(_SC_PHYS_PAGES)
	long pages = sysconf(_SC_PHYS_PAGES);

	if (pages > 0)
		return (uint64_t)pages * (uint64_t)file_page_size();
#endif
	return 0;
}

void file_check_room(struct bench *b, const char *dir, uint64_t size,
		     int cached)
{
	uint64_t avail, mem = file_phys_mem();

	if (dir == NULL)
		dir = bench_tmp_base();
	if (file_free_bytes(dir, &avail) == 0 && size > avail)
		bench_usage_error(b, "a temporary file of %llu bytes does not "
				  "fit in %s: %llu bytes are free there (give "
				  "a smaller size, or another directory)",
				  (unsigned long long)size, dir,
				  (unsigned long long)avail);
	if (cached && mem > 0 && size > mem)
		bench_usage_error(b, "a file of %llu bytes cannot stay in the "
				  "page cache of this machine's %llu bytes of "
				  "memory (give a smaller size)",
				  (unsigned long long)size,
				  (unsigned long long)mem);
}

int file_sync_fs(struct bench *b, const char *dir)
{
#if defined(__linux__)
	int fd = open(dir, O_RDONLY | O_DIRECTORY), rc;

	if (fd < 0)
		return bench_error(b, "open %s: %s", dir, strerror(errno));
	rc = syncfs(fd);
	if (rc != 0)
		(void)bench_error(b, "syncfs %s: %s", dir, strerror(errno));
	close(fd);
	return rc == 0 ? 0 : -1;
#else
	(void)b;
	(void)dir;
	sync();
	return 0;
#endif
}

int file_spread_dirs(const char *dir)
{
#if defined(__linux__) && defined(FS_IOC_GETFLAGS) && defined(FS_TOPDIR_FL)
	int fd = open(dir, O_RDONLY | O_DIRECTORY), flags, rc = 0;

	if (fd < 0)
		return 0;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
		flags |= FS_TOPDIR_FL;
		rc = ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
	}
	close(fd);
	return rc;
#else
	(void)dir;
	return 0;
#endif
}

static int say_write_error(struct bench *b, const char *path, int err)
{
	if (err == ENOSPC || err == EDQUOT)
		return bench_error(b, "writing %s: %s (the file system is full)",
				   path, strerror(err));
	return bench_error(b, "writing %s: %s", path, strerror(err));
}

/*
 * Our files are written in 8 KB writes, as lmbench's lmdd writes its FILE:
 * the size of the writes decides the size of the page-cache folios (Linux
 * gives larger folios to larger writes), and with them how many pages one
 * fault maps, so lat_mmap and lat_pagefault figures would otherwise depend
 * on how the file happened to be made.
 */
#define FILL_WRITE 8192

/*
 * Write size bytes of the pattern at the start of fd (path for messages),
 * in FILL_WRITE writes; a full file system is said to be full.
 */
static int file_fill(struct bench *b, int fd, const char *path,
		     uint64_t size)
{
	char *buf;
	uint64_t off = 0;

	buf = malloc(FILL_WRITE + 8);
	if (buf == NULL)
		return bench_error(b, "out of memory");
	while (off < size) {
		/* The pattern from the word that holds off on. */
		uint64_t base = off & ~(uint64_t)7;
		size_t skip = (size_t)(off - base);
		size_t want = size - off < FILL_WRITE ? (size_t)(size - off)
						      : FILL_WRITE;
		ssize_t put;

		file_pattern_fill(buf, (skip + want + 7) / 8 * 8, base);
		put = pwrite(fd, buf + skip, want, (off_t)off);
		if (put < 0 && errno == EINTR)
			continue;
		if (put <= 0) {
			int err = put < 0 ? errno : ENOSPC;

			free(buf);
			return say_write_error(b, path, err);
		}
		off += (uint64_t)put;
	}
	free(buf);
	return 0;
}

int file_make(struct bench *b, const char *dir, const char *tag,
	      uint64_t size, char *path, size_t pathlen)
{
	int fd;

	if (file_check_dir(b, dir) != 0)
		return -1;
	fd = bench_tmpfile(dir, tag, path, pathlen);
	if (fd < 0)
		return -1;
	if (file_fill(b, fd, path, size) != 0) {
		close(fd);
		bench_remove(path);
		return -1;
	}
	if (fsync(fd) != 0) {
		bench_error(b, "fsync %s: %s", path, strerror(errno));
		close(fd);
		bench_remove(path);
		return -1;
	}
	return fd;
}

int file_open_operand(struct bench *b, const char *path, int flags,
		      uint64_t minsize, uint64_t *size)
{
	struct stat sb;
	int fd;

	fd = open(path, flags);
	if (fd < 0)
		return bench_error(b, "%s: %s (give an existing file, or no "
				   "file for a temporary one)", path,
				   strerror(errno));
	if (fstat(fd, &sb) != 0) {
		bench_error(b, "fstat %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(sb.st_mode)) {
		bench_error(b, "%s is not a regular file", path);
		close(fd);
		return -1;
	}
	if ((uint64_t)sb.st_size < minsize) {
		bench_error(b, "%s has %llu bytes, fewer than the %llu asked "
			    "for (give a larger file, or no file for a "
			    "temporary one)", path,
			    (unsigned long long)sb.st_size,
			    (unsigned long long)minsize);
		close(fd);
		return -1;
	}
	*size = (uint64_t)sb.st_size;
	proc_guard_mapped(b->spec->prog, path);
	return fd;
}

void file_check_operand(struct bench *b, const char *path, int flags,
			uint64_t minsize)
{
	struct stat sb;
	int fd;

	if (path[0] == '\0')
		bench_usage_error(b, "empty file name (leave the file out for "
				  "a temporary one)");
	if (stat(path, &sb) != 0)
		bench_usage_error(b, "%s: %s", path, strerror(errno));
	if (S_ISDIR(sb.st_mode))
		bench_usage_error(b, "%s is a directory, not a regular file",
				  path);
	/* Before open: opening a FIFO would wait for a writer. */
	if (!S_ISREG(sb.st_mode))
		bench_usage_error(b, "%s is not a regular file", path);
	if ((uint64_t)sb.st_size < minsize)
		bench_usage_error(b, "%s has %llu bytes, fewer than the %llu "
				  "needed (give a larger file, or none for a "
				  "temporary one)", path,
				  (unsigned long long)sb.st_size,
				  (unsigned long long)minsize);
	fd = open(path, flags);
	if (fd < 0)
		bench_usage_error(b, "%s: %s", path, strerror(errno));
	close(fd);
}

int file_resident(struct bench *b, int fd, uint64_t size,
		  uint64_t *resident, uint64_t *pages)
{
#if defined(__linux__) || defined(__FreeBSD__) || defined(__APPLE__)
	size_t page = file_page_size(), n, i;
	unsigned char *vec;
	void *map;

	n = (size_t)((size + page - 1) / page);
	*pages = n;
	*resident = 0;
	if (n == 0)
		return 0;
	/* A mapping that is never touched: mincore looks, it does not fault. */
	map = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return bench_error(b, "mmap for mincore: %s", strerror(errno));
	vec = malloc(n);
	if (vec == NULL) {
		munmap(map, (size_t)size);
		return bench_error(b, "out of memory");
	}
	if (mincore(map, (size_t)size, (void *)vec) != 0) {
		int err = errno;

		free(vec);
		munmap(map, (size_t)size);
		return bench_error(b, "mincore: %s", strerror(err));
	}
	for (i = 0; i < n; i++)
		*resident += vec[i] & 1;
	free(vec);
	munmap(map, (size_t)size);
	return 0;
#else
	(void)fd;
	(void)size;
	*resident = *pages = 0;
	return bench_error(b, "mincore is not available here: cannot tell "
			   "which pages are cached");
#endif
}

/*
 * Why the cache is made afresh (file.h: file_recache): how a cached file
 * is held changes its fault and mapping costs several-fold.  On a Zen 5
 * guest (Linux 6.18, ext4) a 1 GB file written in 8 KB writes (2-page
 * folios) cost 82 ms to map and touch (lat_mmap), 2.0 us a page to fault
 * (lat_pagefault); read back with readahead (large folios), 16 ms and
 * 0.09 us.  That guest's proactive reclaim (DAMON, pages idle for a
 * minute) dropped parts of the driver's file during a run and our
 * programs read them back with readahead: lat_mmap gave 49.7 and 82.6 ms
 * in two quiet runs.  Read in single pages, the file gave 76.0, 76.1 and
 * 74.6 ms, and 2.02, 1.97 and 2.00 us, three times afresh.
 */
int file_recache(struct bench *b, const char *path, uint64_t size)
{
	size_t chunk = 1 << 20;
	uint64_t off;
	char *buf;
	int fd, rc = -1;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return bench_error(b, "%s: %s", path, strerror(errno));
	buf = malloc(chunk);
	if (buf == NULL) {
		bench_error(b, "out of memory");
		goto out;
	}
	/* Dirty pages are not dropped: write them first.  Where advice is
	 * not taken, the file is read as it is. */
	(void)fdatasync(fd);
	(void)posix_fadvise(fd, 0, (off_t)size, POSIX_FADV_DONTNEED);
	(void)posix_fadvise(fd, 0, (off_t)size, POSIX_FADV_RANDOM);
	for (off = 0; off < size; off += chunk) {
		size_t want = size - off < chunk ? (size_t)(size - off) : chunk;

		if (pread(fd, buf, want, (off_t)off) < 0) {
			bench_error(b, "read %s: %s", path, strerror(errno));
			goto out;
		}
	}
	rc = 0;
out:
	free(buf);
	close(fd);
	return rc;
}

/*
 * A size in MB (10^6 bytes) as lmbench prints series x values: six
 * decimals below 1 MB, two from there on.
 */
static void file_mb_text(uint64_t bytes, char *buf, size_t len)
{
	double mb = (double)bytes / 1e6;

	snprintf(buf, len, mb < 1.0 ? "%.6f" : "%.2f", mb);
}

void file_parse_operands(struct bench *b, struct file_operand *op,
			 const char *need, uint64_t min, uint64_t max,
			 const char *note, int flags)
{
	/* Where the file operand stands: after the size and the case. */
	int at = b->spec->case_not_first ? 2 : 1;

	if (b->argc < at)
		bench_usage_error(b, "%s", need);
	if (b->argc > at + 1)
		bench_usage_error(b, "unexpected argument '%s'",
				  b->argv[at + 1]);
	if (bench_parse_size(b->argv[0], &op->size) != 0 || op->size < min ||
	    op->size > max)
		bench_usage_error(b, "bad size '%s'%s", b->argv[0], note);
	if (at == 2) {
		b->bc = bench_find_case(b, b->argv[1]);
		if (b->bc == NULL)
			bench_usage_error(b, "unknown case '%s'", b->argv[1]);
	}
	if (b->argc == at + 1) {
		if (strlen(b->argv[at]) >= sizeof(op->path))
			bench_usage_error(b, "file name too long");
		file_check_operand(b, b->argv[at], flags, op->size);
		strcpy(op->path, b->argv[at]);
	} else {
		/* The temporary file: it is meant to be in the page cache. */
		file_check_room(b, NULL, op->size, 1);
	}
}

int file_point_main(struct bench *b, struct file_operand *op,
		    int six_decimals)
{
	struct bench_result r;
	char x[32];
	int fd, rc;

	if (op->path[0] == '\0') {
		/* Made here, before -P forks its copies, which share it. */
		fd = file_make(b, NULL, b->spec->prog, op->size, op->path,
			       sizeof(op->path));
		if (fd < 0)
			return -1;
		close(fd);
	}
	/* The file's pages cached the same way every run (file_recache),
	 * once, before the copies start. */
	if (file_recache(b, op->path, op->size) != 0)
		return -1;
	/* -G (for a program whose spec says main_sweeps): the curve. */
	if (bench_sweeping(b))
		return bench_sweep(b, b->bc);
	rc = bench_measure(b, b->bc, &r);
	if (rc != 0)
		return rc;
	if (six_decimals)
		snprintf(x, sizeof(x), "%.6f", (double)op->size / 1e6);
	else
		file_mb_text(op->size, x, sizeof(x));
	bench_report_point(b, x, bench_value(&r), 2, &r);
	return 0;
}
