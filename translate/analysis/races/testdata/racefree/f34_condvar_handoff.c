/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: data is written by the producer before it sets ready under m, and read by the consumer only after it observed ready under m (predicate loop around pthread_cond_wait); the mutex orders write before read. data itself is accessed outside the lock, so a lockset analysis cannot prove it.
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;
int data;

void *producer(void *arg) {
  data = 42;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  return (void *)(long)data;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&q, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(q, 0);
  return 0;
}
