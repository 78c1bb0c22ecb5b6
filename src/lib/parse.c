/* parse.c - numbers and sizes from the command line. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "bench.h"

int bench_parse_uint(const char *s, uint64_t *v)
{
	unsigned long long x;
	char *end;

	if (s == NULL || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*v = x;
	return 0;
}

/*
 * "4096", "64k", "8m", "1g" (binary multiples, as lmbench's sizes are);
 * an optional trailing "b" is accepted ("64kb").  A fractional count is
 * allowed with a suffix ("1.5m"), as long as the result is whole bytes.
 */
int bench_parse_size(const char *s, uint64_t *bytes)
{
	double x, mult = 1.0, r;
	char *end;

	if (s == NULL || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
		return -1;
	errno = 0;
	x = strtod(s, &end);
	if (errno != 0 || end == s)
		return -1;
	switch (tolower((unsigned char)*end)) {
	case 'k':
		mult = 1024.0;
		end++;
		break;
	case 'm':
		mult = 1024.0 * 1024.0;
		end++;
		break;
	case 'g':
		mult = 1024.0 * 1024.0 * 1024.0;
		end++;
		break;
	default:
		break;
	}
	if (tolower((unsigned char)*end) == 'b')
		end++;
	if (*end != '\0')
		return -1;
	r = x * mult;
	if (!(r >= 0.0) || r > 9.0e18 || r != (double)(uint64_t)r)
		return -1;
	*bytes = (uint64_t)r;
	return 0;
}
