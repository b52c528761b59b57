/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the loop creates the thread in its first iteration (state 0) and joins it only when state is 2, which the second iteration sets but a single iteration never reaches; after a loop of one iteration, main's write (line 21) races with the thread's (line 9).
 */
#include <pthread.h>
int x;
void *t(void *arg) {
  x = 1; /* race */
  return 0;
}
int main(int argc, char **argv) {
  pthread_t id;
  int state = 0;
  for (int k = 0; k < argc; k++) {
    if (state == 0) { pthread_create(&id, 0, t, 0); state = 1; }
    else if (state == 1) state = 2;
  }
  if (state == 2) pthread_join(id, 0);
  if (state == 1 && argc > 5) pthread_join(id, 0);
  x = 2; /* race */
  return 0;
}
