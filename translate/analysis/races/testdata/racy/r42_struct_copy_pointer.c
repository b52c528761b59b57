/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: a struct assignment copies the pointer field holding REASONx; the thread writes through the copy while main writes x (lines 13 and 23).
 */
#include <pthread.h>

struct ref { int tag; int *p; };
int x;
struct ref src, dst;

void *worker(void *arg) {
  *dst.p = 1; /* race */
  return 0;
}

int main(void) {
  src.tag = 1;
  src.p = &x;
  dst = src;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 2; /* race */
  pthread_join(t, 0);
  return 0;
}
