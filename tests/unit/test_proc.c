/*
 * Unit tests: what a child forked by bench_fork (src/lib/proc.c) costs
 * and owns.  lat_proc times fork+exit with it, so the child must do no
 * more than a bare fork's child: it once cleared every slot of the
 * registry of temporary paths, a page each, and made 512 pages before it
 * exited (fork+exit took 1110 us; lmbench3's on one CPU, 134 to 146).
 * Counted in page faults, not in time: the count does not depend on a
 * busy machine; and against a bare fork's child, which under qemu-user
 * makes hundreds (the emulator's own).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "internal.h"
#include "proc.h"
#include "unit.h"

#define KIDS 20

/* Minor page faults of the reaped children so far. */
static long children_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
		return -1;
	return ru.ru_minflt;
}

/*
 * Fork KIDS children that exit at once, with bench_fork (bare: with
 * fork itself); their minor faults per child.
 */
static long faults_per_child(int bare)
{
	long before = children_faults();
	int i, ok = 1;

	for (i = 0; i < KIDS; i++) {
		int status = -1;
		pid_t pid = bare ? fork() : bench_fork();

		if (bare && pid > 0) {
			if (waitpid(pid, &status, 0) != pid || status != 0)
				ok = 0;
			continue;
		}

		if (pid == 0)
			_exit(0);
		if (pid < 0 || bench_reap(pid, &status) != 0 ||
		    !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			ok = 0;
	}
	if (!ok || before < 0)
		return -1;
	return (children_faults() - before) / KIDS;
}

int main(void)
{
	char path[4096];
	long bare, per, per_path;
	int fd;

	bare = faults_per_child(1);
	per = faults_per_child(0);
	printf("# minor faults per child: %ld with fork, %ld with bench_fork\n",
	       bare, per);
	/* A few more than a bare fork's child (the pages bench_fork's child
	 * writes: its own state); 64 leaves room for other libcs and page
	 * sizes, and is well under the 512 the path registry once cost. */
	CHECK("a bench_fork child that exits at once makes few more pages "
	      "than fork's", bare >= 0 && per >= 0 && per < bare + 64);

	fd = bench_tmpfile(NULL, "test_proc", path, sizeof(path));
	CHECK("a temporary file is registered", fd >= 0);
	per_path = faults_per_child(0);
	printf("# %ld with a registered path\n", per_path);
	CHECK("... and with a registered path too",
	      per_path >= 0 && per_path < bare + 64);
	CHECK("the children left the parent's file alone",
	      access(path, F_OK) == 0);
	if (fd >= 0)
		close(fd);
	CHECK("bench_remove removes it",
	      bench_remove(path) == 0 && access(path, F_OK) != 0);
	return unit_done();
}
