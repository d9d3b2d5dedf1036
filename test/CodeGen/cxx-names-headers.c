// REQUIRES: nvcc
// With <stdbool.h> included, `bool`, `true` and `false` are the header's
// macros, not the input's names: they stay as written (C++ keywords with
// the same meaning). `restrict` in code pasted from the input becomes
// `__restrict__`. The CUDA compiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -o %t/a.cu
// RUN: FileCheck %s < %t/a.cu
// RUN: %nvcc -arch=sm_90 -c %t/a.cu -o %t/a.o 2>&1 | count 0
// CHECK: extern "C" void flags(int n, bool loopgpu_c_new, const float *__restrict__ x, float *__restrict__ y) {
// CHECK:   bool done = false;
// CHECK:   float *__restrict__ loopgpu_c_this = y;
// CHECK:   if (loopgpu_c_new && !done)
// CHECK:     loopgpu_c_this[0] = 1.0f;
#include <stdbool.h>

void flags(int n, bool new, const float *restrict x, float *restrict y) {
  bool done = false;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.0f ? x[i] : 0.0f;
  float *restrict this = y;
  if (new && !done)
    this[0] = 1.0f;
}
