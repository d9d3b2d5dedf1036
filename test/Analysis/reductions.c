// Reductions: a loop whose only carried dependences are updates of one
// variable with one associative operator is a reduction loop.
// RUN: %loopgpu %s -emit=deps | FileCheck %s
#include <math.h>

void sum(int n, const float *restrict A, float *restrict out) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    s += A[i];
  out[0] = s;
}
// CHECK-LABEL: nest sum#0
// CHECK:      loop i (line 9): reduction: s (+)
// CHECK:      reduction in loop i: s (+) in {S1}

void minimum(int n, const float *restrict A, float *restrict out) {
  float m = INFINITY, x = -INFINITY;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    m = fminf(m, A[i]);
    if (A[i] > x)
      x = A[i];
  }
  out[0] = m;
  out[1] = x;
}
// CHECK-LABEL: nest minimum#0
// CHECK:      loop i (line 20): reduction: m (min), x (max)

// A running sum that is stored is a scan, not a reduction.
void scan(int n, const float *restrict A, float *restrict B) {
  float s = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    s = s + A[i];
    B[i] = s;
  }
}
// CHECK-LABEL: nest scan#0
// CHECK:      loop i (line 35): sequential
// CHECK-NOT:  reduction in loop

// An array element invariant in k, updated with +=.
void matmul(int M, int N, int U, const float A[restrict M][U], const float B[restrict U][N],
            float C[restrict M][N]) {
#pragma loopgpu
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < U; k++)
        C[i][j] += A[i][k] * B[k][j];
}
// CHECK-LABEL: nest matmul#0
// CHECK:      loop i (line 48): parallel
// CHECK-NEXT: loop j (line 49): parallel
// CHECK-NEXT: loop k (line 50): reduction: C[i][j] (+)
// CHECK:      legal permutations of (i,j,k): (i,j,k) (i,k,j) (j,i,k) (j,k,i) (k,i,j) (k,j,i)

// The lecture's matmul with a local accumulator.
void matmul2(int M, int N, int U, const float A[restrict M][U], const float B[restrict U][N],
             float C[restrict M][N]) {
#pragma loopgpu
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float tmp = 0;
      for (int k = 0; k < U; k++)
        tmp += A[i][k] * B[k][j];
      C[i][j] = tmp;
    }
}
// CHECK-LABEL: nest matmul2#0
// CHECK:      loop i (line 63): parallel
// CHECK-NEXT: loop j (line 64): parallel
// CHECK-NEXT: loop k (line 66): reduction: tmp (+)
// CHECK:      legal permutations of (i,j): (i,j) (j,i)
