/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: tl is _Thread_local and its address never leaves its thread, so each thread (and main) accesses its own copy only.
 */
#include <pthread.h>

_Thread_local int tl;

void bump(void) { tl = tl + 1; }

void *worker(void *arg) {
  for (int i = 0; i < 3; i++)
    bump();
  return (void *)(long)tl;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  bump();
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return tl;
}
