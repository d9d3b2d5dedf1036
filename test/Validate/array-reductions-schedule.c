// REQUIRES: cpu-emulation
// Issue 19: nests written as PolyBench writes them (`int i, j, k;` at the
// top of the function, imperfect nests) no longer keep a loop on the host or
// in one GPU thread when their dependences allow threads.
//  - An iterator declared before the nest whose value is not read after it
//    (reassigned by the next nest, or never used) blocks no reordering.
//  - A loop that reduces into an array across its iterations (atax's and
//    bicg's `y[j] += A[i][j] * tmp[i]` over i) is distributed so that its
//    other parts run across threads, and the reduction part is interchanged
//    so that j goes to threads and i runs inside each thread.
//  - A reduction into one element that reads other elements of the array
//    (trisolv's `x[i] -= L[i][j] * x[j]` over j, j < i) is a reduction kernel.
//  - A parallel loop inside a parallel loop with bounds that follow it (syrk's
//    `j <= i`) runs over its bounding box with the bounds as a guard, so that
//    both map to the grid (BoundingBox.h).
//  - A scalar declared before the nest and not read after it (symm's temp2)
//    is private to each (i, j) with nothing to copy back: both map.
//  - A parallel loop whose body holds several loops (gemm's `C[i][j] *= beta`
//    beside the k loop) is distributed when a part gets a 2-D band.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=MAP --input-file=%t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s --param n=37 --param m=29 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: %loopgpu %s --param n=1 --param m=2 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: FileCheck %s --check-prefix=C --input-file=%t.c
// CHECK-DAG: PASS atax: y
// CHECK-DAG: PASS atax: tmp
// CHECK-DAG: PASS bicg: s
// CHECK-DAG: PASS bicg: q
// CHECK-DAG: PASS gemm: C
// CHECK-DAG: PASS trisolv: x
// CHECK-DAG: PASS syrk: C
// CHECK-DAG: PASS symm: C
// CHECK: {{^PASS$}}
// MAP-NOT: stays sequential on the host
// MAP-NOT: 1 thread

void atax(int m, int n, double A[restrict m][n], double x[restrict n], double y[restrict n],
          double tmp[restrict m]) {
  int i, j;
#pragma loopgpu
  for (i = 0; i < n; i++)
    y[i] = 0;
#pragma loopgpu
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}
// MAP-LABEL: nest 1 of atax
// MAP: distribute loop i (line
// MAP: interchange loops i, j into j, i
// C-LABEL: void atax(
// C: for (int i = 0; i < m; i++) { /* parallel
// C: for (int j = 0; j < n; j++) { /* parallel
// C-NEXT: double y_j; /* 'y[j]', updated in every iteration of loop i
// C: for (int i = 0; i < m; i++) { /* reduction(+: y_j)

void bicg(int m, int n, double A[restrict n][m], double s[restrict m], double q[restrict n],
          double p[restrict m], double r[restrict n]) {
  int i, j;
#pragma loopgpu
  for (i = 0; i < m; i++)
    s[i] = 0;
#pragma loopgpu
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}
// MAP-LABEL: nest 1 of bicg
// MAP: interchange loops i, j into j, i

void gemm(int ni, int nj, int nk, double alpha, double beta, double C[restrict ni][nj],
          double A[restrict ni][nk], double B[restrict nk][nj]) {
  int i, j, k;
#pragma loopgpu
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
// MAP-LABEL: nest 0 of gemm
// MAP: distribute loop i
// MAP: gemm_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// MAP-NEXT: gemm_nest0_kernel1: block (8, 24, 1), grid covering i on y j on x, {{[0-9]+}} bytes of dynamic shared memory per block, 32 outputs per thread on FP64 tensor cores

// `sequential` keeps the row-by-row order, whose inner loop is the array
// reduction; without a clause the nest takes isl's column-by-column order
// (test/Transform/reschedule.c).
void trisolv(int n, double L[restrict n][n], double x[restrict n], double b[restrict n]) {
  int i, j;
#pragma loopgpu sequential
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}
// MAP-LABEL: nest 0 of trisolv
// MAP: trisolv_nest0_kernel1: block (256, 1, 1), grid covering j on x, 32 partial values per reduction variable

void syrk(int n, int m, double alpha, double beta, double C[restrict n][n], double A[restrict n][m]) {
  int i, j, k;
#pragma loopgpu
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
// MAP-LABEL: nest 0 of syrk
// MAP: runs over its bounding box 0 .. n - 1 under loop i
// MAP: syrk_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// MAP-NEXT: syrk_nest0_kernel1: block (8, 24, 1), grid covering i on y j on x, {{[0-9]+}} bytes of dynamic shared memory per block, 32 outputs per thread on FP64 tensor cores

void symm(int m, int n, double alpha, double beta, double C[restrict m][n], double A[restrict m][m],
          double B[restrict m][n]) {
  int i, j, k;
  double temp2;
#pragma loopgpu
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}
// MAP-LABEL: nest 0 of symm
// MAP: privatize temp2 in loop i (line {{[0-9]+}}): private copy temp2_p [default choice]
// MAP: symm_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
