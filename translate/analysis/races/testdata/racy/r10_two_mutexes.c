/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the two threads protect x with different mutexes m1 and m2 (lines 14 and 21).
 */
#include <pthread.h>

pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;
int x;

void *a(void *arg) {
  pthread_mutex_lock(&m1);
  x++; /* race */
  pthread_mutex_unlock(&m1);
  return 0;
}

void *b(void *arg) {
  pthread_mutex_lock(&m2);
  x++; /* race */
  pthread_mutex_unlock(&m2);
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
