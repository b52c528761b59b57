/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the writer holds the write lock of rw when writing x; readers hold the read lock and only read x, so every write excludes every other access.
 */
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int x;

void *reader(void *arg) {
  int v;
  pthread_rwlock_rdlock(&rw);
  v = x;
  pthread_rwlock_unlock(&rw);
  return (void *)(long)v;
}

void *writer(void *arg) {
  pthread_rwlock_wrlock(&rw);
  x = x + 1;
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t r1, r2, w;
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(r1, 0);
  pthread_join(r2, 0);
  pthread_join(w, 0);
  return x;
}
