/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: threads read table under the read lock; main writes table only under the write lock while they run, and nobody writes under a read lock.
 */
#include <pthread.h>

pthread_rwlock_t rw;
int table[2];

void *reader(void *arg) {
  pthread_rwlock_rdlock(&rw);
  int v = table[0] + table[1];
  pthread_rwlock_unlock(&rw);
  return (void *)(long)v;
}

int main(void) {
  pthread_rwlock_init(&rw, 0);
  pthread_t r1, r2;
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_rwlock_wrlock(&rw);
  table[0] = 5;
  table[1] = 6;
  pthread_rwlock_unlock(&rw);
  pthread_join(r1, 0);
  pthread_join(r2, 0);
  return table[0];
}
