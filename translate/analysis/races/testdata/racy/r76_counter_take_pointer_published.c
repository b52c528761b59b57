/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: every thread publishes the pointer to its j in shared (line 27, a race between two threads by itself), and another thread stores 1 through it after the take: two threads may then write memory[1] (line 29), one with the index it took and one with the value stored there.
 */
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int memory[65];
int next = 1;
int *volatile shared;
void take(int *out) {
  __VERIFIER_atomic_begin();
  if (next + 1 > 64) *out = 0;
  else *out = next, next += 2;
  __VERIFIER_atomic_end();
}
void *meddle(void *arg) {
  int *p = shared;
  if (p) *p = 1;
  return 0;
}
void *thr(void *arg) {
  int j = -1;
  int *pj = &j;
  take(pj);
  shared = pj; /* race */
  if (j == 0) return 0;
  memory[j] = 2; /* race */
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, meddle, 0);
  for (;;) pthread_create(&t, 0, thr, 0);
}
