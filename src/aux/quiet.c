/*
 * latbw-quiet - the CPUs for the driver's pinned steps: watches the CPUs
 * it may run on for a moment (50 ms, or the milliseconds given) and
 * prints the number of the one to use for a same-CPU step (cpus_quiet in
 * src/lib/cpus.h: the first, unless another of its kind was clearly
 * quieter), or with -p the two to use for a cross-CPU step, as "A,B"
 * (cpus_quiet_pair: two CPUs allowed are taken as they are, unwatched).
 * The driver pins every party of the step, and the server a step talks
 * to, there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cpus.h"
#include "diag.h"

#define USAGE "usage: latbw-quiet [-p] [MILLISECONDS]\n"
#define HELP USAGE \
	"The CPU a same-CPU step of latbw-run runs on (the first it\n" \
	"may use, unless another was clearly quieter), or with -p the\n" \
	"two of a cross-CPU step (\"A,B\"), from watching them for\n" \
	"MILLISECONDS (1 to 10000; default 50).\n" \
	"  -h, --help this help\n" \
	"  --version  the version of latbw\n"

/* A one-line error, WHAT quoted with its control characters escaped (as
 * the programs' messages are: a newline or a terminal escape in an
 * argument must not become one), and the usage line; exit status 2. */
static int usage(const char *why, const char *what)
{
	char safe[256];

	diag_escape(what, safe, sizeof(safe));
	fprintf(stderr, "latbw-quiet: %s '%s'\n" USAGE, why, safe);
	return 2;
}

int main(int argc, char **argv)
{
	unsigned long ms = 50;
	int pair = 0, a, b, i = 1;
	char *end;

	for (i = 1; i < argc; i++)
		if ((a = bench_help_version("latbw-quiet", HELP, argv[i])) >= 0)
			return a;
	i = 1;
	if (i < argc && strcmp(argv[i], "-p") == 0) {
		pair = 1;
		i++;
	}
	if (argc - i > 1)
		return usage("unexpected argument", argv[argc - 1]);
	if (i < argc) {
		if (argv[i][0] < '0' || argv[i][0] > '9')
			return usage("unexpected argument", argv[i]);
		ms = strtoul(argv[i], &end, 10);
		if (*end != '\0' || ms < 1 || ms > 10000)
			return usage("MILLISECONDS is a whole number from 1 to "
				     "10000, not", argv[i]);
	}
	if (!pair)
		printf("%d\n", cpus_quiet((unsigned)ms));
	else if (cpus_quiet_pair((unsigned)ms, &a, &b) == 0)
		printf("%d,%d\n", a, b);
	else {
		fprintf(stderr, "latbw-quiet: fewer than two CPUs to run on\n");
		return 1;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
