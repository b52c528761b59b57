/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the recursive walk reaches the write of g only at depth 3 (lines 12 and 26); main writes g before joining.
 */
#include <pthread.h>

int g;

void walk(int depth) {
  if (depth == 0) {
    g = 1; /* race */
    return;
  }
  walk(depth - 1);
}

void *worker(void *arg) {
  walk(3);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  g = 2; /* race */
  pthread_join(t, 0);
  return 0;
}
