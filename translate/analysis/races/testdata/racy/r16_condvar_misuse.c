/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the producer writes data after signalling and outside the lock; the consumer reads it after its wait (lines 18 and 27). The wait orders nothing with the later write.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;
int data;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  data = 42; /* race */
  return 0;
}

void *consumer(void *arg) {
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return (void *)(long)data; /* race */
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&q, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(q, 0);
  return 0;
}
