// A nest with an unsigned iterator, rescheduled by isl: the new loops are of
// a signed type, since a schedule's dimension may run below 0 where the
// original iterators do not (`c1 = -c0 + 2`: before, an `unsigned long c1`
// wrapped around and the transformed nest computed other values; fuzz case
// 1457246). The transformed C matches the original.
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: grep -v "^//" %t.c | FileCheck %s
// RUN: python3 %S/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 --extent x=n+4 %s %t.c f
// CHECK: new loop order from isl's scheduler
// CHECK-NOT: for (unsigned long c
// CHECK: for (long c1 = -c0 + 2;
void f(int n, int A[restrict n + 4], int *restrict x) {
#pragma loopgpu
  for (int d = 0; d <= n - 1; d++) {
    for (unsigned long i = 2; i < n; i++) {
      x[i + 2] = (x[i + 2] + A[i + 1] + A[1]) / 3;
      x[d] = A[i + 1];
    }
  }
}
