/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: both threads hold only the READ lock of rw; one of them writes x (lines 14 and 21). Read locks do not exclude each other.
 */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int x;

void *reader(void *arg) {
  int v;
  pthread_rwlock_rdlock(&rw);
  v = x; /* race */
  pthread_rwlock_unlock(&rw);
  return (void *)(long)v;
}

void *bad_writer(void *arg) {
  pthread_rwlock_rdlock(&rw);
  x = 1; /* race */
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, reader, 0);
  pthread_create(&b, 0, bad_writer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
