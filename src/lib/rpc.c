/*
 * rpc.c - ONC RPC v2 messages, XDR and record marking (see rpc.h).
 *
 * A reader never trusts a length: each is compared with what is left of
 * the buffer before anything is read, and lengths are checked against
 * their maximum before padding is added, so nothing can overflow.
 */
#include <string.h>

#include "rpc.h"

/* ---- XDR reading ------------------------------------------------------ */

struct xdr_in {
	const uint8_t *p;
	size_t len, pos;
};

static int get_u32(struct xdr_in *x, uint32_t *v)
{
	const uint8_t *q;

	if (x->len - x->pos < 4)
		return -1;
	q = x->p + x->pos;
	*v = (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 |
	     (uint32_t)q[2] << 8 | (uint32_t)q[3];
	x->pos += 4;
	return 0;
}

/* opaque<max>: 0, -1 (truncated), or -2 (longer than max). */
static int get_opaque(struct xdr_in *x, size_t max, const uint8_t **d,
		      size_t *n)
{
	uint32_t l;
	size_t padded;

	if (get_u32(x, &l) != 0)
		return -1;
	if (l > max)
		return -2;
	padded = ((size_t)l + 3) & ~(size_t)3;
	if (x->len - x->pos < padded)
		return -1;
	*d = x->p + x->pos;
	*n = l;
	x->pos += padded;
	return 0;
}

/* ---- XDR writing ------------------------------------------------------ */

struct xdr_out {
	uint8_t *p;
	size_t cap, pos;
	int err;
};

static void put_u32(struct xdr_out *x, uint32_t v)
{
	uint8_t *q;

	if (x->err || x->cap - x->pos < 4) {
		x->err = 1;
		return;
	}
	q = x->p + x->pos;
	q[0] = (uint8_t)(v >> 24);
	q[1] = (uint8_t)(v >> 16);
	q[2] = (uint8_t)(v >> 8);
	q[3] = (uint8_t)v;
	x->pos += 4;
}

static void put_bytes(struct xdr_out *x, const void *d, size_t n)
{
	if (x->err || x->cap - x->pos < n) {
		x->err = 1;
		return;
	}
	if (n > 0)
		memcpy(x->p + x->pos, d, n);
	x->pos += n;
}

static void put_opaque(struct xdr_out *x, const void *d, size_t n)
{
	static const uint8_t zero[4];

	if (n > UINT32_MAX) {
		x->err = 1;
		return;
	}
	put_u32(x, (uint32_t)n);
	put_bytes(x, d, n);
	put_bytes(x, zero, (4 - n % 4) % 4);
}

static size_t done(const struct xdr_out *x)
{
	return x->err ? 0 : x->pos;
}

size_t xdr_put_opaque(uint8_t *out, size_t cap, const void *data, size_t len)
{
	struct xdr_out x = { out, cap, 0, 0 };

	put_opaque(&x, data, len);
	return done(&x);
}

int xdr_get_opaque(const uint8_t *in, size_t len, size_t max,
		   const uint8_t **data, size_t *dlen)
{
	struct xdr_in x = { in, len, 0 };

	if (get_opaque(&x, max, data, dlen) != 0 || x.pos != len)
		return -1;
	return 0;
}

/* ---- calls -------------------------------------------------------------- */

/* The xid and message type every message begins with. */
static int get_head(struct xdr_in *x, uint32_t *xid, uint32_t want)
{
	uint32_t mtype;

	if (get_u32(x, xid) != 0 || get_u32(x, &mtype) != 0)
		return RPC_ERR_SHORT;
	return mtype == want ? RPC_OK : RPC_ERR_TYPE;
}

int rpc_decode_call(const uint8_t *msg, size_t len, struct rpc_call *c)
{
	struct xdr_in x = { msg, len, 0 };
	const uint8_t *body;
	size_t blen;
	int rc;

	memset(c, 0, sizeof(*c));
	rc = get_head(&x, &c->xid, RPC_CALL);
	if (rc != RPC_OK)
		return rc;
	if (get_u32(&x, &c->rpcvers) != 0)
		return RPC_ERR_MALFORMED;
	/* Another version's header may differ from here on. */
	if (c->rpcvers != RPC_VERSION)
		return RPC_ERR_RPCVERS;
	if (get_u32(&x, &c->prog) != 0 || get_u32(&x, &c->vers) != 0 ||
	    get_u32(&x, &c->proc) != 0 || get_u32(&x, &c->cred_flavor) != 0)
		return RPC_ERR_MALFORMED;
	rc = get_opaque(&x, RPC_MAX_AUTH_BYTES, &body, &blen);
	if (rc != 0)
		return rc == -2 ? RPC_ERR_CRED : RPC_ERR_MALFORMED;
	if (get_u32(&x, &c->verf_flavor) != 0)
		return RPC_ERR_MALFORMED;
	rc = get_opaque(&x, RPC_MAX_AUTH_BYTES, &body, &blen);
	if (rc != 0)
		return rc == -2 ? RPC_ERR_VERF : RPC_ERR_MALFORMED;
	c->args = msg + x.pos;
	c->argslen = len - x.pos;
	return RPC_OK;
}

size_t rpc_encode_call(uint8_t *out, size_t cap, uint32_t xid, uint32_t prog,
		       uint32_t vers, uint32_t proc, const uint8_t *args,
		       size_t argslen)
{
	struct xdr_out x = { out, cap, 0, 0 };

	put_u32(&x, xid);
	put_u32(&x, RPC_CALL);
	put_u32(&x, RPC_VERSION);
	put_u32(&x, prog);
	put_u32(&x, vers);
	put_u32(&x, proc);
	put_u32(&x, RPC_AUTH_NONE);	/* credential: flavor, empty body */
	put_u32(&x, 0);
	put_u32(&x, RPC_AUTH_NONE);	/* verifier */
	put_u32(&x, 0);
	put_bytes(&x, args, argslen);
	return done(&x);
}

/* ---- replies ------------------------------------------------------------ */

int rpc_decode_reply(const uint8_t *msg, size_t len, struct rpc_reply *r)
{
	struct xdr_in x = { msg, len, 0 };
	uint32_t flavor;
	const uint8_t *body;
	size_t blen;
	int rc;

	memset(r, 0, sizeof(*r));
	rc = get_head(&x, &r->xid, RPC_REPLY);
	if (rc != RPC_OK)
		return rc;
	if (get_u32(&x, &r->reply_stat) != 0)
		return RPC_ERR_MALFORMED;
	if (r->reply_stat == RPC_MSG_DENIED) {
		if (get_u32(&x, &r->stat) != 0)
			return RPC_ERR_MALFORMED;
		if (r->stat == RPC_MISMATCH)
			return get_u32(&x, &r->low) != 0 ||
			       get_u32(&x, &r->high) != 0 ?
			       RPC_ERR_MALFORMED : RPC_OK;
		if (r->stat == RPC_AUTH_ERROR)
			return get_u32(&x, &r->auth_stat) != 0 ?
			       RPC_ERR_MALFORMED : RPC_OK;
		return RPC_ERR_MALFORMED;
	}
	if (r->reply_stat != RPC_MSG_ACCEPTED)
		return RPC_ERR_MALFORMED;
	if (get_u32(&x, &flavor) != 0 ||
	    get_opaque(&x, RPC_MAX_AUTH_BYTES, &body, &blen) != 0 ||
	    get_u32(&x, &r->stat) != 0)
		return RPC_ERR_MALFORMED;
	switch (r->stat) {
	case RPC_SUCCESS:
		r->results = msg + x.pos;
		r->reslen = len - x.pos;
		return RPC_OK;
	case RPC_PROG_MISMATCH:
		return get_u32(&x, &r->low) != 0 || get_u32(&x, &r->high) != 0 ?
		       RPC_ERR_MALFORMED : RPC_OK;
	case RPC_PROG_UNAVAIL:
	case RPC_PROC_UNAVAIL:
	case RPC_GARBAGE_ARGS:
	case RPC_SYSTEM_ERR:
		return RPC_OK;
	default:
		return RPC_ERR_MALFORMED;
	}
}

/* The start of an accepted reply, verifier AUTH_NONE. */
static void accepted(struct xdr_out *x, uint32_t xid, uint32_t stat)
{
	put_u32(x, xid);
	put_u32(x, RPC_REPLY);
	put_u32(x, RPC_MSG_ACCEPTED);
	put_u32(x, RPC_AUTH_NONE);
	put_u32(x, 0);
	put_u32(x, stat);
}

static void denied(struct xdr_out *x, uint32_t xid, uint32_t stat)
{
	put_u32(x, xid);
	put_u32(x, RPC_REPLY);
	put_u32(x, RPC_MSG_DENIED);
	put_u32(x, stat);
}

size_t rpc_serve(const uint8_t *in, size_t inlen, uint8_t *out, size_t cap,
		 int *stop)
{
	struct xdr_out x = { out, cap, 0, 0 };
	struct rpc_call c;
	const uint8_t *data;
	size_t dlen;

	*stop = 0;
	switch (rpc_decode_call(in, inlen, &c)) {
	case RPC_OK:
		break;
	case RPC_ERR_RPCVERS:
		denied(&x, c.xid, RPC_MISMATCH);
		put_u32(&x, RPC_VERSION);
		put_u32(&x, RPC_VERSION);
		return done(&x);
	case RPC_ERR_CRED:
	case RPC_ERR_VERF:
		denied(&x, c.xid, RPC_AUTH_ERROR);
		put_u32(&x, RPC_AUTH_BADCRED);
		return done(&x);
	default:
		/* Nothing trustworthy to answer (RFC 5531 leaves it to us). */
		return 0;
	}
	/* We need no identity: AUTH_NONE and AUTH_SYS are both fine. */
	if ((c.cred_flavor != RPC_AUTH_NONE && c.cred_flavor != RPC_AUTH_SYS) ||
	    c.verf_flavor != RPC_AUTH_NONE) {
		denied(&x, c.xid, RPC_AUTH_ERROR);
		put_u32(&x, c.verf_flavor != RPC_AUTH_NONE ? RPC_AUTH_BADVERF
							   : RPC_AUTH_BADCRED);
		return done(&x);
	}
	if (c.prog != LATBW_RPC_PROG) {
		accepted(&x, c.xid, RPC_PROG_UNAVAIL);
		return done(&x);
	}
	if (c.vers != LATBW_RPC_VERS) {
		accepted(&x, c.xid, RPC_PROG_MISMATCH);
		put_u32(&x, LATBW_RPC_VERS);
		put_u32(&x, LATBW_RPC_VERS);
		return done(&x);
	}
	switch (c.proc) {
	case LATBW_RPC_NULL:
	case LATBW_RPC_STOP:
		if (c.argslen != 0) {
			accepted(&x, c.xid, RPC_GARBAGE_ARGS);
			return done(&x);
		}
		accepted(&x, c.xid, RPC_SUCCESS);
		if (done(&x) != 0 && c.proc == LATBW_RPC_STOP)
			*stop = 1;
		return done(&x);
	case LATBW_RPC_ECHO:
		if (xdr_get_opaque(c.args, c.argslen, LATBW_RPC_ECHO_MAX,
				   &data, &dlen) != 0) {
			accepted(&x, c.xid, RPC_GARBAGE_ARGS);
			return done(&x);
		}
		accepted(&x, c.xid, RPC_SUCCESS);
		put_opaque(&x, data, dlen);
		return done(&x);
	default:
		accepted(&x, c.xid, RPC_PROC_UNAVAIL);
		return done(&x);
	}
}

/* ---- record marking ----------------------------------------------------- */

void rpc_rm_init(struct rpc_rm *r, uint8_t *buf, size_t cap)
{
	memset(r, 0, sizeof(*r));
	r->buf = buf;
	r->cap = cap;
}

void rpc_rm_next(struct rpc_rm *r)
{
	rpc_rm_init(r, r->buf, r->cap);
}

void rpc_rm_header(uint8_t out[4], size_t len)
{
	uint32_t v = RPC_RM_LAST | (uint32_t)(len & 0x7fffffffu);

	out[0] = (uint8_t)(v >> 24);
	out[1] = (uint8_t)(v >> 16);
	out[2] = (uint8_t)(v >> 8);
	out[3] = (uint8_t)v;
}

int rpc_rm_feed(struct rpc_rm *r, const uint8_t *in, size_t n, size_t *used)
{
	size_t pos = 0, take;

	for (;;) {
		if (r->in_frag && r->frag_left == 0 && r->last) {
			*used = pos;
			return RPC_RM_DONE;
		}
		if (!r->in_frag || r->frag_left == 0) {
			uint32_t v;

			r->in_frag = 0;
			while (r->hdr_got < 4 && pos < n)
				r->hdr[r->hdr_got++] = in[pos++];
			if (r->hdr_got < 4) {
				*used = pos;
				return RPC_RM_MORE;
			}
			v = (uint32_t)r->hdr[0] << 24 |
			    (uint32_t)r->hdr[1] << 16 |
			    (uint32_t)r->hdr[2] << 8 | (uint32_t)r->hdr[3];
			r->hdr_got = 0;
			r->in_frag = 1;
			r->last = (v & RPC_RM_LAST) != 0;
			r->frag_left = v & ~RPC_RM_LAST;
			/* Check before taking anything: len <= cap always. */
			if (r->frag_left > r->cap - r->len) {
				*used = pos;
				return RPC_RM_TOOBIG;
			}
			continue;
		}
		if (pos == n) {
			*used = pos;
			return RPC_RM_MORE;
		}
		take = n - pos < r->frag_left ? n - pos : r->frag_left;
		memcpy(r->buf + r->len, in + pos, take);
		r->len += take;
		r->frag_left -= (uint32_t)take;
		pos += take;
	}
}
