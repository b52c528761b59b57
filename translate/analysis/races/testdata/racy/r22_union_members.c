/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: u.i and u.f are the same bytes; the two threads write different members of the union (lines 12 and 17).
 */
#include <pthread.h>

union value { int i; float f; };
union value u;

void *a(void *arg) {
  u.i = 1; /* race */
  return 0;
}

void *b(void *arg) {
  u.f = 2.0f; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return u.i;
}
