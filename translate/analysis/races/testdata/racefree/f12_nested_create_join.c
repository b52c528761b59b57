/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: outer creates inner and joins it before touching g itself; main creates outer and touches g only after joining outer, so the accesses to g are totally ordered by create/join.
 */
#include <pthread.h>

int g;

void *inner(void *arg) {
  g = 1;
  return 0;
}

void *outer(void *arg) {
  pthread_t t;
  pthread_create(&t, 0, inner, 0);
  pthread_join(t, 0);
  g = g + 1;
  return 0;
}

int main(void) {
  g = 0;
  pthread_t t;
  pthread_create(&t, 0, outer, 0);
  pthread_join(t, 0);
  return g;
}
