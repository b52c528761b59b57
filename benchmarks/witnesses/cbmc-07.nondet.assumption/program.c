extern void __VERIFIER_error() ;
extern int __VERIFIER_nondet_int();

void main() {
    int a = __VERIFIER_nondet_int();
    if (a == 1 || a == 2 || a == 3) {
        __VERIFIER_error();
    }
}