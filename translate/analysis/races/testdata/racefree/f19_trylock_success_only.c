/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: x is accessed only in the branch where pthread_mutex_trylock(REASONm) returned 0 (lock held) or under pthread_mutex_lock(REASONm); the failure branch touches nothing shared.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
_Thread_local int misses;

void *worker(void *arg) {
  if (pthread_mutex_trylock(&m) == 0) {
    x++;
    pthread_mutex_unlock(&m);
  } else {
    misses++;
  }
  return 0;
}

void *locker(void *arg) {
  pthread_mutex_lock(&m);
  x = 10;
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
