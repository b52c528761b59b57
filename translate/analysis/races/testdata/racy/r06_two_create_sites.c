/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: `inc` is started from main and from `helper`; the two instances write g unprotected (line 11, two instances of it).
 */
#include <pthread.h>

int g;

void *inc(void *arg) {
  g++; /* race */
  return 0;
}

void *helper(void *arg) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  pthread_join(t, 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inc, 0);
  pthread_create(&b, 0, helper, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return g;
}
