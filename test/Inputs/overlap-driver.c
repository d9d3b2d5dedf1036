// Calls the CUDA host functions and the originals (renamed ref_*) on
// overlapping arguments and compares every element.
#include <math.h>
#include <stdio.h>
void shift(int n, float *x, float *y);
void ref_shift(int n, float *x, float *y);
void shift_vla(int n, float *x, float *y, float *z);
void ref_shift_vla(int n, float *x, float *y, float *z);
void axpy(int n, float a, float *x, float *y);
void ref_axpy(int n, float a, float *x, float *y);
void prefix(int n, float *x, float *y);
void ref_prefix(int n, float *x, float *y);
static int same(const char *what, const float *a, const float *b, int n) {
  for (int i = 0; i < n; i++)
    if (fabsf(a[i] - b[i]) > 1e-5f * fmaxf(1.0f, fabsf(a[i]))) {
      printf("FAIL %s: element %d: original %g, cuda %g\n", what, i, a[i], b[i]);
      return 1;
    }
  printf("PASS %s\n", what);
  return 0;
}
int main(void) {
  enum { N = 300 };
  float a[2 * N], b[2 * N];
  int failures = 0;
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * i - 3.0f;
  ref_shift(N, a, a + 1);
  shift(N, b, b + 1);
  failures += same("shift(n, x, x + 1)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.5f * (i % 7);
  ref_shift(N, a + 2, a);
  shift(N, b + 2, b);
  failures += same("shift(n, x + 2, x)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 1.0f + (i % 5);
  ref_shift(N, a, a);
  shift(N, b, b);
  failures += same("shift(n, x, x)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.125f * (i % 11);
  ref_shift_vla(N / 2, a, a + 3, a + 1);
  shift_vla(N / 2, b, b + 3, b + 1);
  failures += same("shift_vla(n, x, x + 3, x + 1)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.125f * (i % 11);
  ref_shift_vla(N / 2, a, a + N / 2, a + N);
  shift_vla(N / 2, b, b + N / 2, b + N);
  failures += same("shift_vla on disjoint ranges", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.5f * (i % 7);
  ref_shift(N, a, a + N);
  shift(N, b, b + N);
  failures += same("shift on disjoint ranges", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_axpy(N, 0.5f, a, a + 1);
  axpy(N, 0.5f, b, b + 1);
  failures += same("axpy(n, a, x, x + 1)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_axpy(N, 0.5f, a + 1, a);
  axpy(N, 0.5f, b + 1, b);
  failures += same("axpy(n, a, x + 1, x)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_axpy(N, 0.5f, a, a);
  axpy(N, 0.5f, b, b);
  failures += same("axpy(n, a, x, x)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_axpy(N, 0.5f, a, a + N);
  axpy(N, 0.5f, b, b + N);
  failures += same("axpy on disjoint ranges", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_axpy(N, 0.5f, a + N - 1, a);
  axpy(N, 0.5f, b + N - 1, b);
  failures += same("axpy(n, a, x + n - 1, x): the last element shared", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_prefix(N, a, a + 1);
  prefix(N, b, b + 1);
  failures += same("prefix(n, x, x + 1)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_prefix(N, a, a);
  prefix(N, b, b);
  failures += same("prefix(n, x, x)", a, b, 2 * N);
  for (int i = 0; i < 2 * N; i++) a[i] = b[i] = 0.25f * (i % 9) - 1.0f;
  ref_prefix(N, a, a + N);
  prefix(N, b, b + N);
  failures += same("prefix on disjoint ranges", a, b, 2 * N);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
