/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the thread gets the address of main's local v and writes it; main writes v before the join (lines 10 and 18).
 */
#include <pthread.h>

void *worker(void *arg) {
  int *v = arg;
  *v = 1; /* race */
  return 0;
}

int main(void) {
  int v = 0;
  pthread_t t;
  pthread_create(&t, 0, worker, &v);
  v = 5; /* race */
  pthread_join(t, 0);
  return v;
}
