/*
 * latbw-quiet - the CPU for the driver's same-CPU steps: watches the CPUs
 * it may run on for a moment (50 ms, or the milliseconds given) and
 * prints the number of the one to use (cpus_quiet in src/lib/cpus.h: the
 * first, unless another of its kind was clearly quieter).  The driver
 * pins every party of a same-CPU step, and the server a step talks to,
 * there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cpus.h"

int main(int argc, char **argv)
{
	unsigned long ms = 50;
	char *end;

	if (argc > 2 || (argc == 2 && (argv[1][0] < '0' || argv[1][0] > '9'))) {
		fprintf(stderr, "latbw-quiet: unexpected argument '%s'\n"
			"usage: latbw-quiet [MILLISECONDS]\n", argv[argc - 1]);
		return 2;
	}
	if (argc == 2) {
		ms = strtoul(argv[1], &end, 10);
		if (*end != '\0' || ms < 1 || ms > 10000) {
			fprintf(stderr, "latbw-quiet: MILLISECONDS is a whole "
				"number from 1 to 10000, not '%s'\n"
				"usage: latbw-quiet [MILLISECONDS]\n", argv[1]);
			return 2;
		}
	}
	printf("%d\n", cpus_quiet((unsigned)ms));
	return fflush(stdout) == 0 ? 0 : 1;
}
