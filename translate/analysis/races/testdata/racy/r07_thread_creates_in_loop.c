/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread `spawner` creates two `worker`s in a loop before joining them; they write total concurrently (line 11, two instances of it).
 */
#include <pthread.h>

int total;

void *worker(void *arg) {
  total += 1; /* race */
  return 0;
}

void *spawner(void *arg) {
  pthread_t w[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&w[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(w[i], 0);
  return 0;
}

int main(void) {
  pthread_t s;
  pthread_create(&s, 0, spawner, 0);
  pthread_join(s, 0);
  return total;
}
