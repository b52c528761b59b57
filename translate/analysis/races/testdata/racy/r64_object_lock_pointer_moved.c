/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the thread locks the mutex of the object p points to, then moves p to the other object and writes its count (line 16) without that object's mutex; main writes a.count under a.m (line 22).
 */
#include <pthread.h>
struct obj { pthread_mutex_t m; int count; };
struct obj a = { PTHREAD_MUTEX_INITIALIZER, 0 }, b = { PTHREAD_MUTEX_INITIALIZER, 0 };
int c;
void *w(void *arg) {
  struct obj *p = c ? &a : &b;
  pthread_mutex_lock(&p->m);
  struct obj *q = p;
  p = (p == &a) ? &b : &a;
  p->count++; /* race */
  pthread_mutex_unlock(&q->m);
  return 0;
}
int main(void) {
  pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&a.m); a.count = 5; /* race */ pthread_mutex_unlock(&a.m);
  pthread_join(t, 0);
  return 0;
}
