/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: thread a computes the address of s.b from REASONs.a by byte arithmetic (offsetof) and writes it; thread b writes s.b (lines 15 and 20).
 */
#include <pthread.h>
#include <stddef.h>

struct pair { int a; int b; };
struct pair s;

void *a(void *arg) {
  char *base = (char *)&s.a;
  int *pb = (int *)(base + (offsetof(struct pair, b) - offsetof(struct pair, a)));
  *pb = 1; /* race */
  return 0;
}

void *b(void *arg) {
  s.b = 2; /* race */
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return s.b;
}
