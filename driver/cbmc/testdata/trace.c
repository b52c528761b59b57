int __VERIFIER_nondet_int(void);
struct S { int a; char b; };
struct S g;
int arr[2];
__CPROVER_bitvector[3] bv;
int inc(int v) { return v + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct S s = g;
  s.a = x;
  arr[1] = 5;
  bv = 5;
  int y = inc(x & 15);
  __CPROVER_assert(y != 8, "y is not 8");
  return 0;
}
