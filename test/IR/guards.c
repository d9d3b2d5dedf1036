// Affine guards become conditions on the domain; data-dependent ones make the
// guarded accesses "may" accesses, and their reads count for every statement.
// RUN: %loopgpu %s -emit=ir | FileCheck %s
void f(int n, const float *restrict x, float *restrict y, float *restrict z) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (i < n / 2 && i != 3)
      y[i] = x[i];
    else
      y[i] = 0;
    if (x[i] > 0.5f)
      z[i] = x[i];
  }
}
// CHECK:      if (i < n / 2) && (i != 3) [affine] (line 7)
// CHECK-NEXT:   S1 (line 8): y[i] = x[i]
// CHECK-NEXT:       read x[i]
// CHECK-NEXT:       write y[i]
// CHECK-NEXT: else
// CHECK-NEXT:   S2 (line 10): y[i] = 0
// CHECK:      if x[i] > 0.5f [data-dependent] (line 11)
// CHECK-NEXT:   S3 (line 12): z[i] = x[i]
// CHECK-NEXT:       read x[i]
// CHECK-NEXT:       may-read x[i]
// CHECK-NEXT:       may-write z[i]
