/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the worker unlocks m early on one path, then still writes x (lines 21 and 27) on that path; the other thread locks m around x.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  if (__VERIFIER_nondet_int())
    pthread_mutex_unlock(&m);
  else {
    x = 1;
    pthread_mutex_unlock(&m);
  }
  x = 2; /* race */
  return 0;
}

void *other(void *arg) {
  pthread_mutex_lock(&m);
  x = 3; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, other, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x;
}
