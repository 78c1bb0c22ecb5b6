/*
 * ops.c - arithmetic kernels for lat_ops and par_ops (see ops.h).
 *
 * The operands are chosen so that every chain stays in range forever and
 * never traps, with values of realistic width (dividers are faster on
 * small quotients on some processors):
 *
 *	bit	x ^= y
 *	add	x += y
 *	mul	x *= y			y odd, so x never becomes 0
 *	div	x = y / x		y = A * B, so x alternates A, B
 *					(quotients of 16 bits for int,
 *					31 bits for int64)
 *	mod	x = x % y		y > x: a real division whose
 *					remainder is x, so x stays put
 *	fadd	x += y			y = 2^-10; x stops growing once
 *					y is below half its ulp
 *	fmul	x *= y, with y = -1.25 and then -0.8: bounded, never exact 1
 *	fdiv	x = y / x		y = 2, x alternates near sqrt(2)
 *
 * Integer bit/add/mul use unsigned types (wrapping is defined, and the
 * instructions are the same as for signed ones); div and mod use signed
 * types, as C's int and int64_t division is what lmbench times.
 */
#include <string.h>

#include "ops.h"

const unsigned ops_widths[OPS_NWIDTHS] = { 1, 2, 4, 6, 8, 12 };

#define REP4(X) X X X X
#define REP8(X) REP4(X) REP4(X)
#define REP12(X) REP8(X) REP4(X)
#define REP16(X) REP8(X) REP8(X)
#define REP24(X) REP16(X) REP8(X)
#define REP48(X) REP24(X) REP24(X)
#define REP96(X) REP48(X) REP48(X)

/* Chains per kernel, and repetitions that make OPS_PER_ITER ops. */
#define REPS_1 REP96
#define REPS_2 REP48
#define REPS_4 REP24
#define REPS_6 REP16
#define REPS_8 REP12
#define REPS_12 REP8

#define DECL_1(T, I) T x0 = (I);
#define DECL_2(T, I) DECL_1(T, I) T x1 = (I);
#define DECL_4(T, I) DECL_2(T, I) T x2 = (I); T x3 = (I);
#define DECL_6(T, I) DECL_4(T, I) T x4 = (I); T x5 = (I);
#define DECL_8(T, I) DECL_6(T, I) T x6 = (I); T x7 = (I);
#define DECL_12(T, I) DECL_8(T, I) T x8 = (I); T x9 = (I); T x10 = (I); \
	T x11 = (I);

#define ALL_1(S) S(x0)
#define ALL_2(S) ALL_1(S) S(x1)
#define ALL_4(S) ALL_2(S) S(x2) S(x3)
#define ALL_6(S) ALL_4(S) S(x4) S(x5)
#define ALL_8(S) ALL_6(S) S(x6) S(x7)
#define ALL_12(S) ALL_8(S) S(x8) S(x9) S(x10) S(x11)

/*
 * One kernel: W chains of type T starting at INIT, operand(s) y (and z)
 * hidden from the compiler, STEP applied to every chain, OPS_PER_ITER
 * operations per iteration.  The final KEEP of every chain makes all of
 * the work live.
 */
#define KERNEL(fn, T, KEEP, INIT, Y, Z, STEP, W) \
static int fn(struct bench *b, uint64_t n) \
{ \
	T y = (Y), z = (Z); \
	DECL_##W(T, INIT) \
	(void)b; \
	KEEP(y); \
	KEEP(z); \
	ALL_##W(KEEP) \
	while (n-- > 0) { \
		REPS_##W(ALL_##W(STEP)) \
	} \
	ALL_##W(KEEP) \
	return 0; \
}

#define KERNELS(name, T, KEEP, INIT, Y, Z, STEP) \
	KERNEL(name##_1, T, KEEP, INIT, Y, Z, STEP, 1) \
	KERNEL(name##_2, T, KEEP, INIT, Y, Z, STEP, 2) \
	KERNEL(name##_4, T, KEEP, INIT, Y, Z, STEP, 4) \
	KERNEL(name##_6, T, KEEP, INIT, Y, Z, STEP, 6) \
	KERNEL(name##_8, T, KEEP, INIT, Y, Z, STEP, 8) \
	KERNEL(name##_12, T, KEEP, INIT, Y, Z, STEP, 12)

#define KEEP_I(v) BENCH_KEEP(v);
#define KEEP_F(v) BENCH_KEEP_FP(v);

#define BIT(v) v ^= y; BENCH_KEEP(v);
#define ADD(v) v += y; BENCH_KEEP(v);
#define MUL(v) v *= y; BENCH_KEEP(v);
#define DIV(v) v = y / v; BENCH_KEEP(v);
#define MOD(v) v = v % y; BENCH_KEEP(v);
#define FADD(v) v += y; BENCH_KEEP_FP(v);
/* Two multiplies per step, by y and by z: per_iter counts both. */
#define FMUL(v) v *= y; BENCH_KEEP_FP(v); v *= z; BENCH_KEEP_FP(v);
#define FDIV(v) v = y / v; BENCH_KEEP_FP(v);

#define I32_A 40009
#define I32_B 53653		/* A * B = 2146602877 < 2^31 */
#define I64_A INT64_C(2000000011)
#define I64_B INT64_C(4000000007)	/* A * B < 2^63 */

KERNELS(int_bit, unsigned, KEEP_I, 0x12345678u, 0x5a5a5a5au, 0, BIT)
KERNELS(int_add, unsigned, KEEP_I, 1u, 0x9e3779b9u, 0, ADD)
KERNELS(int_mul, unsigned, KEEP_I, 1u, 0x9e3779b9u, 0, MUL)
KERNELS(int_div, int, KEEP_I, I32_A, I32_A * I32_B, 0, DIV)
KERNELS(int_mod, int, KEEP_I, 123456789, (1 << 30) + 12345, 0, MOD)
KERNELS(i64_bit, uint64_t, KEEP_I, UINT64_C(0x123456789abcdef),
	UINT64_C(0x5a5a5a5a5a5a5a5a), 0, BIT)
KERNELS(i64_add, uint64_t, KEEP_I, 1, UINT64_C(0x9e3779b97f4a7c15), 0, ADD)
KERNELS(i64_mul, uint64_t, KEEP_I, 1, UINT64_C(0x9e3779b97f4a7c15), 0, MUL)
KERNELS(i64_div, int64_t, KEEP_I, I64_A, I64_A * I64_B, 0, DIV)
KERNELS(i64_mod, int64_t, KEEP_I, INT64_C(1234567890123456789),
	INT64_C(0x7000000000000000), 0, MOD)
KERNELS(flt_add, float, KEEP_F, 1.0f, 1.0f / 1024, 0, FADD)
KERNELS(flt_mul, float, KEEP_F, 1.2345678f, -1.25f, -0.8f, FMUL)
KERNELS(flt_div, float, KEEP_F, 1.4142135f, 2.0f, 0, FDIV)
KERNELS(dbl_add, double, KEEP_F, 1.0, 1.0 / 1024, 0, FADD)
KERNELS(dbl_mul, double, KEEP_F, 1.2345678901234, -1.25, -0.8, FMUL)
KERNELS(dbl_div, double, KEEP_F, 1.4142135623731, 2.0, 0, FDIV)

#define KIND_N(nm, lab, k, per) \
	{ nm, lab, per, { k##_1, k##_2, k##_4, k##_6, k##_8, k##_12 } }
#define KIND(nm, lab, k) KIND_N(nm, lab, k, OPS_PER_ITER)

const struct ops_kind ops_kinds[] = {
	KIND("integer-bit", "integer bit", int_bit),
	KIND("integer-add", "integer add", int_add),
	KIND("integer-mul", "integer mul", int_mul),
	KIND("integer-div", "integer div", int_div),
	KIND("integer-mod", "integer mod", int_mod),
	KIND("int64-bit", "int64 bit", i64_bit),
	KIND("int64-add", "int64 add", i64_add),
	KIND("int64-mul", "int64 mul", i64_mul),
	KIND("int64-div", "int64 div", i64_div),
	KIND("int64-mod", "int64 mod", i64_mod),
	KIND("float-add", "float add", flt_add),
	KIND_N("float-mul", "float mul", flt_mul, 2 * OPS_PER_ITER),
	KIND("float-div", "float div", flt_div),
	KIND("double-add", "double add", dbl_add),
	KIND_N("double-mul", "double mul", dbl_mul, 2 * OPS_PER_ITER),
	KIND("double-div", "double div", dbl_div),
};

const size_t ops_nkinds = sizeof(ops_kinds) / sizeof(ops_kinds[0]);

/*
 * The elements start at different values and are set afresh on every
 * call (a few hundred stores, nothing next to the thousands of passes a
 * sample makes), so no element can drift into a denormal, an infinity
 * or a NaN over a long run.  The barrier on each loaded value keeps
 * the compiler from vectorising: lmbench's figure is for scalar code.
 */
#define BOGO(fn, T, ONE, ONE_HALF) \
int fn(struct bench *b, uint64_t n) \
{ \
	T x[OPS_BOGO_LEN]; \
	int i; \
	(void)b; \
	for (i = 0; i < OPS_BOGO_LEN; i++) \
		x[i] = (T)3.14159265 + (T)i / (T)4096; \
	while (n-- > 0) { \
		for (i = 0; i < OPS_BOGO_LEN; i++) { \
			T v = x[i]; \
			BENCH_KEEP_FP(v); \
			x[i] = (ONE + v) * (ONE_HALF - v) / v; \
		} \
	} \
	for (i = 0; i < OPS_BOGO_LEN; i++) \
		BENCH_KEEP_FP(x[i]); \
	return 0; \
}

BOGO(ops_bogo_float, float, 1.0f, 1.5f)
BOGO(ops_bogo_double, double, 1.0, 1.5)

int ops_setup(struct bench *b)
{
	size_t k;

	for (k = 0; k < ops_nkinds; k++)
		if (strcmp(ops_kinds[k].name, b->bc->name) == 0) {
			b->ops_per_iter = ops_kinds[k].per_iter;
			return 0;
		}
	return bench_error(b, "%s: not an operation kind", b->bc->name);
}

int ops_bogo_setup(struct bench *b)
{
	b->ops_per_iter = OPS_BOGO_LEN;
	return 0;
}

/* Does operand `arg` name `name`, or the type before its '-'? */
static int names(const char *arg, const char *name)
{
	return strcmp(arg, name) == 0 ||
	       (strlen(arg) == strcspn(name, "-") &&
		strncmp(arg, name, strlen(arg)) == 0);
}

void ops_check_operands(struct bench *b, const struct bench_case *extra,
			size_t nextra)
{
	size_t k;
	int i, known;

	for (i = 0; i < b->argc; i++) {
		known = 0;
		for (k = 0; k < ops_nkinds && !known; k++)
			known = names(b->argv[i], ops_kinds[k].name);
		for (k = 0; k < nextra && !known; k++)
			known = strcmp(b->argv[i], extra[k].name) == 0;
		if (!known)
			bench_usage_error(b, "unknown operation '%s'",
					  b->argv[i]);
	}
}

int ops_selected(const struct bench *b, const char *name)
{
	int i;

	if (b->argc == 0)
		return 1;
	for (i = 0; i < b->argc; i++)
		if (names(b->argv[i], name))
			return 1;
	return 0;
}
