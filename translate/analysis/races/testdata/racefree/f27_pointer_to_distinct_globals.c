/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the thread argument points to x for the first thread and to y for the second (two separate create sites); each thread writes only its own target, main reads after the joins.
 */
#include <pthread.h>

int x, y;

void *worker(void *arg) {
  int *p = arg;
  *p = *p + 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, &x);
  pthread_create(&t2, 0, worker, &y);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x + y;
}
