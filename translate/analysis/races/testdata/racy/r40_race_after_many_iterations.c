/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the worker writes g only in iteration 5 of a loop with a nondeterministic bound (lines 16 and 24); main reads g before the join. Small unwinding bounds miss it.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int g;

void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    if (i == 5)
      g = i; /* race */
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int v = g; /* race */
  pthread_join(t, 0);
  return v;
}
