/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: format() returns its static buffer; both threads call it, so the writes into the one static buf (line 10, two instances of it) race.
 */
#include <pthread.h>

char *format(int v) {
  static char buf[4];
  buf[0] = (char)('0' + v); /* race */
  buf[1] = 0;
  return buf;
}

void *worker(void *arg) {
  long id = (long)arg;
  char *s = format((int)id);
  return s;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, (void *)1L);
  pthread_create(&t2, 0, worker, (void *)2L);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
