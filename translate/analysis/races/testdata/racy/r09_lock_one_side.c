/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the reader takes m, the writer does not: x (lines 12 and 19).
 */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *writer(void *arg) {
  x = 42; /* race */
  return 0;
}

void *reader(void *arg) {
  int v;
  pthread_mutex_lock(&m);
  v = x; /* race */
  pthread_mutex_unlock(&m);
  return (void *)(long)v;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
