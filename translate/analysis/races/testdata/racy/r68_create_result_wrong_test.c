/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: start() returns 0 when it created the threads, but main joins them only when it returned -1: on the path that created them, main's write (line 31) races with the threads' increments (line 12).
 */
#include <pthread.h>
struct data { pthread_mutex_t lock; int a; };
pthread_t t1, t2;
void *cb(void *arg) {
  struct data *d = arg;
  pthread_mutex_lock(&d->lock);
  d->a++; /* race */
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
  if (r == -1) { pthread_join(t1, 0); pthread_join(t2, 0); }
  d.a = -1; /* race */
  return d.a;
}
