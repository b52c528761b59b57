/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: all concurrent accesses to counter and flag are seq_cst atomic builtins (__atomic_*, __sync_*); main reads plainly only after joining both threads.
 */
#include <pthread.h>

long counter;
int flag;

void *inc(void *arg) {
  __sync_fetch_and_add(&counter, 1);
  __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
  return 0;
}

void *poll(void *arg) {
  int f = __atomic_load_n(&flag, __ATOMIC_SEQ_CST);
  if (f)
    __atomic_fetch_add(&counter, 10, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, poll, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return (int)counter + flag;
}
