// Row k and column k are written and read in the same k iteration: every
// loop carries a dependence. In LU without pivoting they are not, and the
// inner loops are parallel.
// RUN: %loopgpu %s -emit=deps | FileCheck %s
void floyd(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
}
// CHECK-LABEL: nest floyd#0
// CHECK:      loop k (line 7): sequential
// CHECK-NEXT: loop i (line 8): sequential
// CHECK-NEXT: loop j (line 9): sequential

void lu(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}
// CHECK-LABEL: nest lu#0
// CHECK:      loop k (line 19): sequential
// CHECK-NEXT: loop i (line 20): parallel
// CHECK-NEXT: loop i (line 22): parallel
// CHECK-NEXT: loop j (line 23): parallel
// CHECK:      distribution of loop k: {S1,S2}
