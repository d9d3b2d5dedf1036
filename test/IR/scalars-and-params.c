// Integer variables invariant in the nest are parameters; other variables are
// scalars: declared outside (live in/out) or inside (one per iteration).
// Compound assignments and ++ read and write; math calls and casts are kept.
// RUN: %loopgpu %s -emit=ir | FileCheck %s
#include <math.h>
double f(int n, float alpha, const float *restrict x, float *restrict y) {
  int half = n / 2;
  double norm = 0;
  int count = 0;
#pragma loopgpu
  for (int i = 0; i < half; i++) {
    float t = alpha * x[i];
    y[i + half] = sqrtf(fabsf(t)) + (float)i;
    norm += t * t;
    count++;
  }
  return norm + count;
}
// CHECK:      param half: int
// CHECK-NOT:  param
// CHECK:      scalar t: float local(depth 1) written
// CHECK-NEXT: scalar alpha: float outer read-only
// CHECK-NEXT: scalar norm: double outer written
// CHECK-NEXT: scalar count: int outer written
// CHECK:      S1 (line 12): float t = alpha * x[i]
// CHECK:      S2 (line 13): y[i + half] = sqrtf(fabsf(t)) + (float)i
// CHECK:          write y[i + half]
// CHECK:      S3 (line 14): norm += t * t
// CHECK-NEXT:     read t
// CHECK-NEXT:     read t
// CHECK-NEXT:     read norm
// CHECK-NEXT:     write norm
// CHECK:      S4 (line 15): count++
// CHECK-NEXT:     read count
// CHECK-NEXT:     write count
