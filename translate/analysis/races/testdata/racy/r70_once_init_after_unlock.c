/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the initializing thread sets state and releases l before it writes top (line 15): another thread may read state 1 and increment top (line 20) at the same time.
 */
#include <pthread.h>
pthread_mutex_t l = PTHREAD_MUTEX_INITIALIZER;
int state;
int top;
void *thr(void *arg) {
  pthread_mutex_lock(&l);
  if (state == 0) {
    state = 1;
    pthread_mutex_unlock(&l);
    top = 5; /* race */
    return 0;
  }
  pthread_mutex_unlock(&l);
  pthread_mutex_lock(&l);
  top++; /* race */
  pthread_mutex_unlock(&l);
  return 0;
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
