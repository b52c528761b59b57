/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: one struct (with its own mutex) is malloc'd per loop iteration; each thread locks its object's mutex, so the "same" lock o->m is a different mutex per thread and the global counter (line 15, two instances of it) is unprotected.
 */
#include <pthread.h>
#include <stdlib.h>

struct obj { pthread_mutex_t m; int id; };
int counter;

void *worker(void *arg) {
  struct obj *o = arg;
  pthread_mutex_lock(&o->m);
  counter++; /* race */
  pthread_mutex_unlock(&o->m);
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) {
    struct obj *o = malloc(sizeof *o);
    if (!o)
      return 1;
    pthread_mutex_init(&o->m, 0);
    o->id = i;
    pthread_create(&t[i], 0, worker, o);
  }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  return counter;
}
