/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: thread i gets the address of its own element slot[i] (distinct per iteration) and writes only that element; main reads the array only after joining all threads. Hard: needs per-iteration distinction of the argument (index sensitivity).
 */
#include <pthread.h>

#define N 3
int slot[N];

void *worker(void *arg) {
  int *mine = arg;
  *mine = *mine + 1;
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, worker, &slot[i]);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  int s = 0;
  for (int i = 0; i < N; i++)
    s += slot[i];
  return s;
}
