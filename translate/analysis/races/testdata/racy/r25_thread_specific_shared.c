/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: both threads store the same pointer REASONshared as their thread-specific value and write through pthread_getspecific (line 14, two instances of it): thread-specific slots are private, the pointee is not.
 */
#include <pthread.h>

pthread_key_t key;
int shared;

void *worker(void *arg) {
  pthread_setspecific(key, &shared);
  int *p = pthread_getspecific(key);
  *p = *p + 1; /* race */
  return 0;
}

int main(void) {
  pthread_key_create(&key, 0);
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return shared;
}
