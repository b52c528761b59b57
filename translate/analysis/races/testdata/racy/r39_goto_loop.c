/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: a goto-built loop in the worker writes shared on its third iteration (lines 14 and 24), concurrently with main.
 */
#include <pthread.h>

int shared;

void *worker(void *arg) {
  int i = 0;
again:
  if (i == 2)
    shared = i; /* race */
  i++;
  if (i < 3)
    goto again;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  shared = 7; /* race */
  pthread_join(t, 0);
  return shared;
}
