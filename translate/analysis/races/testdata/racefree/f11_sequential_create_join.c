/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: each thread is joined before the next one is created, so no two of the threads (or main) ever run concurrently with an access to g.
 */
#include <pthread.h>

int g;

void *step(void *arg) {
  g = g * 2 + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, step, 0);
  pthread_join(t, 0);
  g++;
  pthread_create(&t, 0, step, 0);
  pthread_join(t, 0);
  g++;
  pthread_create(&t, 0, step, 0);
  pthread_join(t, 0);
  return g;
}
