/* origin: written for ladr (after SV-COMP pthread-ext/37_stack_lock_p0_vs_concur)
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: alloc() takes two cells at a time (next += 2, every write of next, under m); a thread writes only cells j and j + 1 of the block it took (lines 27, 28), and the failure value 0 is excluded by the test before them, so two threads never write one cell.
 */
#include <pthread.h>
int memory[65];
int next = 1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int alloc(void) {
  int j = -1;
  pthread_mutex_lock(&m);
  if (next + 1 > 64) {
    j = 0;
  } else {
    j = next;
    next += 2;
  }
  pthread_mutex_unlock(&m);
  return j;
}
void *thr(void *arg) {
  for (;;) {
    int j = alloc();
    if (j == 0) return 0;
    memory[j + 0] = 1;
    memory[j + 1] = 2;
  }
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
