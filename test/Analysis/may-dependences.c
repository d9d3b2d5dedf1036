// Non-affine subscripts and possibly aliased pointers give may-dependences:
// never parallel, never claimed independent.
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s

void scatter(int n, const int *restrict idx, const float *restrict B, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[idx[i]] = B[i];
}
// CHECK-LABEL: nest scatter#0
// CHECK:      D1: S1 -> S1  WAW  A  (<)  line 8 -> line 8  [A[idx[i]] -> A[idx[i]]]  may: non-affine access A[idx[i]]
// CHECK:      loop i (line 7): sequential: WAW A[idx[i]] -> A[idx[i]] lines 8->8, direction (<) (may: non-affine access A[idx[i]])

void alias(int n, float *a, float *b) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
}
// CHECK-LABEL: nest alias#0
// CHECK:      D1: S1 -> S1  WAR  b/a  (<) (=)  line 17 -> line 17  [b[i] -> a[i]]  may: possible alias of b and a
// CHECK-NEXT: D2: S1 -> S1  RAW  a/b  (<)  line 17 -> line 17  [a[i] -> b[i]]  may: possible alias of a and b
// CHECK:      loop i (line 16): sequential

void restricted(int n, float *restrict a, const float *restrict b) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
}
// CHECK-LABEL: nest restricted#0
// CHECK:      dependences: none
// CHECK:      loop i (line 26): parallel
