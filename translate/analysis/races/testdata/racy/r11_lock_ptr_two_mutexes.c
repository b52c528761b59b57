/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread locks *p where p may point to m1 or m2 (nondeterministic choice per thread), so the two increments of x (line 17, two instances of it) may hold different mutexes; a may-alias set {m1,m2} is not a must-lock.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
  pthread_mutex_t *p = __VERIFIER_nondet_int() ? &m1 : &m2;
  pthread_mutex_lock(p);
  x++; /* race */
  pthread_mutex_unlock(p);
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
