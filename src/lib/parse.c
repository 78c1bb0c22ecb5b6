/* parse.c - numbers and sizes from the command line. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "parse.h"

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
 * Decimal text: digits with at most one point ("64", "1.5", ".5"), the
 * only form of number we take.  strtod alone would also take "0x10",
 * "1e3", " 1", "inf" and "nan", which are not numbers anyone types for a
 * size.  *end is where the number stops (a suffix may follow).
 */
static int parse_decimal(const char *s, double *x, const char **end)
{
	size_t digits = 0, points = 0;
	const char *p;
	char *stop;

	if (s == NULL)
		return -1;
	for (p = s; isdigit((unsigned char)*p) || *p == '.'; p++) {
		if (*p == '.')
			points++;
		else
			digits++;
	}
	if (digits == 0 || points > 1)
		return -1;
	errno = 0;
	*x = strtod(s, &stop);
	if (errno != 0 || stop != p)
		return -1;
	*end = p;
	return 0;
}

int bench_parse_decimal(const char *s, double *x)
{
	const char *end;

	return parse_decimal(s, x, &end) == 0 && *end == '\0' ? 0 : -1;
}

/*
 * "4096", "64k", "8m", "1g" (binary multiples, as lmbench's sizes are);
 * an optional trailing "b" is accepted ("64kb").  A fractional count is
 * allowed with a suffix ("1.5m"), as long as the result is whole bytes.
 */
int bench_parse_size(const char *s, uint64_t *bytes)
{
	double x, mult = 1.0, r;
	const char *end;

	if (parse_decimal(s, &x, &end) != 0)
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
