/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the thread-specific-data destructor runs at the exit of the worker and writes last_freed; main writes it without joining the worker (lines 13 and 25).
 */
#include <pthread.h>

pthread_key_t key;
int last_freed;
int token;

void destroy(void *v) {
  last_freed = 1; /* race */
}

void *worker(void *arg) {
  pthread_setspecific(key, &token);
  return 0;
}

int main(void) {
  pthread_key_create(&key, destroy);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  last_freed = 2; /* race */
  pthread_detach(t);
  return 0;
}
