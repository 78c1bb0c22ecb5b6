/*
 * Unit tests: the choice of the CPU for same-CPU steps (cpus_quiet_pick)
 * on made-up idle shares -- a quiet machine, a spinning process on the
 * first CPU, a CPU of another kind -- and cpus_quiet on this machine.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cpus.h"
#include "unit.h"

/* /proc/stat as Linux writes it: the machine's line first, CPU 2 offline. */
static const char stat_text[] =
	"cpu  1000 10 500 90000 300 0 40 7 0 0\n"
	"cpu0 400 5 200 45000 100 0 20 3 0 0\n"
	"cpu1 600 5 300 45000 200 0 20 4 0 0\n"
	"cpu3 9 0 1 8 2 0 0 0 0 0\n"
	"intr 12345 0 0\n"
	"ctxt 999\n";

int main(void)
{
	const double quiet[4] = { 0.98, 1.0, 1.0, 0.99 };
	const double spin0[4] = { 0.0, 1.0, 0.2, 1.0 };
	const double some0[4] = { 0.8, 1.0, 1.0, 1.0 };
	const double all[2] = { 0.0, 0.1 };
	const long long same[4] = { 5, 5, 5, 5 };
	const long long big[4] = { 5, 9, 9, 5 };
	int allowed[1024];
	unsigned n, i, in = 0;
	int c;

	CHECK("a quiet machine keeps the first CPU",
	      cpus_quiet_pick(quiet, same, 4) == 0);
	CHECK("a spinning process on the first CPU moves the step to the "
	      "first of the idlest others", cpus_quiet_pick(spin0, same, 4) == 1);
	CHECK("a CPU a fifth busy is not worth leaving",
	      cpus_quiet_pick(some0, same, 4) == 0);
	CHECK("every CPU busy: the first", cpus_quiet_pick(all, same, 2) == 0);
	CHECK("only a CPU of the first one's kind is chosen",
	      cpus_quiet_pick(spin0, big, 4) == 3);
	CHECK("one CPU: that one", cpus_quiet_pick(spin0, same, 1) == 0);
	{
		struct cpus_times *t;
		FILE *f = tmpfile();

		CHECK("a scratch file for /proc/stat",
		      f != NULL && fputs(stat_text, f) >= 0);
		if (f != NULL) {
			rewind(f);
			t = cpus_times_read(f);
			CHECK("/proc/stat: every CPU's line is read, not the "
			      "machine's", t != NULL && t->n == 3 &&
			      t->cpu[0] == 0 && t->cpu[1] == 1 &&
			      t->cpu[2] == 3 &&
			      t->busy[0] == 628 && t->idle[0] == 45100 &&
			      t->busy[1] == 929 && t->idle[1] == 45200 &&
			      t->busy[2] == 10 && t->idle[2] == 10);
			free(t);
			fclose(f);
		}
		f = tmpfile();
		if (f != NULL) {
			fputs("cpu  1 2 3 4\nintr 5\n", f);
			rewind(f);
			CHECK("/proc/stat without a CPU's line: nothing",
			      cpus_times_read(f) == NULL);
			fclose(f);
		}
	}
	c = cpus_quiet(10);
	n = cpus_allowed(allowed, 1024);
	for (i = 0; i < n; i++)
		in += allowed[i] == c;
	CHECK("cpus_quiet names a CPU this process may run on",
	      n == 0 ? c == 0 : in == 1);
	return unit_done();
}
