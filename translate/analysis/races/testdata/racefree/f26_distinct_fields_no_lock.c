/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: thread a writes only pair.lo and thread b only pair.hi; different struct fields are different memory locations (C11 3.14), so a field-sensitive analysis sees no common location.
 */
#include <pthread.h>

struct pairs { int lo; int hi; };
struct pairs pair;

void *a(void *arg) {
  for (int i = 0; i < 2; i++)
    pair.lo += i;
  return 0;
}

void *b(void *arg) {
  struct pairs *p = &pair;
  p->hi = 7;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return pair.lo + pair.hi;
}
