/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread reads state in one critical section and initializes in a later one: two threads may both read 0, and the second initialization (line 17) runs while the first thread increments top without the lock (line 21).
 */
#include <pthread.h>
pthread_mutex_t l = PTHREAD_MUTEX_INITIALIZER;
int state;
int top;
void *thr(void *arg) {
  int t;
  pthread_mutex_lock(&l);
  t = state;
  pthread_mutex_unlock(&l);
  pthread_mutex_lock(&l);
  if (t == 0) {
    top = 0; /* race */
    state = 1;
  }
  pthread_mutex_unlock(&l);
  top++; /* race */
  return 0;
}
int main(void) {
  pthread_t t;
  for (;;) pthread_create(&t, 0, thr, 0);
}
