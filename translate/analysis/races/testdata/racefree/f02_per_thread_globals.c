/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: each global is written by exactly one thread (a by ta, b by tb), and main reads both only after joining both threads.
 */
#include <pthread.h>

int a, b;

void *ta(void *arg) {
  for (int i = 0; i < 3; i++)
    a += i;
  return 0;
}

void *tb(void *arg) {
  for (int i = 0; i < 3; i++)
    b -= i;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, ta, 0);
  pthread_create(&t2, 0, tb, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return a + b;
}
