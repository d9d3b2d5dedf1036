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
// RUN: %loopgpu %s -emit=c -- -DCASE=5 | grep -v '^//' | FileCheck %s --check-prefix=LUDCMP
// RUN: %loopgpu %s -emit=c -- -DCASE=6 | grep -v '^//' | FileCheck %s --check-prefix=KEEP
// RUN: %loopgpu %s -- -DCASE=1 | FileCheck %s --check-prefix=LU-CUDA
// RUN: %loopgpu %s -emit=c -o %t/1.c -- -DCASE=1
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 --tolerance 1e-9 %s %t/1.c lu
// RUN: %loopgpu %s -emit=c -o %t/2.c -- -DCASE=2
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 --tolerance 1e-9 %s %t/2.c cholesky
// RUN: %loopgpu %s -emit=c -o %t/5.c -- -DCASE=5
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=5 --tolerance 1e-9 %s %t/5.c ludcmp
// RUN: %loopgpu %s -emit=c -o %t/6.c -- -DCASE=6
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=6 %s %t/6.c partial
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --inputs=dominant --validate-dir %t/v1 -- -DCASE=1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --inputs=dominant --validate-dir %t/v5 -- -DCASE=5 | FileCheck %s --check-prefix=PASS
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
// LU:      for (int c0 = 0; c0 < n - 1; c0++) { /* sequential: {{.*}} -- isl's schedule, dimension 0: j (line 36), k (line 37), k (line 42) */
// LU-NEXT:   for (int i = c0 + 1; i < n; i++) { /* parallel -- isl's schedule, dimension 1: i (line 35) */
// LU-NEXT:     A[i][c0] /= A[c0][c0]; /* line 39 */
// LU-NEXT:     for (int j = c0 + 1; j < i; j++) { /* parallel -- isl's schedule, dimension 2: j (line 36) */
// LU-NEXT:       A[i][j] -= A[i][c0] * A[c0][j]; /* line 38 */
// LU-NEXT:     }
// LU-NEXT:     for (int j = i; j < n; j++) { /* parallel -- isl's schedule, dimension 2: j (line 41) */
// LU-NEXT:       A[i][j] -= A[i][c0] * A[c0][j]; /* line 43 */
// LU-NEXT:     }
// LU-NEXT:   }
// LU-NEXT: }

// One launch per c0 for each of the three statements; the triangle j < i
// runs over its bounding box. The kernels' code is a function of the built-in
// indices: the loop over c0 also runs inside one kernel while the launches are
// small (test/Validate/device-loops.test).
// LU-CUDA: // loop i (line 35, parallel) -> x
// LU-CUDA-NEXT: // Also run by lu_nest0_loop_c0, block after block: the built-in indices are arguments.
// LU-CUDA-NEXT: static __device__ __forceinline__ void lu_nest0_kernel_body(const uint3 blockIdx, const dim3 gridDim, const uint3 threadIdx, const dim3 blockDim, int c0, int n, double *__restrict__ A)
// LU-CUDA: A[(i) * (n) + (c0)] /= A[(c0) * (n) + (c0)]; // line 39
// LU-CUDA: __global__ {{.*}}void {{.*}}lu_nest0_kernel(int c0, int n, double *__restrict__ A)
// LU-CUDA: // loop i (line 35, parallel) -> y
// LU-CUDA-NEXT: // loop j (line 36, parallel) -> x
// LU-CUDA-NEXT: // Also run by lu_nest0_loop_c0
// LU-CUDA-NEXT: static __device__ __forceinline__ void lu_nest0_kernel1_body(
// LU-CUDA: __global__ {{.*}}void {{.*}}lu_nest0_kernel1(int c0, int n, double *__restrict__ A)
// LU-CUDA: __global__ {{.*}}void {{.*}}lu_nest0_kernel2(int c0, int n, double *__restrict__ A)
// LU-CUDA: void lu_nest0_device(int n, double *__restrict__ A) {
// LU-CUDA-NEXT: loop c0 stays on the host
// LU-CUDA: for (int c0 = 0; c0 <= ((long long)n) - 2; c0 += 1) {
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
// CHOL-NEXT:   A[c0][c0] = sqrt(A[c0][c0]); /* line 90 */
// CHOL-NEXT:   for (int i = c0 + 1; i < n; i++) { /* parallel
// CHOL-NEXT:     A[i][c0] /= A[c0][c0]; /* line 86 */
// CHOL-NEXT:     A[i][i] -= A[i][c0] * A[i][c0]; /* line 89 */
// CHOL-NEXT:   }
// CHOL-NEXT:   for (int i = c0 + 2; i < n; i++) { /* parallel
// CHOL-NEXT:     for (int j = c0 + 1; j < i; j++) { /* parallel
// CHOL-NEXT:       A[i][j] -= A[i][c0] * A[j][c0]; /* line 85 */
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
#elif CASE == 5
// PolyBench's ludcmp: the scalar w carries A[i][j] (and y[i]) from load to
// store; the elements hold it, and the first two nests take isl's order. The
// later nests' `for (j = ...)` and `w = b[i]; ... w ...` do not make j or w
// live after the first nest. The third nest's updates of x[i] run over j
// upward, an order isl keeps, so it stays row by row.
void ludcmp(int n, double A[restrict n][n], double b[restrict n], double x[restrict n], double y[restrict n]) {
  int i, j, k;
  double w;
#pragma loopgpu
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
#pragma loopgpu
  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
#pragma loopgpu
  for (i = n - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
}
// LUDCMP:      1. scalar 'w' replaced by the array element it is stored into
// LUDCMP-NEXT: 2. new loop order from isl's scheduler
// LUDCMP:      for (int c0 = 0; c0 < n - 1; c0++) { /* sequential
// LUDCMP-NEXT:   for (int i = c0 + 1; i < n; i++) { /* parallel
// LUDCMP-NEXT:     A[i][c0] = A[i][c0] / A[c0][c0]; /* line [[#LDIV:]] */
// LUDCMP:      1. scalar 'w' replaced by the array element it is stored into
// LUDCMP-NEXT: 2. new loop order from isl's scheduler
// LUDCMP:      for (int i = 0; i < n; i++) { /* parallel
// LUDCMP-NEXT:   y[i] = b[i]; /* line [[#LDIV+11]] */
// LUDCMP-NEXT: }
// LUDCMP-NEXT: for (int j = 0; j < n - 1; j++) { /* sequential
// LUDCMP-NEXT:   for (int i = j + 1; i < n; i++) { /* parallel
// LUDCMP-NEXT:     y[i] -= A[i][j] * y[j]; /* line [[#LDIV+13]] */
// LUDCMP:      loopgpu: nest at line [[#LDIV+16]]
// LUDCMP-NOT:  isl's
#elif CASE == 6
// The load's element is read in between (A[i][k] at k = j): w stays, and so
// does the row-by-row order.
void partial(int n, double A[n][n]) {
  int i, j, k;
  double w;
#pragma loopgpu
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k <= j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
}
#elif CASE == 7
// A parameter named like an iterator of isl's AST (c0, c1, ...) is not
// rescheduled.
void lu_c1(int c1, double A[c1][c1]) {
#pragma loopgpu
  for (int i = 0; i < c1; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < c1; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}
#endif
// KEEP: loopgpu: nest at line
// KEEP-NOT: isl's
// KEEP-NOT: replaced by the array element
// PASS: PASS
// RUN: %loopgpu %s -emit=c -- -DCASE=7 | grep -v '^//' | FileCheck %s --check-prefix=KEEP
