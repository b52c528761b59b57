/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the global pointer lockp is set once before any thread starts and always points to the one mutex m; every access to x holds *lockp, i.e. m.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t *lockp;
int x;

void *worker(void *arg) {
  pthread_mutex_t *l = lockp;
  pthread_mutex_lock(l);
  x = x + 1;
  pthread_mutex_unlock(l);
  return 0;
}

int main(void) {
  lockp = &m;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_mutex_lock(&m);
  x = 0;
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x;
}
