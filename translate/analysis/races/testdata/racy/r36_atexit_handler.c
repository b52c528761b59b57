/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main returns without joining; the atexit handler reads log_count while the still running thread writes it (lines 12 and 17).
 */
#include <pthread.h>
#include <stdlib.h>

int log_count;

void report(void) {
  int v = log_count; /* race */
  (void)v;
}

void *worker(void *arg) {
  log_count = 1; /* race */
  return 0;
}

int main(void) {
  atexit(report);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  return 0;
}
