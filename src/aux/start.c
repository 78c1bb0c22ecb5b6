/*
 * latbw-start - how the driver starts each program and server: in a
 * session of its own (-s), whose autogroup gets the nice value G (-g G),
 * at the nice increment N (-n N), and then it becomes the program.
 *
 *	latbw-start [-s] [-g G] [-n N] program [argument...]
 *
 * One exec in place of setsid(1), sh (to write the autogroup) and
 * nice(1) in turn: on a guest whose exec costs 9 ms, that took 30 of the
 * 50 ms a short step of a quick run lasted.  It does what they did:
 * setsid(2), forking first if this process leads its process group
 * (setsid -w: it then waits, and exits as the program did); the
 * autogroup's value is written as best it can be (the driver checked it
 * before; a kernel without autogroups has no file); a nice value not
 * allowed is said, and the program runs anyway, as under nice(1).
 * Exit status: the program's; 125 if this could not start it (126 found
 * but not run, 127 not found); 2 for bad arguments.
 */
#define _XOPEN_SOURCE 700	/* nice(2): XSI */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "diag.h"

#define USAGE "usage: latbw-start [-s] [-g nice] [-n increment] " \
	"program [argument...]\n"
#define HELP USAGE \
	"Starts program as latbw-run starts each one: -s in a session\n" \
	"of its own, -g with its autogroup at the nice value nice, -n\n" \
	"at the nice increment (each -40 to 40); then it becomes the\n" \
	"program.  Options end at the program's name (or at --).\n" \
	"  -h, --help this help\n" \
	"  --version  the version of latbw\n"

/* A one-line error (WHY, then WHAT quoted, if any, its control characters
 * escaped as the programs' messages are) and the usage line. */
static int usage(const char *why, const char *what)
{
	char safe[256];

	if (what != NULL) {
		diag_escape(what, safe, sizeof(safe));
		fprintf(stderr, "latbw-start: %s '%s'\n", why, safe);
	} else {
		fprintf(stderr, "latbw-start: %s\n", why);
	}
	fprintf(stderr, USAGE);
	return 2;
}

/* A whole number from -40 to 40 in *v, or -1. */
static int nice_arg(const char *s, int *v)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || n < -40 || n > 40)
		return -1;
	*v = (int)n;
	return 0;
}

/* A session of its own: setsid(2), after a fork if this process leads
 * its group (the parent waits and exits as the child did). */
static int own_session(void)
{
	pid_t pid;
	int status;

	if (setsid() >= 0)
		return 0;
	if (errno != EPERM) {
		fprintf(stderr, "latbw-start: setsid: %s\n", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "latbw-start: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		if (setsid() >= 0)
			return 0;
		fprintf(stderr, "latbw-start: setsid: %s\n", strerror(errno));
		_exit(125);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			exit(125);
	if (WIFSIGNALED(status))
		exit(128 + WTERMSIG(status));
	exit(WEXITSTATUS(status));
}

static void set_autogroup(int g)
{
	FILE *f = fopen("/proc/self/autogroup", "w");

	if (f == NULL)
		return;
	fprintf(f, "%d\n", g);
	fclose(f);
}

int main(int argc, char **argv)
{
	int session = 0, group = 0, has_group = 0, inc = 0, i = 1, rc;

	while (i < argc && argv[i][0] == '-') {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		rc = bench_help_version("latbw-start", HELP, argv[i]);
		if (rc >= 0)
			return rc;
		if (strcmp(argv[i], "-s") == 0) {
			session = 1;
			i++;
		} else if (strcmp(argv[i], "-g") == 0 ||
			   strcmp(argv[i], "-n") == 0) {
			int *v = argv[i][1] == 'g' ? &group : &inc;

			if (i + 1 >= argc)
				return usage("a value is missing after",
					     argv[i]);
			if (nice_arg(argv[i + 1], v) != 0)
				return usage("not a nice value from -40 to 40:",
					     argv[i + 1]);
			if (argv[i][1] == 'g')
				has_group = 1;
			i += 2;
		} else {
			return usage("unknown option", argv[i]);
		}
	}
	if (i >= argc)
		return usage("no program to start", NULL);
	if (session && own_session() != 0)
		return 125;
	if (has_group)
		set_autogroup(group);
	if (inc != 0) {
		errno = 0;
		if (nice(inc) == -1 && errno != 0)
			fprintf(stderr, "latbw-start: nice %d: %s\n", inc,
				strerror(errno));
	}
	execvp(argv[i], argv + i);
	fprintf(stderr, "latbw-start: %s: %s\n", argv[i], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
