/* origin: written for ladr (found by the lockset unit tests)
 * licence: MIT
 * expected: race
 * reason: the trylock's result r stays 0 after the unlock; the second test of r (line 13) writes g without m, racing with main's write under m (line 18).
 */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int g;
void *w(void *a) {
  int r = pthread_mutex_trylock(&m);
  if (r == 0)
    pthread_mutex_unlock(&m);
  if (r == 0) g = 1; /* race */
  return 0;
}
int main(void) {
  pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); g = 2; /* race */ pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return 0;
}
