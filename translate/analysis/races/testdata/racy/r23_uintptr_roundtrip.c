/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the address of x is kept in a uintptr_t global and cast back to a pointer by the thread, which writes it while main writes x (lines 14 and 22).
 */
#include <pthread.h>
#include <stdint.h>

int x;
uintptr_t addr;

void *worker(void *arg) {
  int *p = (int *)(addr + 0);
  *p = 1; /* race */
  return 0;
}

int main(void) {
  addr = (uintptr_t)&x;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 2; /* race */
  pthread_join(t, 0);
  return 0;
}
