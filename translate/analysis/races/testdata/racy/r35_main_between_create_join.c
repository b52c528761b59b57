/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main reads result between pthread_create and pthread_join while the worker writes it (lines 12 and 19).
 */
#include <pthread.h>
#include <stdio.h>

int result;

void *worker(void *arg) {
  result = 42; /* race */
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  printf("%d\n", result); /* race */
  pthread_join(t, 0);
  return 0;
}
