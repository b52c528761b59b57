/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread a publishes the address of its _Thread_local tl and writes it; thread b writes through the published pointer (lines 16 and 26). A _Thread_local name is per thread, its object is not private once its address escapes.
 */
#include <pthread.h>

_Thread_local int tl;
int *volatile published;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *a(void *arg) {
  pthread_mutex_lock(&m);
  published = &tl;
  pthread_mutex_unlock(&m);
  tl = 1; /* race */
  return 0;
}

void *b(void *arg) {
  int *p;
  pthread_mutex_lock(&m);
  p = published;
  pthread_mutex_unlock(&m);
  if (p)
    *p = 2; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
