/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the static local calls in worker is one object shared by both instances, incremented without a lock (line 10, two instances of it).
 */
#include <pthread.h>

void *worker(void *arg) {
  static int calls;
  calls++; /* race */
  return (void *)(long)calls;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
