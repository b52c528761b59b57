/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread i writes *targets[i]; the two slots of targets hold the same address REASONx, so the two writes (line 13, two instances of it) hit the same int although the slots differ.
 */
#include <pthread.h>

int x, y;
int *targets[2];

void *worker(void *arg) {
  long i = (long)arg;
  *targets[i] = (int)i; /* race */
  return 0;
}

int main(void) {
  targets[0] = &x;
  targets[1] = &y;
  targets[1] = &x;
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return x + y;
}
