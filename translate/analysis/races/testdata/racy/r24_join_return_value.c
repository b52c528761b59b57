/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: `owner` allocates a cell, hands it to an unjoined `keeper` thread and returns it; main gets it from pthread_join and writes it while keeper writes it too (lines 11 and 30).
 */
#include <pthread.h>
#include <stdlib.h>

void *keeper(void *arg) {
  int *cell = arg;
  *cell = 1; /* race */
  return 0;
}

void *owner(void *arg) {
  int *cell = malloc(sizeof *cell);
  if (!cell)
    return 0;
  pthread_t k;
  pthread_create(&k, 0, keeper, cell);
  return cell;
}

int main(void) {
  pthread_t o;
  void *res;
  pthread_create(&o, 0, owner, 0);
  pthread_join(o, &res);
  if (res)
    *(int *)res = 2; /* race */
  return 0;
}
