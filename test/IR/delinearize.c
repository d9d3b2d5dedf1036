// Flat pointers indexed as row-major linearizations become multi-dimensional
// when the loop bounds prove every inner subscript within its extent; when
// they cannot (or the accesses disagree), the accesses stay non-affine.
// RUN: %loopgpu %s -emit=ir | FileCheck %s
void f(int n, int K, int L, const float *restrict A, float *restrict B, float *restrict C,
       float *restrict D) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < K; j++)
      for (int l = 0; l < L; l++) {
        B[(i * K + j) * L + l] = A[i * K * L + j * L + l];
        C[i * K + j + 1] = 0;
        D[i * K + j] = D[i * L + l];
      }
}
// CHECK:      array A: float[*][K][L] flat-pointer const restrict delinearized
// CHECK-NEXT: array B: float[*][K][L] flat-pointer restrict delinearized
// j + 1 may reach K: not provably inside a row.
// CHECK-NEXT: array C: float[*] flat-pointer restrict{{$}}
// D is used with two different row lengths.
// CHECK-NEXT: array D: float[*] flat-pointer restrict{{$}}
// CHECK:      read A[i][j][l] (delinearized from A[i * K * L + j * L + l])
// CHECK-NEXT: write B[i][j][l] (delinearized from B[(i * K + j) * L + l])
// CHECK:      write C[*] (non-affine: C[i * K + j + 1])
// CHECK:      read D[*] (non-affine: D[i * L + l])
// CHECK-NEXT: write D[*] (non-affine: D[i * K + j])

void g(int rows, int cols, const float *restrict A, float *restrict T) {
#pragma loopgpu
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      T[j * rows + i] = A[i * cols + j];
}
// CHECK:      nest 0 in g
// CHECK:      array A: float[*][cols] flat-pointer const restrict delinearized
// CHECK-NEXT: array T: float[*][rows] flat-pointer restrict delinearized
// CHECK:      read A[i][j]
// CHECK-NEXT: write T[j][i]
