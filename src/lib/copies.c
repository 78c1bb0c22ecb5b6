/*
 * copies.c - bench_measure: the case measured here, or as -P copies,
 * processes (or threads, -T) that take their samples at the same time,
 * their figures combined into one.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "cpus.h"
#include "internal.h"
#include "io.h"
#include "proc.h"
#include "sample.h"

/*
 * One -P copy, in its own process: set up and calibrate, say ready, wait
 * until every copy is ready (the parent closes the go pipe), take the
 * samples, send the result.  Copies run their samples at the same time.
 */
static _Noreturn void run_copy(struct bench *b, const struct bench_case *c,
			       int ready_fd, int go_fd, int result_fd)
{
	struct bench_result r;
	char flag = 'F', dummy;
	uint64_t n = 0;
	int rc, ok = 0;

	bench_case_reset(b);
	rc = bench_pin(b, 0);
	if (rc == 0 && c->setup != NULL)
		rc = c->setup(b);
	if (rc == 0) {
		if (bench_case_ready(b, c, &n) == 0)
			flag = 'R';
	} else if (rc == BENCH_SKIPPED) {
		flag = 'S';
	}
	if (io_writen(ready_fd, &flag, 1) == 1 && flag == 'R' &&
	    read(go_fd, &dummy, 1) == 0 &&
	    bench_take_samples(b, c, n, &r) == 0 &&
	    (c->check == NULL || c->check(b) == 0) &&
	    io_writen(result_fd, &r, sizeof(r)) == (ssize_t)sizeof(r))
		ok = 1;
	if (rc == 0 && c->cleanup != NULL)
		c->cleanup(b);
	proc_cleanup_all();
	_exit(ok ? 0 : 1);
}

/* Latency: the mean of the copies' figures.  Bandwidth: their sum. */
static void combine(struct bench_result *all, const struct bench_result *r,
		    unsigned k)
{
	if (k == 0) {
		*all = *r;
		return;
	}
	if (r->unit == BENCH_MBPS) {
		/* Add rates: bytes/t = bytes/t1 + bytes/t2. */
		all->median = 1.0 / (1.0 / all->median + 1.0 / r->median);
		all->q1 = 1.0 / (1.0 / all->q1 + 1.0 / r->q1);
		all->q3 = 1.0 / (1.0 / all->q3 + 1.0 / r->q3);
		all->min = 1.0 / (1.0 / all->min + 1.0 / r->min);
		all->max = 1.0 / (1.0 / all->max + 1.0 / r->max);
	} else {
		all->median = (all->median * k + r->median) / (k + 1);
		all->q1 = (all->q1 * k + r->q1) / (k + 1);
		all->q3 = (all->q3 * k + r->q3) / (k + 1);
		all->min = all->min < r->min ? all->min : r->min;
		all->max = all->max > r->max ? all->max : r->max;
	}
	all->reps = all->reps < r->reps ? all->reps : r->reps;
	all->preempted += r->preempted;
	all->ops_per_sec += r->ops_per_sec;
	/* Placement: the copies' counts add up; a mode's median is the
	 * latest copy's that saw both modes (copies measure the same). */
	all->placed += r->placed;
	all->crossed += r->crossed;
	if (r->same_median > 0.0 && r->cross_median > 0.0) {
		all->same_median = r->same_median;
		all->cross_median = r->cross_median;
	}
}

static int measure_parallel(struct bench *b, const struct bench_case *c,
			    struct bench_result *out)
{
	int ready[2], go[2], res[2];
	pid_t *pids;
	unsigned i, started = 0, readies = 0, skipped = 0, got = 0;
	int rc = 0;

	if (c->flags & BENCH_NO_PARALLEL)
		bench_usage_error(b, "%s cannot run as parallel copies (-P)",
				  c->name);
	pids = calloc(b->copies, sizeof(*pids));
	if (pids == NULL)
		return bench_error(b, "out of memory");
	if (pipe(ready) != 0 || pipe(go) != 0 || pipe(res) != 0) {
		free(pids);
		return bench_error(b, "pipe: %s", strerror(errno));
	}
	for (i = 0; i < b->copies; i++) {
		pid_t pid = bench_fork();

		if (pid < 0) {
			rc = bench_error(b, "fork: %s", strerror(errno));
			break;
		}
		if (pid == 0) {
			close(ready[0]);
			close(go[1]);
			close(res[0]);
			b->copy = i;
			run_copy(b, c, ready[1], go[0], res[1]);
		}
		pids[started++] = pid;
	}
	close(ready[1]);
	close(go[0]);
	close(res[1]);
	for (i = 0; i < started; i++) {
		char flag;

		if (io_readn(ready[0], &flag, 1) != 1)
			break;
		if (flag == 'R')
			readies++;
		else if (flag == 'S')
			skipped++;
	}
	/* Start them all at once, or, if one failed, let them all go. */
	close(go[1]);
	if (rc == 0 && readies == b->copies) {
		for (i = 0; i < b->copies; i++) {
			struct bench_result r;

			if (io_readn(res[0], &r, sizeof(r)) !=
			    (ssize_t)sizeof(r))
				break;
			combine(out, &r, got++);
		}
	}
	for (i = 0; i < started; i++)
		bench_reap(pids[i], NULL);
	close(ready[0]);
	close(res[0]);
	free(pids);
	if (rc != 0)
		return rc;
	if (skipped > 0)
		return BENCH_SKIPPED;
	if (got != b->copies)
		return bench_error(b, "%s: %u of %u copies failed", c->name,
				   b->copies - got, b->copies);
	out->copies = got;
	return 0;
}

/*
 * Copies as threads (-T): what the threads share.  Set-ups and clean-ups
 * run one at a time (under `lock`): they may fork peers and register
 * files, and the registry in proc.c is not made for threads; the timed
 * bodies run at the same time, as -P's processes do.
 */
struct thread_group {
	pthread_mutex_t lock;	/* set-up and clean-up, one at a time */
	pthread_mutex_t mu;	/* the fields below */
	pthread_cond_t cv;
	unsigned ready, skipped, failed;
	int go, abort;
};

struct copy_thread {
	struct bench b;		/* this copy's: its own priv and copy number */
	const struct bench_case *c;
	struct thread_group *g;
	struct bench_result r;
	int ok;
	pthread_t tid;
};

/* One copy as a thread: run_copy's steps, with a condition variable for
 * the ready and go pipes. */
static void *copy_thread_main(void *arg)
{
	struct copy_thread *t = arg;
	struct thread_group *g = t->g;
	struct bench *b = &t->b;
	const struct bench_case *c = t->c;
	uint64_t n = 0;
	int rc, ready = 0, go;

	bench_case_reset(b);
	rc = bench_pin(b, 0);
	pthread_mutex_lock(&g->lock);
	if (rc == 0 && c->setup != NULL)
		rc = c->setup(b);
	pthread_mutex_unlock(&g->lock);
	if (rc == 0 && bench_case_ready(b, c, &n) == 0)
		ready = 1;
	pthread_mutex_lock(&g->mu);
	g->ready++;
	if (rc == BENCH_SKIPPED)
		g->skipped++;
	else if (!ready)
		g->failed++;
	pthread_cond_broadcast(&g->cv);
	while (!g->go)
		pthread_cond_wait(&g->cv, &g->mu);
	go = !g->abort;
	pthread_mutex_unlock(&g->mu);
	if (ready && go && bench_take_samples(b, c, n, &t->r) == 0 &&
	    (c->check == NULL || c->check(b) == 0))
		t->ok = 1;
	if (rc == 0 && c->cleanup != NULL) {
		pthread_mutex_lock(&g->lock);
		c->cleanup(b);
		pthread_mutex_unlock(&g->lock);
	}
	return NULL;
}

static int measure_threads(struct bench *b, const struct bench_case *c,
			   struct bench_result *out)
{
	struct thread_group g;
	struct copy_thread *t;
	unsigned i, started = 0, got = 0, skipped, failed;
	int rc = 0, err;

	if (c->flags & BENCH_NO_PARALLEL)
		bench_usage_error(b, "%s cannot run as parallel copies (-P)",
				  c->name);
	t = calloc(b->copies, sizeof(*t));
	if (t == NULL)
		return bench_error(b, "out of memory");
	memset(&g, 0, sizeof(g));
	pthread_mutex_init(&g.lock, NULL);
	pthread_mutex_init(&g.mu, NULL);
	pthread_cond_init(&g.cv, NULL);
	for (i = 0; i < b->copies; i++) {
		t[i].b = *b;
		t[i].b.copy = i;
		t[i].b.priv = calloc(1, b->spec->priv_size + 1);
		t[i].c = c;
		t[i].g = &g;
		if (t[i].b.priv == NULL) {
			rc = bench_error(b, "out of memory");
			break;
		}
		/* What the program set before measuring (a file's name),
		 * as a forked copy inherits it; setup makes the rest. */
		memcpy(t[i].b.priv, b->priv, b->spec->priv_size);
		err = pthread_create(&t[i].tid, NULL, copy_thread_main, &t[i]);
		if (err != 0) {
			free(t[i].b.priv);
			rc = bench_error(b, "pthread_create: %s", strerror(err));
			break;
		}
		started++;
	}
	/* Start them all at once, or, if one failed, let them all go. */
	pthread_mutex_lock(&g.mu);
	while (g.ready < started)
		pthread_cond_wait(&g.cv, &g.mu);
	g.abort = rc != 0 || g.failed > 0 || g.skipped > 0;
	g.go = 1;
	skipped = g.skipped;
	failed = g.failed;
	pthread_cond_broadcast(&g.cv);
	pthread_mutex_unlock(&g.mu);
	for (i = 0; i < started; i++) {
		pthread_join(t[i].tid, NULL);
		if (t[i].ok)
			combine(out, &t[i].r, got++);
		free(t[i].b.priv);
	}
	free(t);
	pthread_cond_destroy(&g.cv);
	pthread_mutex_destroy(&g.mu);
	pthread_mutex_destroy(&g.lock);
	if (rc != 0)
		return rc;
	if (skipped > 0 && failed == 0)
		return BENCH_SKIPPED;
	if (got != b->copies)
		return bench_error(b, "%s: %u of %u copies (threads) failed",
				   c->name, b->copies - got, b->copies);
	out->copies = got;
	return 0;
}

/* -T with a case that may not run as threads: said, exit 2. */
void bench_check_threads(struct bench *b, const struct bench_case *c)
{
	if (b->h->threads && !(c->flags & BENCH_THREADS))
		bench_usage_error(b, "%s cannot run as threads (-T): it keeps "
				  "state of its process or forks in its timed "
				  "part; leave out -T", c->name);
}

int bench_measure(struct bench *b, const struct bench_case *c,
		  struct bench_result *r)
{
	struct bench_watch w;
	int rc;

	b->bc = c;
	b->h->case_name = c->name;
	bench_check_threads(b, c);
	if ((c->flags & BENCH_SUBTRACT_LOOP) && b->h->loop_ns < 0.0)
		b->h->loop_ns = bench_loop_cost(b);
	bench_watch_begin(b, &w);
	if (b->h->threads)
		rc = measure_threads(b, c, r);
	else if (b->copies > 1 || b->h->sweep)
		rc = measure_parallel(b, c, r);
	else
		rc = bench_measure_local(b, c, r);
	bench_watch_end(b, &w, r);
	return rc;
}
