// Diagnostics name the input's own names, not their CUDA spellings
// (loopgpu_c_threadIdx).
// RUN: %expect_exit 1 %loopgpu %s 2>&1 | FileCheck %s
// CHECK: cxx-names-diagnostics.c:[[#@LINE+1]]:62: error: cannot tell how many elements of 'threadIdx' the nest touches
void f(int n, const int *restrict idx, const float *restrict threadIdx, float *restrict out) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = threadIdx[idx[i]];
}
