/* origin: written for ladr (found by the lockset unit tests)
 * licence: MIT
 * expected: race
 * reason: ms and &ms[0] are one mutex; the unlock through ms releases it, so the thread's write of g (line 13) runs without the lock, racing with main's write under it (line 18).
 */
#include <pthread.h>
pthread_mutex_t ms[2];
int g, c;
void *w(void *a) {
  pthread_mutex_lock(&ms[0]);
  if (c) pthread_mutex_lock(ms);
  pthread_mutex_unlock(ms);
  g = 1; /* race */
  return 0;
}
int main(void) {
  pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&ms[0]); g = 2; /* race */ pthread_mutex_unlock(&ms[0]);
  pthread_join(t, 0);
  return 0;
}
