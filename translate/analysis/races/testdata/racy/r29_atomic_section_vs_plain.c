/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread a writes x inside a __VERIFIER_atomic_begin/end section, thread b writes x plainly (lines 15 and 21); an atomic section only excludes other atomic sections.
 */
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x;

void *a(void *arg) {
  __VERIFIER_atomic_begin();
  x = x + 1; /* race */
  __VERIFIER_atomic_end();
  return 0;
}

void *b(void *arg) {
  x = 5; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x;
}
