// REQUIRES: cpu-emulation
// Conditional min/max updates (`if (e > m) m = e;`, `if (e < m) m = e;`,
// `m = e > m ? e : m;`) are max/min reductions and become reduction kernels
// that run to the end: every lane of a warp reaches each __shfl_down_sync
// (the shuffled value is read into a local before the comparison, which a
// shuffle inside `?:` would skip in some lanes: the emulation reports that
// as a deadlock) and every thread each __syncthreads. int, float and double;
// alone, beside fmaxf in the same loop, and beside an argmin pair. A
// conditional update that is no min/max (`m = e + 1` under `e > m`) keeps
// the loop sequential (one thread).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/r.cu
// RUN: FileCheck %s --check-prefix=KERNEL < %t/r.cu
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/1 --param n=1000 2>&1 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/2 --param n=37 2>&1 | FileCheck %s
// RUN: %loopgpu %s -tile 64 -coarsen 3 --validate --validate-mode=cpu --validate-dir=%t/3 --param n=5000 2>&1 | FileCheck %s
// CHECK-NOT: deadlock
// CHECK-NOT: FAIL
// CHECK: PASS if_max_float: return value
// CHECK: PASS if_min_int: return value
// CHECK: PASS select_max_double: return value
// CHECK: PASS if_max_beside_fmaxf: return value
// CHECK: PASS if_min_beside_argmin: return value
// CHECK: PASS not_a_reduction: return value
// CHECK: {{^PASS$}}
// KERNEL: // loop i (line {{[0-9]+}}) reduces m with 'max'
// KERNEL: __global__ void {{.*}} if_max_float_nest0_kernel(
// KERNEL:   for (int loopgpu_off = 16; loopgpu_off > 0; loopgpu_off /= 2) {
// KERNEL-NEXT:     const float loopgpu_down_m = __shfl_down_sync(0xffffffffu, m, loopgpu_off);
// KERNEL-NEXT:     m = (loopgpu_down_m > m ? loopgpu_down_m : m);
// KERNEL-NEXT:   }
// KERNEL: // loop i (line {{[0-9]+}}) reduces m with 'min'
// KERNEL: __global__ void {{.*}} if_min_int_nest0_kernel(
// KERNEL: // loop i (line {{[0-9]+}}) reduces m with 'max'
// KERNEL: __global__ void {{.*}} select_max_double_nest0_kernel(
// KERNEL: // loop i (line {{[0-9]+}}) reduces m with 'max'
// KERNEL: // loop i (line {{[0-9]+}}) reduces hi with 'max'
// KERNEL: __global__ void {{.*}} if_max_beside_fmaxf_nest0_kernel(
// KERNEL: // loop i (line {{[0-9]+}}) reduces m with 'min'
// KERNEL: // loop i (line {{[0-9]+}}) reduces (best, at) with 'argmin'
// KERNEL: __global__ void {{.*}} if_min_beside_argmin_nest0_kernel(
// KERNEL: __global__ void not_a_reduction_nest0_kernel(
// KERNEL: not_a_reduction_nest0_kernel<<<1, 1>>>(
#include <math.h>

float if_max_float(int n, const float *restrict A) {
  float m = -1000.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (A[i] > m)
      m = A[i];
  return m;
}

int if_min_int(int n, const int *restrict K) {
  int m = 1000;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (K[i] * 3 % 101 < m)
      m = K[i] * 3 % 101;
  return m;
}

double select_max_double(int n, const double *restrict A) {
  double m = -5.0;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    m = A[i] * A[i] > m ? A[i] * A[i] : m;
  return m;
}

float if_max_beside_fmaxf(int n, const float *restrict A) {
  float m = -1000.0f, hi = -1000.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (A[i] > m)
      m = A[i];
    hi = fmaxf(hi, 2.0f * A[i]);
  }
  return m + 3.0f * hi;
}

long if_min_beside_argmin(int n, const float *restrict A, const float *restrict B) {
  float m = 1000.0f, best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (B[i] < m)
      m = B[i];
    if (floorf(A[i] * 8.0f) < best) {
      best = floorf(A[i] * 8.0f);
      at = i;
    }
  }
  return at * 64L + (long)best * 4 + (long)(m * 2.0f);
}

float not_a_reduction(int n, const float *restrict A) {
  float m = -1000.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (A[i] > m)
      m = A[i] + 0.25f;
  return m;
}
