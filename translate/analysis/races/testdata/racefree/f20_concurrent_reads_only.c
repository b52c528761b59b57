/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: config is written before any thread is created; afterwards all threads and main only read it (reads never race).
 */
#include <pthread.h>

int config[3];

void *worker(void *arg) {
  long s = 0;
  for (int i = 0; i < 3; i++)
    s += config[i];
  return (void *)s;
}

int main(void) {
  config[0] = 1;
  config[1] = 2;
  config[2] = 3;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  int v = config[1];
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return v;
}
