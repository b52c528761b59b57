/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: x is only accessed in functions named __VERIFIER_atomic_*, which run atomically (SV-COMP convention), and by main after the joins.
 */
#include <pthread.h>

int x;

void __VERIFIER_atomic_inc(void) { x = x + 1; }

void *worker(void *arg) {
  __VERIFIER_atomic_inc();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x;
}
