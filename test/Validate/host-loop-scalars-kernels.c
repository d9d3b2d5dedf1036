// REQUIRES: cpu-emulation
// Scalars declared in the body of a loop that stays on the host and used by
// two of its kernels (utils/gen-nest.py seeds 900544 and 901411, kept as
// generated but for the functions' names; 'x was not declared' in the CUDA):
//  - scan_between: warpSize is computed in loop `delete`'s body and read
//    after the CUB scan of loop i2; loops around a scan count as host loops
//    with kernels, so warpSize is expanded along `delete`;
//  - fallback: s, expanded along the host loop j by the default pipeline,
//    is allocated per iteration of loop i, parallel once warpSize is
//    privatized; the nest as written used to be mapped instead, where s is
//    split between two kernels. The transformed nest is kept (loop i then
//    runs on the host), and the planner refuses any split scalar left with
//    a located error instead of emitting CUDA that does not compile;
//  - hoisted (seed 901650): A[2][1] was hoisted out of loop threadIdx into a
//    scalar of loop k's body, k being parallel once B and x are privatized
//    but on the host (last-private copies): the GPU pipeline hoists loads
//    only under loops that become threads.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %loopgpu %s --param n=5 --param m=1 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --param n=14 --param m=3 -coarsen 4,4 -ktile 8 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --param n=1 --param m=2 --validate --validate-mode=cpu --validate-dir=%t.3 | FileCheck %s --check-prefix=PASS
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// CHECK: transformed first: expand warpSize into warpSize_exp along loop delete
// CHECK: transformed first: expand s into s_exp along loop j
// CHECK: temporary s_exp ('s' expanded along loop j (line {{[0-9]+}})): float[n] in device memory, allocated by fallback_nest0_device per iteration of host loop i
// PASS: PASS scan_between:
// PASS: PASS fallback:
// PASS: PASS hoisted:
// CHECK-NOT: hoist invariant loads out of loop threadIdx
// PASS: {{^PASS$}}
#include <math.h>

double scan_between(int n, const double A[restrict n + 4][n + 4], double *restrict x) {
  double s = 0.5;
  double t = 1.5;
  double export = 1e+30;
#pragma loopgpu copy(x[0:64*(n+4)])
  for (int i = 1; i < n; i++) {
    if (i + i < n) x[64 * (n - i + 3) + i] = 0.25 * (x[64 * (n - i + 3) + i] + s + A[i + 3][i + 1] * A[2][i] + x[64 * (2) + i + 2]);
    for (int j = n - 1 - 2; j >= 0; j -= 3) {
      for (int k = 2; k <= n - 1; k++) {
        double u = 0.5 * (A[n - i + 1][0] + s);
        for (int l = 0; l <= n - 1; l++) {
          export = fmin(export, A[1][l + 4]);
        }
      }
    }
  }
  x[64 * (3) + 3] = x[64 * (1) + 3] * A[3][2];
  x[64 * (2) + 0] = 0.5 * (sqrt(fabs(A[1][0])) + x[64 * (3) + 3]);
#pragma loopgpu
  for (int delete = 0; delete < n; delete++) {
    double warpSize = 0.5 * (A[delete][1] / (2.0 + fabs(A[delete + 2][delete])) + sqrt(fabs(x[64 * (delete + 2) + delete + 4])));
    for (int i0 = n - 1 - 2; i0 >= 0; i0 -= 3) {
      for (int i1 = n - 1 - 0; i1 >= 0; i1 -= 2) {
        int gridDim = (1 + n) / 2;
        x[64 * (i1) + delete + 2] += A[delete][delete];
        for (int i2 = delete; i2 < n; i2++) {
          x[64 * (i0 + 1) + i2 + 1] = x[64 * (i0 + 1) + i2] + A[i2 + 4][i0 + 2];
        }
        x[64 * (i0 + 2) + delete + 3] = 0.3333333333333333 * (warpSize + x[64 * (2) + delete + 2] + A[i0 + 2][n - i1] * A[3][i1]);
      }
    }
  }
  return export;
}

void fallback(int n, int m, float warpSize[restrict n + 4], const float A[restrict n + 4], float export[restrict m + 4][n + 4]) {
#pragma loopgpu
  for (int i = 0; i < m; i++) {
    for (int j = 0; j <= n - 1; j++) {
      float s = 0.5f * (A[j + 2] * A[n - j + 1] + export[i + 4][n - j]);
      for (int catch = j; catch < n; catch++) {
        warpSize[catch + 2] = 0.3333333333333333f * (0.5f + s + 0.125f);
      }
    }
  }
  warpSize[3] = 0.5f * (export[3][2] * A[2] + A[1] * A[0]);
  warpSize[0] = 0.3333333333333333f * (A[3] * A[0] + sqrtf(fabsf(export[0][2])) + export[2][3]);
#pragma loopgpu
  for (int std = m - 1 - 0; std >= 0; std -= 2) {
    export[std + 4][1] = 0.5f * (sqrtf(fabsf(A[2])) + warpSize[3] * A[3]);
  }
}

void hoisted(int n, float A[n + 4][n + 4], float *restrict x, float B[restrict n + 4][n + 4], const float C[restrict n + 4], const int *y) {
  int s = 2;
#pragma loopgpu copy(x[0:64*64*(n+4)], y[0:64*(n+4)])
  for (int throw = n - 1; throw >= 2; throw--) {
    for (int i = 0; i < n; i++) {
      for (int global = i + 1; global < n; global++) {
        float static_cast = 0.3333333333333333f * (y[64 * (throw + 2) + global + 2] * C[throw + 2] + sqrtf(fabsf(A[0][i + 2])) + B[throw + 2][global + 2] / (2.0f + fabsf(C[throw + 4])));
        A[i + 4][i] = -0.25f;
      }
      A[throw + 1][throw + 1] = 0.5f * (x[4096 * (i + 4) + 64 * (3) + throw + 4] * C[throw] + s);
    }
  }
  s = (s + y[64 * (0) + 1]) / 2;
#pragma loopgpu
  for (int j = n - 1; j >= 0; j--) {
    for (int k = j; k < n; k++) {
      float t = 0.3333333333333333f * (A[n - j][j] + s + C[j + 4]);
      for (int threadIdx = 1; threadIdx < n; threadIdx++) {
        float u = 0.5f * (y[64 * (threadIdx + 2) + k + 2] + A[2][1]);
        for (int l = threadIdx + 1; l < n; l++) {
          B[l + 4][l + 2] = 0.3333333333333333f * (A[k][l] * C[threadIdx + 2] + C[j + 4] + t);
          x[4096 * (l) + 64 * (j + 3) + j + 2] = 0.3333333333333333f * (1.0f + s + A[threadIdx + 2][l] * C[l + 3]);
        }
      }
    }
  }
}
