/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the handle t is overwritten by the second create, so the join waits for the second thread only; the first still writes x (lines 11 and 22).
 */
#include <pthread.h>

int x;

void *first(void *arg) {
  x = 1; /* race */
  return 0;
}

void *second(void *arg) { return 0; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, first, 0);
  pthread_create(&t, 0, second, 0);
  pthread_join(t, 0);
  x = 2; /* race */
  return 0;
}
