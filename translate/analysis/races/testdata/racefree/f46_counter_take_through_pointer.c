/* origin: written for ladr (after SV-COMP pthread-ext/37_stack_lock_p0_vs_concur)
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: take() stores the index it takes from next (next += 2, every write of next, in an atomic section) through a pointer to the caller's j; the caller writes cells j and j + 1 only (lines 24, 25), after excluding the failure value 0, so two threads never write one cell.
 */
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int memory[65];
int next = 1;
void take(int *out) {
  __VERIFIER_atomic_begin();
  if (next + 1 > 64) *out = 0;
  else *out = next, next += 2;
  __VERIFIER_atomic_end();
}
void *thr(void *arg) {
  for (;;) {
    int j = -1;
    take(&j);
    if (j == 0)
      return 0;
    memory[j + 0] = 1;
    memory[j + 1] = 2;
  }
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
