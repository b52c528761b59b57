/* origin: written for ladr (after goblint's 04-mutex/07-ps_nr)
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: main locks m only when i is non-zero and increments glob under the same test of i, which it never changes in between: on every path that reaches glob++ (line 21), m is held.
 */
#include <pthread.h>
int glob;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *t_fun(void *arg) {
  pthread_mutex_lock(&m);
  glob++;
  pthread_mutex_unlock(&m);
  return 0;
}
int main(int argc, char **argv) {
  int i = argc > 1;
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  if (i) pthread_mutex_lock(&m);
  if (i) glob++;
  if (i) pthread_mutex_unlock(&m);
  return 0;
}
