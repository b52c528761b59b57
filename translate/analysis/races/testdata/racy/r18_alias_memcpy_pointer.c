/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the pointer REASONx reaches q only through memcpy of its bytes; the thread writes *q while main writes x (lines 13 and 22).
 */
#include <pthread.h>
#include <string.h>

int x;
int *q;

void *worker(void *arg) {
  *q = 1; /* race */
  return 0;
}

int main(void) {
  int *p = &x;
  memcpy(&q, &p, sizeof p);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 2; /* race */
  pthread_join(t, 0);
  return 0;
}
