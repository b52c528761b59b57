/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: a heap block stores REASONx; realloc copies the block, and the thread writes through the pointer read from the reallocated block while main writes x (lines 13 and 28).
 */
#include <pthread.h>
#include <stdlib.h>

int x;
int **table;

void *worker(void *arg) {
  *table[0] = 7; /* race */
  return 0;
}

int main(void) {
  int **b = malloc(sizeof(int *));
  if (!b)
    return 1;
  b[0] = &x;
  int **nb = realloc(b, 4 * sizeof(int *));
  if (!nb)
    return 1;
  table = nb;
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  x = 3; /* race */
  pthread_join(t, 0);
  return 0;
}
