/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: main hands a heap buffer to the worker through a mutex-protected global slot and never touches the buffer again; the worker uses it only after taking it from the slot, so the plain write by main is ordered before the worker's accesses by the mutex.
 */
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int *slot;

void *worker(void *arg) {
  int *buf;
  pthread_mutex_lock(&m);
  buf = slot;
  slot = 0;
  pthread_mutex_unlock(&m);
  if (buf)
    buf[0] += 1; /* the block is leaked: main never frees it */
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int *b = malloc(2 * sizeof(int));
  if (!b)
    return 1;
  b[0] = 5;
  pthread_mutex_lock(&m);
  slot = b;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
