/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: each thread reads the counter under the lock (line 13) but increments it in a later critical section (line 15), so two threads may take the same index and both write datas[j] (lines 16, 17).
 */
#include <pthread.h>
int datas[8];
int next_j;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *thread(void *arg) {
  int j;
  pthread_mutex_lock(&m);
  j = next_j;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m); next_j++; pthread_mutex_unlock(&m);
  datas[j & 7] = 1; /* race */
  datas[j] = 2; /* race */
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, thread, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  return 0;
}
