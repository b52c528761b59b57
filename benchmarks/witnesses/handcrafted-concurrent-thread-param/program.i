// Concurrent violation in which the spawned thread does something noteworthy
// with its argument: it dereferences the pointer it was handed and writes the
// pointed-to value into the shared variable x. The witness orders the spawned
// thread's write before main's read, so reach_error() becomes reachable. This
// exercises that the instrumentation keeps the original StartLabel argument
// while adding the logical-thread-id parameter.

typedef unsigned long int pthread_t;
union pthread_attr_t { char __size[56]; long int __align; };
typedef union pthread_attr_t pthread_attr_t;
extern int pthread_create(pthread_t *__newthread, const pthread_attr_t *__attr, void *(*__start_routine)(void *), void *__arg);
extern int pthread_join(pthread_t __th, void **__thread_return);
void reach_error() {}

int x = 0;
int value = 1;

void *writer(void *arg) {
    int *p = arg;
    x = *p;
    return ((void *)0);
}

int main(void) {
    pthread_t t;
    pthread_create(&t, ((void *)0), writer, &value);
    if (x == 1) {
        reach_error();
    }
    pthread_join(t, ((void *)0));
    return 0;
}
