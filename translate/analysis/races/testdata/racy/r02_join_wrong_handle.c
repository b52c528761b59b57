/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: t1 is joined twice and t2 never; main writes x (lines 13 and 22) after the first join while t2 may still write it. The second join of t1 (undefined behaviour) comes after the race.
 */
#include <pthread.h>

int x;

void *w1(void *arg) { return 0; }

void *w2(void *arg) {
  x = 2; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w1, 0);
  pthread_create(&t2, 0, w2, 0);
  pthread_join(t1, 0);
  x = 1; /* race */
  pthread_join(t1, 0); /* wrong handle: should be t2 */
  return 0;
}
