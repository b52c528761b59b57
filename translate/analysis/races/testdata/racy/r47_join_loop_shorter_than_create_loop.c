/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: three threads are created but the join loop stops after two; the last one may still write done_count when main writes it (lines 13 and 24).
 */
#include <pthread.h>

int done_count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  done_count++; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  done_count = 0; /* race */
  return 0;
}
