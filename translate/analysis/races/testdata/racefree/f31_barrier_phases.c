/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: each thread writes its own cell in phase 1 and reads the other cell only after pthread_barrier_wait, which both threads must reach first; nobody writes after the barrier. Needs barrier reasoning.
 */
#include <pthread.h>

pthread_barrier_t bar;
int cell[2];
int out[2];

void *worker(void *arg) {
  long id = (long)arg;
  cell[id] = (int)id + 1;
  pthread_barrier_wait(&bar);
  out[id] = cell[1 - id];
  return 0;
}

int main(void) {
  pthread_barrier_init(&bar, 0, 2);
  pthread_t t0, t1;
  pthread_create(&t0, 0, worker, (void *)0L);
  pthread_create(&t1, 0, worker, (void *)1L);
  pthread_join(t0, 0);
  pthread_join(t1, 0);
  return out[0] + out[1];
}
