/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: volatile does not make accesses atomic: both threads increment the volatile counter with plain accesses (line 11, two instances of it).
 */
#include <pthread.h>

volatile int counter;

void *worker(void *arg) {
  counter = counter + 1; /* race */
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
