/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread locks the mutex of its own by-value copy of the shared template struct, i.e. a different mutex per thread, so the writes of counter (line 15, two instances of it) are unprotected.
 */
#include <pthread.h>

struct guarded { pthread_mutex_t m; int *target; };
int counter;
struct guarded tmpl = { PTHREAD_MUTEX_INITIALIZER, &counter };

void *worker(void *arg) {
  struct guarded g = tmpl;
  pthread_mutex_lock(&g.m);
  *g.target += 1; /* race */
  pthread_mutex_unlock(&g.m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return counter;
}
