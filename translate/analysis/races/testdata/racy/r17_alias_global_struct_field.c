/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: cfg.target holds REASONx; thread a writes through the pointer loaded from the global struct field, thread b writes x directly (lines 13 and 18).
 */
#include <pthread.h>

struct config { int flags; int *target; };
struct config cfg;
int x;

void *a(void *arg) {
  *cfg.target = 1; /* race */
  return 0;
}

void *b(void *arg) {
  x = 2; /* race */
  return 0;
}

int main(void) {
  cfg.target = &x;
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
