/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: memset in thread a writes every byte of the shared struct st, including st.count which thread b writes (lines 13 and 18).
 */
#include <pthread.h>
#include <string.h>

struct stats { int hits; int count; };
struct stats st;

void *a(void *arg) {
  memset(&st, 0, sizeof st); /* race */
  return 0;
}

void *b(void *arg) {
  st.count = 3; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return st.count;
}
