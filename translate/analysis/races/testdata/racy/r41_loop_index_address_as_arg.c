/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread gets REASONi, the loop counter of main; main increments i while the threads read it (lines 11 and 20).
 */
#include <pthread.h>

int seen[2];

void *worker(void *arg) {
  int id = *(int *)arg; /* race */
  if (id >= 0 && id < 2)
    seen[id] = 1;
  return 0;
}

int main(void) {
  pthread_t t[2];
  int i;
  for (i = 0; i < 2; i++) /* race */
    pthread_create(&t[i], 0, worker, &i);
  for (int j = 0; j < 2; j++)
    pthread_join(t[j], 0);
  return 0;
}
