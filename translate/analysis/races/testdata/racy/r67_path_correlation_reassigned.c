/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main tests i to lock m, then sets i again from its arguments before the test that guards glob++ (line 22): the second test may hold where the first did not, and glob++ then races with the thread's increment (line 11).
 */
#include <pthread.h>
int glob;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t_fun(void *arg) {
  pthread_mutex_lock(&m);
  glob++; /* race */
  pthread_mutex_unlock(&m);
  return 0;
}
int main(int argc, char **argv) {
  int i = argc > 1;
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  if (i) pthread_mutex_lock(&m);
  if (i) pthread_mutex_unlock(&m);
  i = argc > 2;
  if (i) glob++; /* race */
  return 0;
}
