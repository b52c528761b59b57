/* origin: written for ladr (after SV-COMP pthread-ext/25_stack)
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: the first thread to take l reads state 0 and initializes top (line 16) before setting state to 1; state never returns to 0, so every other thread reads 1 under l after that critical section, and its accesses of top (lines 22, 23) come after the initialization; they hold m, as the other accesses of top do.
 */
#include <pthread.h>
pthread_mutex_t l = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int state;
int top;
void *thr(void *arg) {
  pthread_mutex_lock(&l);
  switch (state) {
  case 0:
    top = 0;
    state = 1;
  case 1:
    pthread_mutex_unlock(&l);
    for (;;) {
      pthread_mutex_lock(&m);
      top++;
      if (top > 10) top = 0;
      pthread_mutex_unlock(&m);
    }
  }
  return 0;
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
