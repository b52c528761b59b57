/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread locks locks[i] with its own nondeterministic i in 0..3, so both may hold different array elements while writing x (line 18, two instances of it).
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t locks[4];
int x;

void *worker(void *arg) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i >= 4)
    i = 0;
  pthread_mutex_lock(&locks[i]);
  x = x + 1; /* race */
  pthread_mutex_unlock(&locks[i]);
  return 0;
}

int main(void) {
  for (int i = 0; i < 4; i++)
    pthread_mutex_init(&locks[i], 0);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x;
}
