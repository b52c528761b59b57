int main()
{
  int a = nondet_int(), b = nondet_int();
  int result = a + b;
  return 0;
}