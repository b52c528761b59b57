/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: two instances of `worker`, created by one pthread_create in a loop, increment counter without a lock (line 11, two instances of it).
 */
#include <pthread.h>

int counter;

void *worker(void *arg) {
  counter = counter + 1; /* race */
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return counter;
}
