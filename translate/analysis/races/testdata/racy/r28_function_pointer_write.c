/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread a calls through a function pointer table; the selected function set_g writes g while thread b writes g (lines 11 and 22).
 */
#include <pthread.h>

int g, h;

void set_h(void) { h = 1; }
void set_g(void) { g = 1; /* race */ }

void (*ops[2])(void) = { set_h, set_g };
int which = 1;

void *a(void *arg) {
  ops[which]();
  return 0;
}

void *b(void *arg) {
  g = 2; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return g;
}
