// REQUIRES: cpu-emulation
// min/max reduction kernels under the CPU emulation match the original C:
// the warp combine shuffles in every lane before its `?:` (a full-mask
// __shfl_down_sync inside the `?:` ran only in the lanes where the condition
// held: the emulation reported a deadlock; found by utils/fuzz-pipeline.sh,
// test/fuzz/repro/max-reduction-divergent-shuffle.c). fmaxf, fmin, `?:` and
// int forms, a step of 2, sizes 29 and 1000, with and without coarsening.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/1 --param m=29 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/2 --param m=1000 | FileCheck %s
// RUN: %loopgpu %s -coarsen 3 --validate --validate-mode=cpu --validate-dir=%t/3 --param m=1000 | FileCheck %s
// CHECK-NOT: loopgpu-emu: error
// CHECK-NOT: FAIL
// CHECK: PASS fmax_float: return value
// CHECK: PASS min_ternary_step2: return value
// CHECK: PASS fmin_double: return value
// CHECK: PASS max_int: return value
// CHECK: {{^PASS$}}
#include <math.h>

float fmax_float(int m, const float A[restrict m + 4]) {
  float t = 1;
#pragma loopgpu
  for (int i = 0; i < m; i++)
    t = fmaxf(t, A[i]);
  return t;
}

float min_ternary_step2(int m, const float A[restrict m + 4][8]) {
  float t = 1;
#pragma loopgpu
  for (int i = 1; i < m; i += 2)
    t = (t < A[i + 2][1]) ? t : A[i + 2][1];
  return t;
}

double fmin_double(int m, const double *restrict x) {
  double t = 0.5;
#pragma loopgpu
  for (int i = 0; i < m; i++)
    t = fmin(t, x[i] * x[i]);
  return t;
}

long max_int(int m, const int *restrict k) {
  int t = -5;
#pragma loopgpu
  for (int i = 0; i < m; i++)
    t = k[i] % 7 > t ? k[i] % 7 : t;
  return t;
}
