/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: main fills the heap block before creating the threads, the threads only read it, and main frees it after joining them.
 */
#include <pthread.h>
#include <stdlib.h>

int *table;
int sums[2];

void *worker(void *arg) {
  long id = (long)arg;
  int s = 0;
  for (int i = 0; i < 4; i++)
    s += table[i];
  sums[id] = s;
  return 0;
}

int main(void) {
  table = malloc(4 * sizeof(int));
  if (!table)
    return 1;
  for (int i = 0; i < 4; i++)
    table[i] = i;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)0L);
  pthread_create(&t2, 0, worker, (void *)1L);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  free(table);
  return sums[0] + sums[1];
}
