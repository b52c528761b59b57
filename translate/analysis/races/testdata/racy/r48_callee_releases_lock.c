/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: log_and_release() unlocks m, so the caller's write of x after the call (lines 19 and 25) is unprotected although the lock/unlock pair in the caller looks balanced.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, logged;

void log_and_release(void) {
  logged++;
  pthread_mutex_unlock(&m);
}

void *a(void *arg) {
  pthread_mutex_lock(&m);
  log_and_release();
  x = 1; /* race */
  return 0;
}

void *b(void *arg) {
  pthread_mutex_lock(&m);
  x = 2; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x;
}
