/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the grandchild started by `parent` is never joined; it writes g (lines 11 and 25) after main joined only the parent.
 */
#include <pthread.h>

int g;

void *grandchild(void *arg) {
  g = 2; /* race */
  return 0;
}

void *parent(void *arg) {
  pthread_t c;
  pthread_create(&c, 0, grandchild, 0);
  return 0; /* c is never joined */
}

int main(void) {
  pthread_t p;
  pthread_create(&p, 0, parent, 0);
  pthread_join(p, 0);
  g = 1; /* race */
  return 0;
}
