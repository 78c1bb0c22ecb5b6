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

#include "cpus.h"

static int usage(const char *why, const char *what)
{
	fprintf(stderr, "latbw-quiet: %s '%s'\n"
		"usage: latbw-quiet [-p] [MILLISECONDS]\n", why, what);
	return 2;
}

int main(int argc, char **argv)
{
	unsigned long ms = 50;
	int pair = 0, a, b, i = 1;
	char *end;

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
