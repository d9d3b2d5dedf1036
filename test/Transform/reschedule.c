// A nest whose loop-by-loop choices leave statements under two sequential
// loops or more, or in one GPU thread, takes the order isl's scheduler
// computes when that order leaves less (Reschedule.h): PolyBench's lu and
// cholesky as written become the column-by-column factorizations, one loop
// on the host around parallel loops. Nests the loop-by-loop choices already
// parallelize, and nests with clauses, keep their structure.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=LU
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=CHOL
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=KEEP
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=KEEP
// RUN: %loopgpu %s -- -DCASE=1 | FileCheck %s --check-prefix=LU-CUDA
// RUN: %loopgpu %s -emit=c -o %t/1.c -- -DCASE=1
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 --tolerance 1e-9 %s %t/1.c lu
// RUN: %loopgpu %s -emit=c -o %t/2.c -- -DCASE=2
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 --tolerance 1e-9 %s %t/2.c cholesky
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --inputs=dominant --validate-dir %t/v1 -- -DCASE=1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --inputs=spd --validate-dir %t/v2 -- -DCASE=2 | FileCheck %s --check-prefix=PASS
// REQUIRES: cpu-emulation

#include <math.h>

#if CASE == 1
// PolyBench's lu, iterators declared before the nest.
void lu(int n, double A[n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (j = i; j < n; j++)
      for (k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}
// LU:      1. new loop order from isl's scheduler {{.*}}: the loop-by-loop choices leave up to 3 sequential loops around a statement
// LU:      for (int c0 = 0; c0 < n - 1; c0++) { /* sequential: {{.*}} -- isl's schedule, dimension 0: j (line 29), k (line 30), k (line 35) */
// LU-NEXT:   for (int i = c0 + 1; i < n; i++) { /* parallel -- isl's schedule, dimension 1: i (line 28) */
// LU-NEXT:     A[i][c0] /= A[c0][c0]; /* line 32 */
// LU-NEXT:     for (int j = c0 + 1; j < i; j++) { /* parallel -- isl's schedule, dimension 2: j (line 29) */
// LU-NEXT:       A[i][j] -= A[i][c0] * A[c0][j]; /* line 31 */
// LU-NEXT:     }
// LU-NEXT:     for (int j = i; j < n; j++) { /* parallel -- isl's schedule, dimension 2: j (line 34) */
// LU-NEXT:       A[i][j] -= A[i][c0] * A[c0][j]; /* line 36 */
// LU-NEXT:     }
// LU-NEXT:   }
// LU-NEXT: }

// One launch per c0 for each of the three statements; the triangle j < i
// runs over its bounding box.
// LU-CUDA: // loop i (line 28, parallel) -> x
// LU-CUDA-NEXT: __global__ {{.*}}void {{.*}}lu_nest0_kernel(int c0, int n, double *__restrict__ A)
// LU-CUDA: A[(i) * (n) + (c0)] /= A[(c0) * (n) + (c0)]; // line 32
// LU-CUDA: // loop i (line 28, parallel) -> y
// LU-CUDA-NEXT: // loop j (line 29, parallel) -> x
// LU-CUDA-NEXT: __global__ {{.*}}void {{.*}}lu_nest0_kernel1(int c0, int n, double *__restrict__ A)
// LU-CUDA: __global__ {{.*}}void {{.*}}lu_nest0_kernel2(int c0, int n, double *__restrict__ A)
// LU-CUDA: void lu_nest0_device(int n, double *__restrict__ A) {
// LU-CUDA-NEXT: loop c0 stays on the host
// LU-CUDA-NEXT: for (int c0 = 0; c0 <= ((long long)n) - 2; c0 += 1) {
#elif CASE == 2
// PolyBench's cholesky.
void cholesky(int n, double A[n][n]) {
  int i, j, k;
#pragma loopgpu
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}
// CHOL:      1. new loop order from isl's scheduler
// CHOL:      for (int c0 = 0; c0 < n; c0++) { /* sequential
// CHOL-NEXT:   A[c0][c0] = sqrt(A[c0][c0]); /* line 77 */
// CHOL-NEXT:   for (int i = c0 + 1; i < n; i++) { /* parallel
// CHOL-NEXT:     A[i][c0] /= A[c0][c0]; /* line 73 */
// CHOL-NEXT:     A[i][i] -= A[i][c0] * A[i][c0]; /* line 76 */
// CHOL-NEXT:   }
// CHOL-NEXT:   for (int i = c0 + 2; i < n; i++) { /* parallel
// CHOL-NEXT:     for (int j = c0 + 1; j < i; j++) { /* parallel
// CHOL-NEXT:       A[i][j] -= A[i][c0] * A[j][c0]; /* line 72 */
#elif CASE == 3
// gemm: the loop-by-loop choices map i and j; nothing to gain.
void gemm(int n, double C[restrict n][n], const double A[restrict n][n], const double B[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}
#elif CASE == 4
// A clause: the user decides the structure.
void lu(int n, double A[n][n]) {
#pragma loopgpu sequential
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}
#endif
// KEEP: loopgpu: nest at line
// KEEP-NOT: isl's
// PASS: PASS
