// isl's AST generator copies a statement for each piece of the domain it
// separates; on this random nest (utils/gen-nest.py seed 910577, kept as
// generated: a stride-2 guard j % 2 == 0 against triangular min/max bounds)
// the rescheduled nest came back with 106 statements for 4, and the passes
// after it (27 register promotions, each re-analysing 400 accesses) ran for
// minutes. A schedule whose AST has more than 4 copies of each statement is
// not taken: the nest keeps its order.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu -time-limit=30 %s -emit=c -o %t/out.c
// RUN: FileCheck %s < %t/out.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t/out.c f
// RUN: %loopgpu -time-limit=30 %s -tile 8,8 -prefetch=true -o %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu -time-limit=60 %s -tile 8,8 -prefetch=true --validate --validate-mode=cpu --validate-dir=%t/v --param n=7 | FileCheck %s --check-prefix=VALID
// CHECK: loopgpu: nest at line [[@LINE+18]] of f()
// CHECK-NOT: isl's scheduler
// CHECK: for (int j = n - 1; j >= 2; j--)
// VALID-NOT: FAIL
// VALID: PASS
#include <math.h>

void f(int n, double or, double alpha, double A[restrict n + 4][n + 4], const double B[restrict n + 4][n + 4], double warpSize[n + 4][n + 4], double C[restrict n + 4][n + 4], double device[n + 4]) {
  int s = 1;
  int t = 1;
#pragma loopgpu
  for (int i = n - 1 - 0; i >= 0; i -= 2) {
    double u = sqrt(fabs(device[i + 3]));
    A[i + 4][i + 2] += device[n - i + 3];
    if (i <= i + 1) A[i + 2][i] = warpSize[i + 3][i + 4];
    if (i + i < n) A[i][n - i + 3] = 0.5 * (A[i][n - i + 3] + A[0][n - i + 2]);
  }
  C[3][3] = 0.3333333333333333 * (t + alpha + s);
#pragma loopgpu
  for (int j = n - 1; j >= 2; j--) {
    for (int export = j + 1; export < n; export++) {
      for (int delete = 0; delete <= export && delete < n; delete++) {
        if (j % 2 == 0) A[j + 3][delete + 2] = 0.25 * (A[j + 3][delete + 2] + C[n - delete + 3][delete + 2] + or + B[export + 4][j]);
        A[delete][n - j + 3] = 0.5 * (s + device[j + 2]);
        C[n - j][export] = 0.5 * (B[j + 1][3] * B[delete + 2][export + 2] + warpSize[export][delete + 2]);
      }
    }
    if (j % 2 == 0) C[j + 1][j + 1] = 0.3333333333333333 * (s + t + warpSize[0][j + 4]);
  }
}
