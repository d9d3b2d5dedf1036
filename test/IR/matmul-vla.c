// The IR of a VLA matmul: parameters, array shapes, loops with inclusive
// bounds, statements in textual order with their accesses.
// RUN: %loopgpu %s -emit=ir | FileCheck %s
void matmul(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
            float C[restrict n][m]) {
#pragma loopgpu tile(32, 32) coarsen(4, stride: 32)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
// CHECK:      nest 0 in matmul (line 6): tile(32, 32) coarsen(4, stride: 32)
// CHECK-NEXT:   param n: int
// CHECK-NEXT:   param m: int
// CHECK-NEXT:   param p: int
// CHECK-NEXT:   array A: float[n][p] vla-param const restrict
// CHECK-NEXT:   array B: float[p][m] vla-param const restrict
// CHECK-NEXT:   array C: float[n][m] vla-param restrict
// CHECK-NEXT:   scalar acc: float local(depth 2) written
// CHECK-NEXT:   L0 for i in [0, n - 1] step 1 (line 7) tile(32, 32) coarsen(4, stride: 32)
// CHECK-NEXT:     L1 for j in [0, m - 1] step 1 (line 8)
// CHECK-NEXT:       S1 (line 9): float acc = 0.0f
// CHECK-NEXT:           write acc
// CHECK-NEXT:       L2 for k in [0, p - 1] step 1 (line 10)
// CHECK-NEXT:         S2 (line 11): acc += A[i][k] * B[k][j]
// CHECK-NEXT:             read A[i][k]
// CHECK-NEXT:             read B[k][j]
// CHECK-NEXT:             read acc
// CHECK-NEXT:             write acc
// CHECK-NEXT:       S3 (line 12): C[i][j] = acc
// CHECK-NEXT:           read acc
// CHECK-NEXT:           write C[i][j]
