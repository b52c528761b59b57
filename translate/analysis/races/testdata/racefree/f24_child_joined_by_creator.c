/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: each worker creates a helper writing its own global, joins it, then reads that global; main reads the globals after joining both workers. The helpers of the two workers use different globals (ga, gb).
 */
#include <pthread.h>

int ga, gb;

void *help_a(void *arg) { ga = 1; return 0; }
void *help_b(void *arg) { gb = 2; return 0; }

void *work_a(void *arg) {
  pthread_t h;
  pthread_create(&h, 0, help_a, 0);
  pthread_join(h, 0);
  ga += 10;
  return 0;
}

void *work_b(void *arg) {
  pthread_t h;
  pthread_create(&h, 0, help_b, 0);
  pthread_join(h, 0);
  gb += 20;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, work_a, 0);
  pthread_create(&b, 0, work_b, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return ga + gb;
}
