/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: the payload is written before a seq_cst atomic store of flag and read only after a seq_cst atomic load sees flag==1 (release/acquire synchronization), so the plain accesses to payload are ordered.
 */
#include <pthread.h>

int payload;
int flag;

void *sender(void *arg) {
  payload = 99;
  __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
  return 0;
}

void *receiver(void *arg) {
  if (__atomic_load_n(&flag, __ATOMIC_SEQ_CST) == 1)
    return (void *)(long)payload;
  return 0;
}

int main(void) {
  pthread_t s, r;
  pthread_create(&s, 0, sender, 0);
  pthread_create(&r, 0, receiver, 0);
  pthread_join(s, 0);
  pthread_join(r, 0);
  return 0;
}
