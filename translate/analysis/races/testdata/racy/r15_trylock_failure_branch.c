/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: when pthread_mutex_trylock fails (the other thread holds m) the failure branch still writes x (lines 16 and 23) without the lock.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
  if (pthread_mutex_trylock(&m) == 0) {
    x++;
    pthread_mutex_unlock(&m);
  } else {
    x--; /* race */
  }
  return 0;
}

void *locker(void *arg) {
  pthread_mutex_lock(&m);
  x = 10; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, locker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x;
}
