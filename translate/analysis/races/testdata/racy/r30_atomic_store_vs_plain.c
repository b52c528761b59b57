/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread a stores flag with __atomic_store_n (seq_cst), thread b writes it plainly (lines 11 and 16); not both accesses are atomic.
 */
#include <pthread.h>

int flag;

void *a(void *arg) {
  __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST); /* race */
  return 0;
}

void *b(void *arg) {
  flag = 2; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return flag;
}
