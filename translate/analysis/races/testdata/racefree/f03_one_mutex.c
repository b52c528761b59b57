/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: every access to counter by the threads and by main while they run is inside pthread_mutex_lock(REASONm)/unlock(REASONm) of the one global mutex m.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int counter;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_mutex_lock(&m);
  counter--;
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return counter;
}
