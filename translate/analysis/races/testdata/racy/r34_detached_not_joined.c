/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main joins t2 only; the detached t1 may still write x when main writes it after the join (lines 11 and 23).
 */
#include <pthread.h>

int x;

void *detached(void *arg) {
  x = 1; /* race */
  return 0;
}

void *joined(void *arg) { return 0; }

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, detached, 0);
  pthread_detach(t1);
  pthread_create(&t2, 0, joined, 0);
  pthread_join(t2, 0);
  x = 2; /* race */
  return 0;
}
