/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: both threads receive the address of the same global mutex m as their argument and hold it while writing shared; main touches shared only after both joins.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int shared;

void *worker(void *arg) {
  pthread_mutex_t *l = arg;
  pthread_mutex_lock(l);
  shared += 2;
  pthread_mutex_unlock(l);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, &m);
  pthread_create(&t2, 0, worker, &m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return shared;
}
