/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: a thread sets state back to 0 (line 20), so a later thread initializes top again (line 14) while an earlier one, which saw state 1, increments it without l (line 18).
 */
#include <pthread.h>
pthread_mutex_t l = PTHREAD_MUTEX_INITIALIZER;
int state;
int top;
void *thr(void *arg) {
  pthread_mutex_lock(&l);
  switch (state) {
  case 0:
    top = 0; /* race */
    state = 1;
  case 1:
    pthread_mutex_unlock(&l);
    top++; /* race */
  }
  pthread_mutex_lock(&l); state = 0; pthread_mutex_unlock(&l);
  return 0;
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
