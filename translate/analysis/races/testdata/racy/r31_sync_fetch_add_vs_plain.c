/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: one thread increments c with __sync_fetch_and_add, the other with a plain read-modify-write (lines 11 and 16).
 */
#include <pthread.h>

long c;

void *atomic_inc(void *arg) {
  __sync_fetch_and_add(&c, 1); /* race */
  return 0;
}

void *plain_inc(void *arg) {
  c = c + 1; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, atomic_inc, 0);
  pthread_create(&t2, 0, plain_inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return (int)c;
}
