/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: one routine advances next by 2, the other by 1, each under m right after reading it: each take reserves its own cells (j and j + 1 for the first, lines 17, 18; j for the second, line 28), so the blocks never overlap. The prover asks every write of a counter to use one step and does not prove it.
 */
#include <pthread.h>
int memory[100];
int next = 1;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *two(void *arg) {
  int j;
  pthread_mutex_lock(&m);
  j = next;
  next += 2;
  pthread_mutex_unlock(&m);
  if (j > 90) return 0;
  memory[j] = 1;
  memory[j + 1] = 2;
  return 0;
}
void *one(void *arg) {
  int j;
  pthread_mutex_lock(&m);
  j = next;
  next++;
  pthread_mutex_unlock(&m);
  if (j > 90) return 0;
  memory[j] = 3;
  return 0;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, two, 0);
  pthread_create(&b, 0, one, 0);
  return 0;
}
