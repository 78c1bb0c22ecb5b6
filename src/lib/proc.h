/*
 * proc.h - child processes, temporary files, signals and the time bound:
 * the registry every way out of a program cleans up.  Below the harness:
 * it calls only diag.  bench.h includes it: the bench_* functions here are
 * part of the harness API the programs use.
 */
#ifndef LATBW_PROC_H
#define LATBW_PROC_H

#include <stddef.h>
#include <sys/types.h>

/* Child processes: fork and register, so every exit path kills and reaps
 * them.  In the child the registry starts empty. */
pid_t bench_fork(void);
/* Wait for a registered child and unregister it; status as waitpid's. */
int bench_reap(pid_t pid, int *status);
/* Forget a child without waiting (it has been reaped some other way). */
void bench_forget(pid_t pid);

/*
 * In a child forked by a thread of a process whose -P copies are threads
 * (-T): close every descriptor but 0, 1, 2, keep1 and keep2, so that the
 * child holds no end of another copy's pipes or sockets (which would keep
 * that copy's peer from ever seeing end of file).
 */
void bench_close_fds_except(int keep1, int keep2);

/* Temporary files and directories, removed on every exit path.  dir NULL
 * means $TMPDIR or /tmp; names are latbw.<tag>.XXXXXX.  path receives the
 * name (at least PATH_MAX bytes).  bench_tmpfile returns an open fd; both
 * say what went wrong and return -1 on failure. */
int bench_tmpfile(const char *dir, const char *tag, char *path,
		  size_t pathlen);
int bench_tmpdir(const char *dir, const char *tag, char *path,
		 size_t pathlen);
/* Remove a registered file or (empty) directory now, and unregister it. */
int bench_remove(const char *path);
/* The directory temporary files go in by default. */
const char *bench_tmp_base(void);

/*
 * A file about to be mapped (path; prog names the program): a page of
 * the mapping past the file's end faults with SIGBUS, which a file made
 * shorter meanwhile (truncated by another process) turns every access
 * into.  From this call on, SIGBUS in this process, and in the children
 * it forks after, says "<prog>: SIGBUS: <path> became shorter while
 * mapped ...", cleans up as the time bound does, and exits with status 1:
 * an error with its reason, not a death by "Bus error" that says nothing.
 * file_open_operand (file.h) calls it for every file it opens.
 */
void proc_guard_mapped(const char *prog, const char *path);

/* For the harness (bench.c) only. */

/* Catch SIGINT, SIGTERM, SIGHUP (clean up, die of the signal) and, after
 * bound_secs (0: never), SIGALRM (clean up, say so, exit 1); ignore
 * SIGPIPE.  prog names the program in the messages. */
void proc_signals_init(const char *prog, unsigned bound_secs);
/* Kill and reap every registered child, remove every registered path. */
void proc_cleanup_all(void);
/*
 * The CPU each party of the measurement last ran on: this process first,
 * then each registered child.  Stores at most max; returns how many (0
 * where CPUs cannot be seen).
 */
unsigned proc_party_cpus(int *cpu, unsigned max);

#endif
