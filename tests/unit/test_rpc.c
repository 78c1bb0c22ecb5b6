/*
 * test_rpc.c - the ONC RPC codec (src/lib/rpc.c): known messages, every
 * rejection path, record marking, and a mutation fuzz loop.  Every decode
 * is run on a heap copy of exactly the message's length, so that under
 * ASan (make asan) any read past the end is caught.
 *
 * Built with -DLATBW_LIBFUZZER it is a libFuzzer target instead:
 *	clang -g -fsanitize=fuzzer,address -DLATBW_LIBFUZZER -Isrc/lib \
 *	    tests/unit/test_rpc.c src/lib/rpc.c -o fuzz_rpc
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rpc.h"

/* Decode data[0..len) every way the network can feed it; check that
 * whatever comes out stays inside its buffers and is self-consistent. */
static int feed_all(const uint8_t *data, size_t len)
{
	static uint8_t out[RPC_MAX_MSG + 64], rec[256];
	uint8_t *copy = malloc(len > 0 ? len : 1);
	struct rpc_call c;
	struct rpc_reply r, r2;
	struct rpc_rm rm;
	size_t n, used, pos;
	int stop, ok = 1, rc;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, len);
	if (rpc_decode_call(copy, len, &c) == RPC_OK)
		ok &= c.args >= copy && c.args + c.argslen == copy + len;
	if (rpc_decode_reply(copy, len, &r) == RPC_OK &&
	    r.reply_stat == RPC_MSG_ACCEPTED && r.stat == RPC_SUCCESS)
		ok &= r.results >= copy && r.results + r.reslen == copy + len;
	n = rpc_serve(copy, len, out, sizeof(out), &stop);
	ok &= n <= sizeof(out) && n % 4 == 0;
	/* Any answer is a well-formed reply to the same xid. */
	if (n > 0)
		ok &= rpc_decode_reply(out, n, &r2) == RPC_OK && len >= 4 &&
		      r2.xid == ((uint32_t)copy[0] << 24 |
				 (uint32_t)copy[1] << 16 |
				 (uint32_t)copy[2] << 8 | copy[3]);
	/* As a TCP stream, into a small record buffer. */
	rpc_rm_init(&rm, rec, sizeof(rec));
	for (pos = 0; pos < len;) {
		rc = rpc_rm_feed(&rm, copy + pos, len - pos, &used);
		ok &= used <= len - pos && rm.len <= rm.cap;
		pos += used;
		if (rc == RPC_RM_TOOBIG)
			break;
		if (rc == RPC_RM_DONE)
			rpc_rm_next(&rm);
		else if (used == 0)
			break;
	}
	free(copy);
	return ok;
}

#ifdef LATBW_LIBFUZZER

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!feed_all(data, size))
		abort();
	return 0;
}

#else

#include "unit.h"

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void set32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* A call of ours: ECHO "abcde" (5 bytes, 3 of padding). */
static size_t echo_call(uint8_t *buf, size_t cap, uint32_t xid)
{
	uint8_t args[16];
	size_t alen = xdr_put_opaque(args, sizeof(args), "abcde", 5);

	return rpc_encode_call(buf, cap, xid, LATBW_RPC_PROG, LATBW_RPC_VERS,
			       LATBW_RPC_ECHO, args, alen);
}

/* Serve msg and decode the answer. */
static int serve(const uint8_t *msg, size_t len, struct rpc_reply *r,
		 uint8_t *out, size_t cap, int *stop)
{
	size_t n = rpc_serve(msg, len, out, cap, stop);

	if (n == 0)
		return -100;
	return rpc_decode_reply(out, n, r);
}

static void test_round_trip(void)
{
	uint8_t call[128], out[256];
	const uint8_t *data;
	size_t len, dlen;
	struct rpc_call c;
	struct rpc_reply r;
	int stop;

	len = echo_call(call, sizeof(call), 0x01020304);
	CHECK("an echo call is 40 + 12 bytes", len == 52);
	CHECK("xid, CALL, rpcvers 2 on the wire",
	      be32(call) == 0x01020304 && be32(call + 4) == 0 &&
	      be32(call + 8) == 2 && be32(call + 12) == LATBW_RPC_PROG);
	CHECK("the padding is zero", call[49] == 0 && call[50] == 0 &&
	      call[51] == 0);
	CHECK("the call decodes", rpc_decode_call(call, len, &c) == RPC_OK &&
	      c.xid == 0x01020304 && c.proc == LATBW_RPC_ECHO &&
	      c.argslen == 12);
	CHECK("the server accepts it",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.xid == 0x01020304 && r.reply_stat == RPC_MSG_ACCEPTED &&
	      r.stat == RPC_SUCCESS && !stop);
	CHECK("the echo comes back",
	      xdr_get_opaque(r.results, r.reslen, 64, &data, &dlen) == 0 &&
	      dlen == 5 && memcmp(data, "abcde", 5) == 0);
	CHECK("a call that does not fit is refused",
	      echo_call(call, 51, 1) == 0 && echo_call(call, 0, 1) == 0);

	len = rpc_encode_call(call, sizeof(call), 9, LATBW_RPC_PROG,
			      LATBW_RPC_VERS, LATBW_RPC_NULL, NULL, 0);
	CHECK("NULL is answered with nothing",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_SUCCESS && r.reslen == 0 && !stop);
	len = rpc_encode_call(call, sizeof(call), 9, LATBW_RPC_PROG,
			      LATBW_RPC_VERS, LATBW_RPC_STOP, NULL, 0);
	CHECK("STOP is answered and stops",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_SUCCESS && stop);
	CHECK("no room for the reply: no reply",
	      rpc_serve(call, len, out, 20, &stop) == 0 && !stop);
}

static void test_rejections(void)
{
	uint8_t call[128], out[256], big[1200];
	struct rpc_reply r;
	struct rpc_call c;
	size_t len, i;
	int stop;

	len = echo_call(call, sizeof(call), 7);
	for (i = 0; i < 8; i++)
		if (rpc_decode_call(call, i, &c) != RPC_ERR_SHORT)
			break;
	CHECK("under 8 bytes is too short", i == 8);
	for (i = 8; i < 40; i++)
		if (rpc_decode_call(call, i, &c) != RPC_ERR_MALFORMED ||
		    rpc_serve(call, i, out, sizeof(out), &stop) != 0)
			break;
	CHECK("every truncated header is malformed and unanswered", i == 40);

	set32(call + 4, RPC_REPLY);
	CHECK("a reply is not a call", rpc_decode_call(call, len, &c) ==
	      RPC_ERR_TYPE && rpc_serve(call, len, out, 256, &stop) == 0);
	set32(call + 4, RPC_CALL);

	set32(call + 8, 3);
	CHECK("rpcvers 3: denied, RPC_MISMATCH 2..2",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.reply_stat == RPC_MSG_DENIED && r.stat == RPC_MISMATCH &&
	      r.low == 2 && r.high == 2);
	set32(call + 8, 2);

	set32(call + 12, LATBW_RPC_PROG + 1);
	CHECK("another program: PROG_UNAVAIL",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.reply_stat == RPC_MSG_ACCEPTED && r.stat == RPC_PROG_UNAVAIL);
	set32(call + 12, LATBW_RPC_PROG);

	set32(call + 16, 0);
	CHECK("version 0 (rpcinfo's probe): PROG_MISMATCH 1..1",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_PROG_MISMATCH && r.low == 1 && r.high == 1);
	set32(call + 16, LATBW_RPC_VERS);

	set32(call + 20, 99);
	CHECK("an unknown procedure: PROC_UNAVAIL",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_PROC_UNAVAIL);
	set32(call + 20, LATBW_RPC_ECHO);

	set32(call + 40, 9);
	CHECK("an echo length past the data: GARBAGE_ARGS",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_GARBAGE_ARGS);
	set32(call + 40, 0xffffffffu);
	CHECK("a huge echo length: GARBAGE_ARGS",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_GARBAGE_ARGS);
	set32(call + 40, 5);
	CHECK("truncated arguments: GARBAGE_ARGS",
	      serve(call, len - 4, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_GARBAGE_ARGS);
	set32(call + len, 0);
	CHECK("bytes after the arguments: GARBAGE_ARGS",
	      serve(call, len + 4, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_GARBAGE_ARGS);

	len = rpc_encode_call(call, sizeof(call), 9, LATBW_RPC_PROG,
			      LATBW_RPC_VERS, LATBW_RPC_NULL,
			      (const uint8_t *)"xxxx", 4);
	CHECK("NULL with arguments: GARBAGE_ARGS",
	      serve(call, len, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_GARBAGE_ARGS);

	/* Credentials: AUTH_SYS is fine, over 400 bytes is not. */
	len = rpc_encode_call(call, sizeof(call), 9, LATBW_RPC_PROG,
			      LATBW_RPC_VERS, LATBW_RPC_NULL, NULL, 0);
	memcpy(big, call, 24);
	set32(big + 24, RPC_AUTH_SYS);
	set32(big + 28, 20);
	memset(big + 32, 0, 20);
	set32(big + 52, RPC_AUTH_NONE);
	set32(big + 56, 0);
	CHECK("AUTH_SYS credentials are accepted",
	      serve(big, 60, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_SUCCESS);
	set32(big + 24, 6);
	CHECK("an unknown credential flavor: AUTH_ERROR",
	      serve(big, 60, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.reply_stat == RPC_MSG_DENIED && r.stat == RPC_AUTH_ERROR &&
	      r.auth_stat == RPC_AUTH_BADCRED);
	set32(big + 24, RPC_AUTH_SYS);
	set32(big + 28, 404);
	memset(big + 32, 0, 404);
	set32(big + 436, 0);
	set32(big + 440, 0);
	CHECK("a 404-byte credential: denied, AUTH_BADCRED",
	      rpc_decode_call(big, 444, &c) == RPC_ERR_CRED &&
	      serve(big, 444, &r, out, sizeof(out), &stop) == RPC_OK &&
	      r.stat == RPC_AUTH_ERROR && r.auth_stat == RPC_AUTH_BADCRED);
	set32(big + 28, 400);
	CHECK("a 400-byte credential is the limit, and fine",
	      rpc_decode_call(big, 440, &c) == RPC_OK && c.argslen == 0);
	set32(big + 28, 0x7ffffffcu);
	CHECK("a credential length past the message: malformed",
	      rpc_decode_call(big, 444, &c) == RPC_ERR_CRED ||
	      rpc_decode_call(big, 444, &c) == RPC_ERR_MALFORMED);

	CHECK("a garbage reply is rejected",
	      rpc_decode_reply((const uint8_t *)"\0\0\0\1\0\0\0\1\0\0\0\7", 12,
			       &r) == RPC_ERR_MALFORMED);
	CHECK("a call is not a reply",
	      rpc_decode_reply(call, len, &r) == RPC_ERR_TYPE);
	CHECK("an empty reply is short", rpc_decode_reply(call, 3, &r) ==
	      RPC_ERR_SHORT);
}

static void test_record_marking(void)
{
	uint8_t stream[64], rec[16];
	struct rpc_rm rm;
	size_t used, i, total = 0;
	int rc = RPC_RM_MORE;

	/* Two fragments, "abc" + "defgh" (last), then a next record. */
	set32(stream, 3);
	memcpy(stream + 4, "abc", 3);
	set32(stream + 7, RPC_RM_LAST | 5);
	memcpy(stream + 11, "defgh", 5);
	rpc_rm_header(stream + 16, 2);
	memcpy(stream + 20, "ij", 2);
	rpc_rm_init(&rm, rec, sizeof(rec));
	CHECK("a record in two fragments",
	      rpc_rm_feed(&rm, stream, 22, &used) == RPC_RM_DONE &&
	      used == 16 && rm.len == 8 && memcmp(rec, "abcdefgh", 8) == 0);
	rpc_rm_next(&rm);
	CHECK("then the next one",
	      rpc_rm_feed(&rm, stream + 16, 6, &used) == RPC_RM_DONE &&
	      used == 6 && rm.len == 2 && memcmp(rec, "ij", 2) == 0);
	/* Byte by byte gives the same. */
	rpc_rm_init(&rm, rec, sizeof(rec));
	for (i = 0; i < 16 && rc != RPC_RM_DONE; i++) {
		rc = rpc_rm_feed(&rm, stream + i, 1, &used);
		total += used;
	}
	CHECK("fed one byte at a time", rc == RPC_RM_DONE && total == 16 &&
	      i == 16 && memcmp(rec, "abcdefgh", 8) == 0);
	rpc_rm_init(&rm, rec, sizeof(rec));
	set32(stream, RPC_RM_LAST | 17);
	CHECK("a fragment over the buffer: TOOBIG",
	      rpc_rm_feed(&rm, stream, 30, &used) == RPC_RM_TOOBIG);
	rpc_rm_init(&rm, rec, sizeof(rec));
	set32(stream, 10);
	set32(stream + 14, RPC_RM_LAST | 7);
	CHECK("fragments adding up over the buffer: TOOBIG",
	      rpc_rm_feed(&rm, stream, 30, &used) == RPC_RM_TOOBIG);
	rpc_rm_init(&rm, rec, sizeof(rec));
	set32(stream, RPC_RM_LAST | 0x7fffffffu);
	CHECK("a 2 GB fragment: TOOBIG",
	      rpc_rm_feed(&rm, stream, 4, &used) == RPC_RM_TOOBIG);
	rpc_rm_init(&rm, rec, sizeof(rec));
	set32(stream, RPC_RM_LAST);
	CHECK("an empty record is a record",
	      rpc_rm_feed(&rm, stream, 4, &used) == RPC_RM_DONE &&
	      rm.len == 0);
}

/* xorshift: a reproducible stream of random numbers. */
static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 32);
}

/* Mutate valid messages: flips, random words at field offsets, cuts,
 * extensions; and pure noise.  Nothing may crash or misreport. */
static void test_fuzz(void)
{
	uint8_t seed[5][600], buf[700];
	size_t seedlen[5], len;
	unsigned i, bad = 0, runs = 200000;
	int stop;

	seedlen[0] = echo_call(seed[0], sizeof(seed[0]), 1);
	seedlen[1] = rpc_encode_call(seed[1], sizeof(seed[1]), 2,
				     LATBW_RPC_PROG, 1, 0, NULL, 0);
	seedlen[2] = rpc_encode_call(seed[2], sizeof(seed[2]), 3,
				     LATBW_RPC_PROG, 1, 2, NULL, 0);
	/* A reply, and a call with its record mark (for the TCP path). */
	seedlen[3] = rpc_serve(seed[0], seedlen[0], seed[3], sizeof(seed[3]),
			       &stop);
	rpc_rm_header(seed[4], seedlen[0]);
	memcpy(seed[4] + 4, seed[0], seedlen[0]);
	seedlen[4] = seedlen[0] + 4;
	for (i = 0; i < runs; i++) {
		unsigned s = rnd() % 5, m, j;

		len = seedlen[s];
		memcpy(buf, seed[s], len);
		for (m = rnd() % 4 + 1; m > 0; m--) {
			switch (rnd() % 6) {
			case 0:	/* flip a bit */
				buf[rnd() % len] ^= (uint8_t)(1u << rnd() % 8);
				break;
			case 1:	/* a random or extreme word on a word */
				j = (rnd() % (len / 4)) * 4;
				set32(buf + j, rnd() % 3 == 0 ? 0xffffffffu :
					       rnd() % 2 ? rnd() : rnd() % 512);
				break;
			case 2:	/* cut */
				len = rnd() % (len + 1);
				break;
			case 3:	/* extend with noise */
				for (j = rnd() % 64; j > 0 &&
				     len < sizeof(buf); j--)
					buf[len++] = (uint8_t)rnd();
				break;
			case 4:	/* pure noise */
				len = rnd() % 200;
				for (j = 0; j < len; j++)
					buf[j] = (uint8_t)rnd();
				break;
			default: /* a byte */
				if (len > 0)
					buf[rnd() % len] = (uint8_t)rnd();
				break;
			}
			if (len < 4)
				break;
		}
		if (!feed_all(buf, len))
			bad++;
	}
	CHECK("200000 mutated messages: no crash, no inconsistency",
	      bad == 0);
}

int main(void)
{
	test_round_trip();
	test_rejections();
	test_record_marking();
	test_fuzz();
	return unit_done();
}

#endif
