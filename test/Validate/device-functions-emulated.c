// REQUIRES: cpu-emulation
// Functions of the file that nests call run on the GPU: a static inline
// helper, one that calls another and a math function, one with a loop and
// locals, an external one (it keeps its name), and a static `max`, which
// CUDA's headers declare for host code too (loopgpu_c_max in the CUDA file,
// at its definition and at every call). The CUDA declares them
// __host__ __device__, compiles with nvcc, and matches the original under
// the emulation; a helper changed in the CUDA file only makes it fail.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=CUDA --input-file=%t/a.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | FileCheck %s --allow-empty --check-prefix=NVCC %}
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v 2>&1 | FileCheck %s
// RUN: sed -i 's/static inline float sq(float x) { return x \* x; }/static inline float sq(float x) { return x * x + 1e-3f; }/' %t/v/kernels.cu
// RUN: grep -c 'x \* x + 1e-3f' %t/v/kernels.cu
// RUN: %expect_exit 1 bash %t/v/run.sh cpu 2>&1 | FileCheck %s --check-prefix=BROKEN
#include <math.h>

static inline float sq(float x) { return x * x; }
static double smooth(double x) { return sqrt((double)sq((float)x) + 1.0); }
static float poly(float x) {
  float r = 0.0f;
  for (int k = 0; k < 4; k++)
    r = r * x + (float)(k + 1);
  return r;
}
float clamp01(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }
static int max(int a, int b) { return a > b ? a : b; }

void helpers(int n, const float *restrict x, float *restrict y, double *restrict z, const int *restrict a,
             const int *restrict b, int *restrict c) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    y[i] = sq(x[i]) + poly(x[i]) * clamp01(x[i]);
    z[i] = smooth(x[i]);
    c[i] = max(a[i], b[i]) + max(i, 3);
  }
}

// CUDA: // Declarations at file scope of {{.*}}device-functions-emulated.c (types, variables, the functions the host code calls; those the kernels call too: __host__ __device__):
// CUDA: __host__ __device__ static inline float sq(float x) { return x * x; }
// CUDA-NEXT: __host__ __device__ static double smooth(double x) { return sqrt((double)sq((float)x) + 1.0); }
// CUDA-NEXT: __host__ __device__ static float poly(float x) {
// CUDA: __host__ __device__ float clamp01(float x)
// CUDA-NEXT: __host__ __device__ static int loopgpu_c_max(int a, int b) { return a > b ? a : b; }
// CUDA: helpers_nest0_kernel(
// CUDA: y[i] = sq(x[i]) + poly(x[i]) * clamp01(x[i]);
// CUDA: z[i] = smooth(x[i]);
// CUDA: c[i] = loopgpu_c_max(a[i], b[i]) + loopgpu_c_max(i, 3);

// NVCC-NOT: {{error|warning}}

// CHECK-NOT: FAIL
// CHECK: PASS helpers: y
// CHECK: PASS helpers: z
// CHECK: PASS helpers: c
// CHECK: {{^PASS$}}

// BROKEN: FAIL helpers: y
