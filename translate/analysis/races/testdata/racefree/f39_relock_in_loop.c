/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the worker holds m at every access to x: it locks before the loop, each iteration unlocks and relocks m between accesses, and it unlocks after the loop; the other thread also locks m.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  while (x < 10 && __VERIFIER_nondet_int()) {
    x++;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
  }
  x = 0;
  pthread_mutex_unlock(&m);
  return 0;
}

void *other(void *arg) {
  pthread_mutex_lock(&m);
  x += 5;
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
