/*
 * rpc.h - ONC RPC version 2 (RFC 5531) messages in XDR (RFC 4506), and
 * TCP record marking, as pure functions on byte buffers: no sockets, no
 * allocation, no globals.  Everything that decodes is fed by the network,
 * so it checks every length against the bytes it was given and rejects
 * short, oversized and malformed input with an error code.
 *
 * lat_rpc's program (LATBW_RPC_PROG, version 1) has three procedures:
 *	0 NULL	 void -> void (what `rpcinfo -n port -u|-t host prog vers` calls)
 *	1 ECHO	 opaque<LATBW_RPC_ECHO_MAX> -> the same opaque
 *	2 STOP	 void -> void, and the server exits (lat_rpc -S)
 */
#ifndef LATBW_RPC_H
#define LATBW_RPC_H

#include <stddef.h>
#include <stdint.h>

#define RPC_VERSION	2
#define RPC_CALL	0
#define RPC_REPLY	1
#define RPC_MSG_ACCEPTED 0
#define RPC_MSG_DENIED	1
/* accept_stat */
#define RPC_SUCCESS	  0
#define RPC_PROG_UNAVAIL  1
#define RPC_PROG_MISMATCH 2
#define RPC_PROC_UNAVAIL  3
#define RPC_GARBAGE_ARGS  4
#define RPC_SYSTEM_ERR	  5
/* reject_stat */
#define RPC_MISMATCH	0
#define RPC_AUTH_ERROR	1
/* auth_stat */
#define RPC_AUTH_BADCRED 1
#define RPC_AUTH_BADVERF 3
/* auth flavors */
#define RPC_AUTH_NONE	0
#define RPC_AUTH_SYS	1
#define RPC_MAX_AUTH_BYTES 400	/* RFC 5531: opaque body<400> */

/* A program number from the range RFC 5531 leaves to users. */
#define LATBW_RPC_PROG	0x204C4257u	/* 541868631, "LBW" */
#define LATBW_RPC_VERS	1
#define LATBW_RPC_NULL	0
#define LATBW_RPC_ECHO	1
#define LATBW_RPC_STOP	2
#define LATBW_RPC_ECHO_MAX 8192
/* The largest message either side accepts: an echo of the largest size
 * plus the largest header (two 400-byte auth bodies). */
#define RPC_MAX_MSG	(LATBW_RPC_ECHO_MAX + 1024)

/* What decoding found (negative: rejected). */
enum rpc_status {
	RPC_OK = 0,
	RPC_ERR_SHORT = -1,	/* not even an xid and a message type */
	RPC_ERR_TYPE = -2,	/* not the message type expected */
	RPC_ERR_MALFORMED = -3,	/* truncated or impossible after the xid */
	RPC_ERR_RPCVERS = -4,	/* a call, but not RPC version 2 */
	RPC_ERR_CRED = -5,	/* credential body over 400 bytes */
	RPC_ERR_VERF = -6,	/* verifier body over 400 bytes */
};

struct rpc_call {
	uint32_t xid, rpcvers, prog, vers, proc;
	uint32_t cred_flavor, verf_flavor;
	const uint8_t *args;	/* the XDR arguments: the rest of the message */
	size_t argslen;
};

struct rpc_reply {
	uint32_t xid;
	uint32_t reply_stat;	/* RPC_MSG_ACCEPTED or RPC_MSG_DENIED */
	uint32_t stat;		/* accept_stat, or reject_stat if denied */
	uint32_t auth_stat;	/* denied with RPC_AUTH_ERROR */
	uint32_t low, high;	/* PROG_MISMATCH, or denied RPC_MISMATCH */
	const uint8_t *results;	/* SUCCESS: the XDR results */
	size_t reslen;
};

/* Decode a call message of len bytes. */
int rpc_decode_call(const uint8_t *msg, size_t len, struct rpc_call *c);

/*
 * Encode a call with AUTH_NONE credentials and verifier; args is already
 * XDR.  Returns the length, or 0 if it does not fit in cap.
 */
size_t rpc_encode_call(uint8_t *out, size_t cap, uint32_t xid, uint32_t prog,
		       uint32_t vers, uint32_t proc, const uint8_t *args,
		       size_t argslen);

/* Decode a reply message of len bytes. */
int rpc_decode_reply(const uint8_t *msg, size_t len, struct rpc_reply *r);

/*
 * The server: the reply to one incoming message, per RFC 5531 (accepted
 * or denied, as the call deserves).  Returns its length, or 0 when the
 * message gets no reply (too short or malformed to answer, not a call).
 * *stop is set when the call was a valid STOP.
 */
size_t rpc_serve(const uint8_t *in, size_t inlen, uint8_t *out, size_t cap,
		 int *stop);

/* XDR opaque<>: length, bytes, zero padding.  0 if it does not fit. */
size_t xdr_put_opaque(uint8_t *out, size_t cap, const void *data, size_t len);
/*
 * in[0..len) must be exactly one opaque of at most max bytes (padding
 * included, nothing after it): 0 with *data and *dlen set, or -1.
 */
int xdr_get_opaque(const uint8_t *in, size_t len, size_t max,
		   const uint8_t **data, size_t *dlen);

/* ---- record marking (RFC 5531 section 11) ------------------------------ */

#define RPC_RM_LAST 0x80000000u

/* Reassembles one record at a time from a byte stream into buf. */
struct rpc_rm {
	uint8_t *buf;
	size_t cap;
	size_t len;		/* record bytes so far */
	uint32_t frag_left;	/* bytes of the current fragment still due */
	unsigned hdr_got;	/* bytes of a fragment header seen (0..3) */
	uint8_t hdr[4];
	int last;		/* the current fragment is the last */
	int in_frag;		/* a fragment header was read */
};

enum { RPC_RM_MORE = 0, RPC_RM_DONE = 1, RPC_RM_TOOBIG = -1 };

void rpc_rm_init(struct rpc_rm *r, uint8_t *buf, size_t cap);
/*
 * Consume bytes from in[0..n): RPC_RM_DONE when a record is complete (it
 * is buf[0..len); *used says how much of in was taken; call rpc_rm_next
 * before feeding the rest), RPC_RM_MORE when all n bytes were taken and
 * more are needed, RPC_RM_TOOBIG when the record would exceed cap (the
 * stream cannot be trusted any more: close it).
 */
int rpc_rm_feed(struct rpc_rm *r, const uint8_t *in, size_t n, size_t *used);
/* Forget the completed record, ready for the next. */
void rpc_rm_next(struct rpc_rm *r);
/* A record of len bytes as one last fragment: writes its 4-byte header. */
void rpc_rm_header(uint8_t out[4], size_t len);

#endif
