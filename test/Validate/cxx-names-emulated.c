// REQUIRES: nvcc, cpu-emulation
// C names that C++ or CUDA reserves, or that the generated code used to
// declare itself (`grid`, `block`), work in the emitted CUDA: keywords and
// CUDA built-ins become loopgpu_c_<name> everywhere (kernels, launchers, the
// host function, the code pasted between the nests, the --validate driver),
// and every name loopgpu generates starts with loopgpu_. The CUDA compiles
// with nvcc and matches the original C under the emulation; -emit=c still
// compiles as C. A static global table named `namespace` is renamed too, as
// are names CUDA's headers declare for host code (`min`, `max`, `umax`,
// `norm`: a static function `umax` the host code calls, a table `norm`).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s --check-prefix=EMIT < %t/a.cu
// RUN: %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | count 0
// RUN: %loopgpu %s -coarsen 2 -o %t/b.cu
// RUN: %nvcc -arch=sm_90 -c %t/b.cu -o %t/b.o 2>&1 | count 0
// RUN: %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t/v1 | FileCheck %s
// RUN: %loopgpu %s -coarsen 2 --validate --validate-mode=cpu --validate-dir=%t/v2 | FileCheck %s
// RUN: %loopgpu %s -emit=c -o %t/c.c
// RUN: %cc -std=c11 -c %t/c.c -o %t/c.o
// CHECK-NOT: FAIL
// CHECK: PASS names: block
// CHECK: PASS names: dim3
// CHECK: PASS names: min
// CHECK: PASS names: return value
// CHECK: {{^PASS$}}
// EMIT: static const float loopgpu_c_namespace[3] = {0.25f, -1.0f, 3.0f};
// EMIT: static const float loopgpu_c_norm[2] = {2.0f, 0.5f};
// EMIT: static int loopgpu_c_umax(int a, int b) { return a > b ? a : b; }
// EMIT: names_nest0_kernel(int loopgpu_c_new, int loopgpu_c_class, int loopgpu_c_bool, float loopgpu_c_this, const float *__restrict__ grid, const int *__restrict__ loopgpu_c_threadIdx, const float *__restrict__ loopgpu_c_namespace, float *__restrict__ loopgpu_c_dim3)
// EMIT: const int loopgpu_c_template = (int)
// EMIT: const int loopgpu_c_warpSize = (int)
// EMIT: const dim3 loopgpu_block(
// EMIT: const dim3 loopgpu_grid(
// EMIT: names_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(
// EMIT: extern "C" float names(int loopgpu_c_new, int loopgpu_c_class, const float *__restrict__ grid, float *__restrict__ block, float *loopgpu_c_dim3, const int *__restrict__ loopgpu_c_threadIdx, float *__restrict__ loopgpu_c_min) {
// EMIT:   float loopgpu_c_this = 0.5f;
// EMIT:   for (int loopgpu_c_delete = 0; loopgpu_c_delete < loopgpu_c_new; loopgpu_c_delete++)
// EMIT:     loopgpu_c_max = fmaxf(loopgpu_c_max, grid[loopgpu_c_delete]);
// EMIT:   this_plus = loopgpu_c_umax(loopgpu_c_new, loopgpu_c_class) + loopgpu_c_norm[1];
// EMIT:   return loopgpu_c_operator + loopgpu_c_this + loopgpu_c_namespace[2];
#include <math.h>

static const float namespace[3] = {0.25f, -1.0f, 3.0f};
static const float norm[2] = {2.0f, 0.5f};
static int umax(int a, int b) { return a > b ? a : b; }

float names(int new, int class, const float *restrict grid, float *restrict block,
            float dim3[new][class], const int *restrict threadIdx, float *restrict min) {
  float this = 0.5f;
  int bool = 2;
#pragma loopgpu
  for (int template = 0; template < new; template++)
    for (int warpSize = 0; warpSize < class; warpSize++)
      dim3[template][warpSize] = grid[template * class + warpSize] * this + (float)threadIdx[warpSize] + bool + namespace[warpSize % 3];
  // Between the nests: C names that are C++ keywords, and `max`, `min`.
  float max = -1.0f;
  for (int delete = 0; delete < new; delete++)
    max = fmaxf(max, grid[delete]);
  float this_plus;
  this_plus = umax(new, class) + norm[1];
  this = max + this_plus;
#pragma loopgpu
  for (int template = 0; template < new; template++) {
    block[template] = dim3[template][0] + this;
    min[template] = fminf(block[template], grid[template]) + threadIdx[template];
  }
  float operator = 0.0f;
#pragma loopgpu
  for (int template = 0; template < new; template++)
    operator += block[template] * (float)threadIdx[template] + dim3[template][1] + grid[template] + min[template];
  return operator + this + namespace[2];
}
