/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the threads created in the loop only read the init-before-create global base and write nothing shared; main reads/writes base only before the first create and after the last join.
 */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int base;

void *worker(void *arg) {
  int local = base;
  for (int i = 0; i < local; i++)
    local--;
  return (void *)(long)local;
}

int main(void) {
  base = __VERIFIER_nondet_int();
  pthread_t t[4];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4)
    n = 4;
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  base = 0;
  return base;
}
