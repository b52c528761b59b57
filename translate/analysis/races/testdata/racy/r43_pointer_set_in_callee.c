/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: a helper stores REASONx through a pointer-to-pointer parameter; the thread writes through the stored pointer while main writes x (lines 14 and 22).
 */
#include <pthread.h>

int x, y;
int *target = &y;

void retarget(int **pp) { *pp = &x; }

void *worker(void *arg) {
  *target = 1; /* race */
  return 0;
}

int main(void) {
  retarget(&target);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 2; /* race */
  pthread_join(t, 0);
  return 0;
}
