/* unit.h - TAP-style checks for the C unit tests in tests/unit/.
 *
 *	CHECK(title, condition);
 *	return unit_done();
 */
#ifndef LATBW_UNIT_H
#define LATBW_UNIT_H

#include <math.h>
#include <stdio.h>

static int unit_count, unit_failed;

static void unit_check(int ok, const char *title, const char *file, int line)
{
	unit_count++;
	if (ok) {
		printf("ok %d - %s\n", unit_count, title);
	} else {
		unit_failed++;
		printf("not ok %d - %s\n", unit_count, title);
		fprintf(stderr, "#   failed at %s:%d\n", file, line);
	}
}

#define CHECK(title, cond) unit_check(!!(cond), (title), __FILE__, __LINE__)
/* a and b agree to within a relative tolerance */
#define CHECK_NEAR(title, a, b, rel) \
	CHECK(title, fabs((double)(a) - (double)(b)) <= \
		      (rel) * fabs((double)(b)) + 1e-12)

static int unit_done(void)
{
	return unit_failed ? 1 : 0;
}

#endif
