/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: main allocates a single object with a mutex field and gives it to both threads; its val field is only accessed while holding the mutex of that same object (o->m), main reads it after the joins.
 */
#include <pthread.h>
#include <stdlib.h>

struct obj { pthread_mutex_t m; int val; };

void *worker(void *arg) {
  struct obj *o = arg;
  pthread_mutex_lock(&o->m);
  o->val++;
  pthread_mutex_unlock(&o->m);
  return 0;
}

int main(void) {
  struct obj *o = malloc(sizeof *o);
  if (!o)
    return 1;
  pthread_mutex_init(&o->m, 0);
  o->val = 0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, worker, o);
  pthread_create(&t2, 0, worker, o);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  int v = o->val;
  free(o);
  return v;
}
