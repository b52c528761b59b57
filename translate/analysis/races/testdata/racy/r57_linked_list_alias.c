/* origin: written for ladr
 * licence: MIT
 * expected: race
 * reason: the second list node is reached as head->next by thread a and as the separately kept pointer tail by thread b; both write its val (lines 13 and 18).
 */
#include <pthread.h>
#include <stdlib.h>

struct node { int val; struct node *next; };
struct node *head, *tail;

void *a(void *arg) {
  head->next->val = 1; /* race */
  return 0;
}

void *b(void *arg) {
  tail->val = 2; /* race */
  return 0;
}

int main(void) {
  struct node *n1 = malloc(sizeof *n1), *n2 = malloc(sizeof *n2);
  if (!n1 || !n2)
    return 1;
  n2->val = 0;
  n2->next = 0;
  n1->val = 0;
  n1->next = n2;
  head = n1;
  tail = n2;
  pthread_t t1, t2;
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
