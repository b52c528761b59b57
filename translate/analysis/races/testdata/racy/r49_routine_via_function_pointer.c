/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the thread routine is chosen through a function pointer variable; both created threads may run writer, which writes g unprotected (line 15, two instances of it). Certain by reading: current ladr answers unknown (start routine not a known function).
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int g;

void *idle(void *arg) { return 0; }

void *writer(void *arg) {
  g = g + 1; /* race */
  return 0;
}

void *(*pick(void))(void *) {
  return __VERIFIER_nondet_int() ? writer : idle;
}

int main(void) {
  pthread_t t1, t2;
  void *(*r)(void *) = pick();
  pthread_create(&t1, 0, r, 0);
  pthread_create(&t2, 0, pick(), 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return g;
}
