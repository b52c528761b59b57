/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the thread argument carries a function pointer; both threads call it and the callee bump writes hits unprotected (line 11, two instances of it).
 */
#include <pthread.h>

struct job { void (*fn)(int); int v; };
int hits;

void bump(int v) { hits += v; /* race */ }
void nop(int v) { (void)v; }

void *run(void *arg) {
  struct job *j = arg;
  j->fn(j->v);
  return 0;
}

int main(void) {
  struct job a = { nop, 1 }, b = { nop, 2 };
  a.fn = bump;
  b.fn = bump;
  pthread_t t1, t2;
  pthread_create(&t1, 0, run, &a);
  pthread_create(&t2, 0, run, &b);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return hits;
}
