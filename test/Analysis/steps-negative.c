// A loop with a negative step runs downward: directions follow execution
// order, distances are iterator differences (sink minus source).
// RUN: %loopgpu %s -emit=deps | FileCheck %s

// A[i-1] is read before the later iteration i-1 writes it: WAR, not RAW.
void down(int n, float *restrict A) {
#pragma loopgpu
  for (int i = n - 1; i >= 1; i--)
    A[i] = A[i - 1];
}
// CHECK-LABEL: nest down#0
// CHECK:      D1: S1 -> S1  WAR  A  (<)  line 9 -> line 9  [A[i - 1] -> A[i]]  distance (-1)
// CHECK-NOT:  D2:

// Going down, A[i+1] was written by the previous iteration: RAW.
void down2(int n, float *restrict A) {
#pragma loopgpu
  for (int i = n - 2; i >= 0; i--)
    A[i] = A[i + 1];
}
// CHECK-LABEL: nest down2#0
// CHECK:      D1: S1 -> S1  RAW  A  (<)  line 19 -> line 19  [A[i] -> A[i + 1]]  distance (-1)

// An inner downward loop turns the upward (<,>) into (<,<): interchange is
// legal.
void inner(int n, float A[restrict n + 1][n + 1]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = n - 1; j >= 0; j--)
      A[i][j] = A[i - 1][j + 1];
}
// CHECK-LABEL: nest inner#0
// CHECK:      D1: S1 -> S1  RAW  A  (<,<)  line 30 -> line 30  [A[i][j] -> A[i - 1][j + 1]]  distance (1,-1)
// CHECK:      legal permutations of (i,j): (i,j) (j,i)
