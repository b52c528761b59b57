/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main joins the worker only on one branch of a nondeterministic condition, then writes g (lines 13 and 22); on the other branch the worker may still be running (a may-join is not a must-join).
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int g;

void *worker(void *arg) {
  g = 1; /* race */
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  if (__VERIFIER_nondet_int())
    pthread_join(t, 0);
  g = 2; /* race */
  return 0;
}
