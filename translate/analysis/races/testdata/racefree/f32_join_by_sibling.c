/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: not-expected
 * reason: second joins first (handle published in a global before second is created) before writing g, so the writes of first and second are ordered; main reads g after joining second. Needs join reasoning across threads.
 */
#include <pthread.h>

int g;
pthread_t first_handle;

void *first(void *arg) {
  g = 1;
  return 0;
}

void *second(void *arg) {
  pthread_join(first_handle, 0);
  g = g + 1;
  return 0;
}

int main(void) {
  pthread_t s;
  pthread_create(&first_handle, 0, first, 0);
  pthread_create(&s, 0, second, 0);
  pthread_join(s, 0);
  return g;
}
