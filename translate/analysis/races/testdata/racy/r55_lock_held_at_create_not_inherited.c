/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main creates the worker while holding m; the child does not hold m (locks are not inherited), so its write of x races with main's write under m (lines 12 and 20).
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
  x = 1; /* race */
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_mutex_lock(&m);
  pthread_create(&t, 0, worker, 0);
  x = 2; /* race */
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return x;
}
