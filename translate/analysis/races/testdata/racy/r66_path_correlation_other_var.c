/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: main locks m when i is non-zero but increments glob when j is non-zero (line 20): with j set and i not, glob++ runs without m and races with the thread's increment (line 11).
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
  int i = argc > 1, j = argc > 2 || argc == 1;
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  if (i) pthread_mutex_lock(&m);
  if (j) glob++; /* race */
  if (i) pthread_mutex_unlock(&m);
  return 0;
}
