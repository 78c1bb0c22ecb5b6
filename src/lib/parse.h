/*
 * parse.h - numbers and sizes from the command line (parse.c): layer 0
 * of src/lib, the C library only.  bench.h includes it: these are part of
 * the harness API the programs use for their operands.
 */
#ifndef LATBW_PARSE_H
#define LATBW_PARSE_H

#include <stdint.h>

/* 0 on success, -1 on bad text. */
int bench_parse_size(const char *s, uint64_t *bytes);
int bench_parse_uint(const char *s, uint64_t *v);
/* Digits with at most one point ("1.5"): no sign, exponent or hex. */
int bench_parse_decimal(const char *s, double *x);

#endif
