/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: the consumer reads data only after sem_wait(REASONready), and the semaphore starts at 0 and is posted only by the producer after it wrote data, so the write happens before the read. Needs reasoning about semaphore counts.
 */
#include <pthread.h>
#include <semaphore.h>

sem_t ready;
int data;

void *producer(void *arg) {
  data = 42;
  sem_post(&ready);
  return 0;
}

void *consumer(void *arg) {
  sem_wait(&ready);
  return (void *)(long)data;
}

int main(void) {
  sem_init(&ready, 0, 0);
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
