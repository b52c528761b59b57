/* origin: written for ladr (after ldv-races race-2_1-container_of)
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: start() returns 0 exactly when it created the two threads; main joins them when it returned 0, and otherwise none runs: the writes of main (line 32) never overlap a thread.
 */
#include <pthread.h>
struct data { pthread_mutex_t lock; int a; };
pthread_t t1, t2;
void *cb(void *arg) {
  struct data *d = arg;
  pthread_mutex_lock(&d->lock);
  d->a++;
  pthread_mutex_unlock(&d->lock);
  return 0;
}
int start(struct data *d, int fail) {
  pthread_mutex_init(&d->lock, 0);
  d->a = 0;
  if (fail)
    goto out;
  pthread_create(&t1, 0, cb, d);
  pthread_create(&t2, 0, cb, d);
  return 0;
out:
  return -1;
}
int main(int argc, char **argv) {
  struct data d;
  int r = start(&d, argc > 2);
  if (r == 0) { pthread_join(t1, 0); pthread_join(t2, 0); }
  d.a = -1;
  return d.a;
}
