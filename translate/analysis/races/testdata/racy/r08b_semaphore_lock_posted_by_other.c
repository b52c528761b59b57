/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: a binary semaphore used as a lock is posted by a thread that does not hold it (legal for semaphores), so both threads get past sem_wait and write x (lines 14 and 22). Same trap as r08 without undefined behaviour.
 */
#include <pthread.h>
#include <semaphore.h>

sem_t s;
int x;

void *t1(void *arg) {
  sem_wait(&s);
  x = 1; /* race */
  sem_post(&s);
  return 0;
}

void *t2(void *arg) {
  sem_post(&s); /* not the holder: count may become 2 */
  sem_wait(&s);
  x = 2; /* race */
  sem_post(&s);
  return 0;
}

int main(void) {
  sem_init(&s, 0, 1);
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x;
}
