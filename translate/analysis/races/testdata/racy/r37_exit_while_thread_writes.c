/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main writes state and calls exit() without joining; the thread writes state at the same time (lines 12 and 19). exit does not wait for threads.
 */
#include <pthread.h>
#include <stdlib.h>

int state;

void *worker(void *arg) {
  state = 1; /* race */
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  state = 2; /* race */
  exit(0);
}
