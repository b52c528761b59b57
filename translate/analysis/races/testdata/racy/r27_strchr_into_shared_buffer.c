/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: strchr returns a pointer into the shared buffer buf; thread a writes buf[1] through it while thread b writes buf[1] directly (lines 14 and 19).
 */
#include <pthread.h>
#include <string.h>

char buf[16] = "a,b,c";

void *a(void *arg) {
  char *p = strchr(buf, ',');
  if (p)
    *p = ';'; /* race */
  return 0;
}

void *b(void *arg) {
  buf[1] = ':'; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return buf[1];
}
