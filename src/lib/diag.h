/*
 * diag.h - messages on standard error, "<prog>: <text>", one line each:
 * the bottom layer of src/lib (it calls nothing of latbw's).
 */
#ifndef LATBW_DIAG_H
#define LATBW_DIAG_H

#include <stdarg.h>
#include <stddef.h>

/* The program name that diag_error's messages start with ("latbw" until
 * set; bench_main sets it to the program's). */
void diag_set_prog(const char *prog);

/* Say "<prog>: <prefix><fmt...>" on stderr, control characters escaped. */
void diag_vsay(const char *prog, const char *prefix, const char *fmt,
	       va_list ap);

/* Say "<prog>: <fmt...>" with the name diag_set_prog gave; returns -1, for
 * `return diag_error(...)`. */
int diag_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Copy text into out (outlen bytes, always terminated) with every control
 * character written as an escape: \n, \r, \t, \xHH.
 */
void diag_escape(const char *text, char *out, size_t outlen);

#endif
