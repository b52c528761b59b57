/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: every access of an object's count holds that object's own mutex, taken through the same pointer (p->m, then p->count); two threads either lock one object's mutex or touch different objects.
 */
#include <pthread.h>
struct obj { pthread_mutex_t m; int count; };
struct obj objs[4];
void add(struct obj *p) {
  pthread_mutex_lock(&p->m);
  p->count++;
  pthread_mutex_unlock(&p->m);
}
void *w(void *arg) {
  for (int i = 0; i < 4; i++)
    add(&objs[i]);
  return 0;
}
int main(void) {
  for (int i = 0; i < 4; i++)
    pthread_mutex_init(&objs[i].m, 0);
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, 0);
  pthread_create(&t2, 0, w, 0);
  for (int i = 3; i >= 0; i--)
    add(&objs[i]);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return objs[0].count;
}
