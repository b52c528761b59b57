/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: T2 unlocks m while T1 holds it (undefined behaviour for a normal mutex; glibc's default mutex just releases it), then locks m itself and writes x inside T1's critical section (lines 15, 16 and 24). A lockset analysis that sees x under m on both sides is wrong. Certain by reading (on glibc): current ladr answers unknown (undefined behaviour at the unlock).
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
int started;

void *t1(void *arg) {
  pthread_mutex_lock(&m);
  started = 1;
  x = 1; /* race */
  x = x + 1; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}

void *t2(void *arg) {
  pthread_mutex_unlock(&m); /* not the owner */
  pthread_mutex_lock(&m);
  x = 5; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x;
}
