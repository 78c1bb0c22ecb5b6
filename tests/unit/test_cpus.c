/*
 * Unit tests: the choice of the CPU for same-CPU steps (cpus_quiet_pick)
 * and of the two for cross-CPU steps (cpus_quiet_pair_pick) on made-up
 * idle shares -- a quiet machine, a spinning process on the first CPU or
 * another, a CPU of another kind, SMT siblings -- and cpus_quiet and
 * cpus_quiet_pair on this machine.
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
		/* Cores: CPUs 0 and 1 are two threads of core 0, 2 and 3 of
		 * core 2 (SMT), or four cores. */
		const long long smt[4] = { 0, 0, 2, 2 };
		const long long four[4] = { 0, 1, 2, 3 };
		const long long onecore[2] = { 0, 0 };
		const double spin1[4] = { 1.0, 0.0, 1.0, 1.0 };
		const double spin1some2[4] = { 1.0, 0.0, 0.85, 1.0 };
		const double spin02[4] = { 0.0, 1.0, 0.0, 1.0 };
		/* (a CPU's share is its core's: core 2 busy) */
		const double spin2[4] = { 1.0, 1.0, 0.0, 0.0 };
		unsigned a = 9, b = 9;

		cpus_quiet_pair_pick(quiet, same, four, 4, &a, &b);
		CHECK("pair, a quiet machine: the driver's default 0,1",
		      a == 0 && b == 1);
		cpus_quiet_pair_pick(quiet, same, smt, 4, &a, &b);
		CHECK("pair, a quiet SMT machine: 0 and a CPU of another core",
		      a == 0 && b == 2);
		cpus_quiet_pair_pick(spin1, same, four, 4, &a, &b);
		CHECK("pair, a spinning process on CPU 1: 0 and 2",
		      a == 0 && b == 2);
		cpus_quiet_pair_pick(spin1some2, same, four, 4, &a, &b);
		CHECK("pair, CPU 1 busy, CPU 2 a little: the idlest, 3",
		      a == 0 && b == 3);
		cpus_quiet_pair_pick(spin02, same, four, 4, &a, &b);
		CHECK("pair, CPUs 0 and 2 busy: 1 and 3", a == 1 && b == 3);
		cpus_quiet_pair_pick(spin2, same, smt, 4, &a, &b);
		CHECK("pair, SMT, core 2 busy: no other core to take, 0,2",
		      a == 0 && b == 2);
		cpus_quiet_pair_pick(spin1, big, four, 4, &a, &b);
		CHECK("pair, CPU 1 busy: only a CPU of the first one's kind "
		      "replaces it", a == 0 && b == 3);
		cpus_quiet_pair_pick(all, same, onecore, 2, &a, &b);
		CHECK("pair, one core of two threads: both", a == 0 && b == 1);
		cpus_quiet_pair_pick(quiet, same, four, 1, &a, &b);
		CHECK("pair, one CPU: it twice", a == 0 && b == 0);
	}
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
	{
		int p = -1, q = -1;
		unsigned inp = 0, inq = 0;

		if (n < 2)
			CHECK("cpus_quiet_pair: nothing with one CPU",
			      cpus_quiet_pair(10, &p, &q) == -1);
		else {
			CHECK("cpus_quiet_pair: two CPUs",
			      cpus_quiet_pair(10, &p, &q) == 0);
			for (i = 0; i < n; i++) {
				inp += allowed[i] == p;
				inq += allowed[i] == q;
			}
			CHECK("cpus_quiet_pair names two CPUs this process may "
			      "run on", p != q && inp == 1 && inq == 1);
		}
	}
	return unit_done();
}
