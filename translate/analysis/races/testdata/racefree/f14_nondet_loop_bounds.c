/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: every loop bound is nondeterministic, but every access to total inside the threads holds m and main reads total only after both joins; the loops only repeat protected accesses.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int total;

void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    int k = __VERIFIER_nondet_int();
    while (k-- > 0) {
      pthread_mutex_lock(&m);
      total += 1;
      pthread_mutex_unlock(&m);
    }
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return total;
}
