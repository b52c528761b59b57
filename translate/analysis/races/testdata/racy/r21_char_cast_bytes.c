/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread a writes byte 1 of the int x through a char pointer; thread b writes the whole int (lines 12 and 17).
 */
#include <pthread.h>

int x;

void *a(void *arg) {
  unsigned char *bytes = (unsigned char *)&x;
  bytes[1] = 0xff; /* race */
  return 0;
}

void *b(void *arg) {
  x = 0x12345678; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
