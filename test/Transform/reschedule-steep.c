// isl's scheduler satisfies the equalities of flattened subscripts
// (grid[4096 * (float4 + 3) + 64 * (k + 1) + j]) with steep hyperplanes
// when its main LP gives up and its fallback carries dependences one row at
// a time: on this random nest (utils/gen-nest.py seed 1450323, kept as
// generated) it returned rows like 64j - 4097k + 4096float4, whose host
// loop spanned ~73,000 values (launches) for 2,340 instances: loopgpu took a
// minute and the validation ran past 240 s under the emulation. isl's
// schedule_max_coefficient bounds only the main LP, so the rescheduler
// rejects a schedule with a coefficient above 4 and the nest keeps its
// order (distributed and privatized as without the scheduler).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu -time-limit=20 %s -o %t/out.cu
// RUN: FileCheck %s < %t/out.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/out.cu -o %t/out.o %}
// RUN: %loopgpu -time-limit=30 %s --validate --validate-mode=cpu --validate-dir=%t/v --param n=3 --param m=14 --param p=5 | FileCheck %s --check-prefix=VALID
// CHECK: nest 0 of f ({{.*}}), version 'apart'
// CHECK-NOT: isl's scheduler
// CHECK: transformed first: distribute loop i
// CHECK-NOT: isl's scheduler
// CHECK-NOT: loop c2
// CHECK: #include <cuda_runtime.h>
// VALID-NOT: FAIL
// VALID: PASS
#include <math.h>

static double h_double_poly(double v) {
  double r = 0.0;
  for (int k = 0; k < 3; k++)
    r = r * v * 0.5 + 0.125;
  return r;
}

void f(int n, int m, int p, double A[restrict n + 4][p + 4], double *restrict grid, double virtual[restrict n + 4][p + 4], double B[m + 4][m + 4], const double C[m + 4][n + 4][n + 4]) {
  double s = 0.5;
  int and = 1;
#pragma loopgpu
  for (int i = 1; i <= n - 1; i++) {
    for (int j = 2; j < m; j++) {
      for (int k = m - 1; k >= 1; k--) {
        for (int float4 = 0; float4 < p; float4++) {
          grid[4096 * (float4 + 3) + 64 * (k + 1) + j] += A[i][1];
          virtual[i + 4][float4 + 1] = 0.5 * (grid[4096 * (float4 + 1) + 64 * (j + 3) + j] + virtual[n - i + 1][float4 + 2]);
        }
        if (j % 2 == 0) B[j][1] = 0.3333333333333333 * (virtual[i + 1][1] + B[m - k + 3][m - k + 1] + fmin(grid[4096 * (3) + 64 * (k + 2) + k + 2], B[k + 3][k + 4]));
      }
      B[1][j + 1] = 0.3333333333333333 * (sqrt(fabs(C[j + 1][i + 1][n - i + 2])) + 0.5 + h_double_poly(A[i + 2][3]));
    }
  }
}
