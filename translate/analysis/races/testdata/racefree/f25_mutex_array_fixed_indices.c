/* origin: written for ladr
 * licence: MIT
 * expected: race-free
 * proof: expected
 * reason: locks[0] always protects x and locks[1] always protects y (constant indices); every access holds the right element.
 */
#include <pthread.h>

pthread_mutex_t locks[2] = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER };
int x, y;

void *t1(void *arg) {
  pthread_mutex_lock(&locks[0]);
  x++;
  pthread_mutex_unlock(&locks[0]);
  pthread_mutex_lock(&locks[1]);
  y++;
  pthread_mutex_unlock(&locks[1]);
  return 0;
}

void *t2(void *arg) {
  pthread_mutex_lock(&locks[1]);
  pthread_mutex_lock(&locks[0]);
  x = y;
  pthread_mutex_unlock(&locks[0]);
  pthread_mutex_unlock(&locks[1]);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return x + y;
}
