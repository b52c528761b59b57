/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: each thread writes only its own stack array and its own malloc'd block, whose addresses never escape the thread.
 */
#include <pthread.h>
#include <stdlib.h>

void *worker(void *arg) {
  int local[4];
  int *mine = malloc(4 * sizeof(int));
  if (!mine)
    return 0;
  for (int i = 0; i < 4; i++) {
    local[i] = i;
    mine[i] = local[i] * 2;
  }
  return (void *)(long)mine[3]; /* the block is leaked, never shared */
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
