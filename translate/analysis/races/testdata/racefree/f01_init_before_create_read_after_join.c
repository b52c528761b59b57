/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: main writes g only before pthread_create and reads it only after pthread_join; the worker only reads g and writes its own result slot, which main reads after the join.
 */
#include <pthread.h>

int g;
int result;

void *worker(void *arg) {
  result = g * 2;
  return 0;
}

int main(void) {
  g = 21;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  g = result;
  return g;
}
