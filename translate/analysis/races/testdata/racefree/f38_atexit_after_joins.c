/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the exit handler runs in the main thread at the return from main, after both workers were joined; the workers write hits only under m.
 */
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int hits;
int reported;

void report(void) { reported = hits; }

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  hits++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  atexit(report);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
