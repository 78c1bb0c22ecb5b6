/*
 * file.h - helpers shared by the file system and virtual memory benchmarks
 * (lat_fs, lat_mmap, lat_pagefault, bw_file_rd, bw_mmap_rd, bw_disk).
 *
 * Every helper that fails says why with bench_error() and returns -1, so a
 * caller can `return -1` at once.
 */
#ifndef LATBW_FILE_H
#define LATBW_FILE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "bench.h"

/*
 * The read kernel: the sum of len bytes as 64-bit words (any tail bytes
 * one by one).  Every byte is loaded, in the shape of bw_mem's full read
 * (frd): 16-byte vector loads into four independent sums, so a file read
 * and a memory read of the same size compare fairly.
 */
uint64_t file_sum(const void *buf, size_t len);

/* Fill buf (len a multiple of 8) with the pattern for file offset off. */
void file_pattern_fill(void *buf, size_t len, uint64_t off);

/*
 * dir (NULL: $TMPDIR or /tmp) exists, is a directory and can be written:
 * otherwise say which of these is wrong.
 */
int file_check_dir(struct bench *b, const char *dir);

/*
 * The bytes statvfs says we may still write in dir (NULL: the default):
 * 0, or -1 if it cannot tell (the directory is missing, say: the run
 * reports that later).
 */
int file_free_bytes(const char *dir, uint64_t *avail);

/*
 * Ask the file system to place each new directory made in dir as it
 * places a new top-level one, spread over the disk away from its
 * neighbours (Linux: the FS_TOPDIR_FL inode flag, chattr +T; ext4's
 * Orlov allocator honours it).  1 if the flag is set, 0 if this file
 * system or system has no such thing (nothing changes then).
 */
int file_spread_dirs(const char *dir);

/*
 * From a parse hook, before a temporary file of size bytes is made in dir
 * (NULL: the default): it must fit in the space free there and, if
 * cached (the file is meant to stay in the page cache), in this machine's
 * memory.  Otherwise a usage error (exit status 2) with the numbers: a
 * size mistyped by a few digits would otherwise write until the file
 * system is full.
 */
void file_check_room(struct bench *b, const char *dir, uint64_t size,
		     int cached);

/*
 * Write back what the file system holding dir has not yet written (data,
 * inodes, directories): syncfs(2) where there is one (Linux), else
 * sync(2).  For the state a sample starts from; never timed.
 */
int file_sync_fs(struct bench *b, const char *dir);

/*
 * A temporary file of latbw's own in dir (NULL: the default), of size
 * pattern bytes, written and fsync'ed, registered for removal.  Returns an
 * open O_RDWR descriptor; path receives the name.
 */
int file_make(struct bench *b, const char *dir, const char *tag,
	      uint64_t size, char *path, size_t pathlen);

/*
 * The file operand: a regular file of at least minsize bytes, opened with
 * flags.  Returns the descriptor; *size receives its length.  A missing
 * or short file is an error naming what to do about it.  One that becomes
 * short later, while mapped, is said when its mapping faults (SIGBUS:
 * proc_guard_mapped in proc.h), with exit status 1.
 */
int file_open_operand(struct bench *b, const char *path, int flags,
		      uint64_t minsize, uint64_t *size);

/*
 * A file operand, checked from a parse hook, before anything is made or
 * measured: a name that is not empty, of an existing regular file that
 * can be opened with flags (O_RDONLY or O_RDWR), of at least minsize
 * bytes.  Anything else is a usage error (exit status 2) naming the file
 * and what is wrong with it.  (A short file would fault with SIGBUS when
 * mapped; a directory or a device cannot be read as a file's bytes.)
 */
void file_check_operand(struct bench *b, const char *path, int flags,
			uint64_t minsize);

/*
 * How many of the pages of the first size bytes of fd are in the page
 * cache (mincore of a mapping that is not touched).  0 or -1 (with a
 * message; also when mincore is not available here).
 */
int file_resident(struct bench *b, int fd, uint64_t size,
		  uint64_t *resident, uint64_t *pages);

/*
 * Put the first size bytes of path in the page cache the same way every
 * time: written back (fdatasync), dropped (POSIX_FADV_DONTNEED), then
 * read in 1 MB reads with readahead off (POSIX_FADV_RANDOM), so that the
 * cache holds them in single pages, whatever made or read the file
 * before.  0 or -1 (with a message).  Called once, before any copy
 * starts: dropping a file other copies use would measure the disk.
 */
int file_recache(struct bench *b, const char *path, uint64_t size);

/*
 * The operands and main flow of the programs that read or map one file
 * (bw_file_rd, bw_mmap_rd, lat_mmap): `size case [file]`, or `size [file]`
 * for a program of one case.
 */
struct file_operand {
	char path[PATH_MAX];	/* the file ("": a temporary one is made) */
	uint64_t size;		/* bytes per operation */
};

/*
 * The parse hook's work: with spec->case_not_first the second operand
 * names the case (b->bc is set), otherwise there is none.  Fewer operands
 * than that are the usage error `need`; a size outside [min, max] is
 * "bad size '<text>'" followed by `note`.  A file operand is checked with
 * file_check_operand (opened with flags, at least the size); without one,
 * the temporary file's size with file_check_room.
 */
void file_parse_operands(struct bench *b, struct file_operand *op,
			 const char *need, uint64_t min, uint64_t max,
			 const char *note, int flags);

/*
 * The main hook's work: without a file operand, make a temporary file of
 * op->size bytes (named after the program), here, before -P forks copies
 * that share it; measure the case; report the point "<MB> <value>", the
 * MB with six decimals if six_decimals, otherwise as file_mb_text.
 */
int file_point_main(struct bench *b, struct file_operand *op,
		    int six_decimals);

/* The page size. */
size_t file_page_size(void);

#endif
