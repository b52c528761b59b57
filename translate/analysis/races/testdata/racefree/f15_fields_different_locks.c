/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: field s.a is always accessed under la and field s.b always under lb; the two fields are distinct memory locations, so each has a consistent lock.
 */
#include <pthread.h>

struct stats { int a; int b; };
struct stats s;
pthread_mutex_t la = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t lb = PTHREAD_MUTEX_INITIALIZER;

void *t1(void *arg) {
  pthread_mutex_lock(&la);
  s.a++;
  pthread_mutex_unlock(&la);
  pthread_mutex_lock(&lb);
  s.b += 2;
  pthread_mutex_unlock(&lb);
  return 0;
}

void *t2(void *arg) {
  pthread_mutex_lock(&lb);
  s.b--;
  pthread_mutex_unlock(&lb);
  pthread_mutex_lock(&la);
  s.a = s.a * 2;
  pthread_mutex_unlock(&la);
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  return s.a + s.b;
}
