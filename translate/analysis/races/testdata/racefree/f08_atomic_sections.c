/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: every access to x and y while threads run is inside a __VERIFIER_atomic_begin/end section, and atomic sections exclude each other.
 */
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x, y;

void *worker(void *arg) {
  __VERIFIER_atomic_begin();
  x = x + 1;
  y = x;
  __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  __VERIFIER_atomic_begin();
  int v = y;
  __VERIFIER_atomic_end();
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return v + x;
}
