/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread i gets REASONslot[i] but also writes the next element mine[1] = slot[i+1], which thread i+1 writes as its own (lines 13 and 14).
 */
#include <pthread.h>

#define N 3
int slot[N + 1];

void *worker(void *arg) {
  int *mine = arg;
  mine[0] = 1; /* race */
  mine[1] = 2; /* race */
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, &slot[i]);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  return slot[1];
}
