/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the two sneaky threads hold only the read lock; one reads x while the other writes it (lines 20 and 21). The writer with the write lock is fine.
 */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int x;

void *good_writer(void *arg) {
  pthread_rwlock_wrlock(&rw);
  x = 1;
  pthread_rwlock_unlock(&rw);
  return 0;
}

void *sneaky(void *arg) {
  pthread_rwlock_rdlock(&rw);
  if (x == 0) /* race */
    x = 2; /* race */
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, good_writer, 0);
  pthread_create(&b, 0, sneaky, 0);
  pthread_create(&c, 0, sneaky, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return x;
}
