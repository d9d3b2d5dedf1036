// A pointer parameter the nest does not use keeps its place in the host
// function's C signature, with `restrict` spelled for CUDA (nvcc rejects
// the C keyword), and the output compiles.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %nvcc -arch=sm_90 -c %t.cu -o %t.o 2>&1 | count 0
void f(int n, float *restrict out, const float *restrict x, float *restrict y, int restricted) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i] + restricted;
}
// CHECK: extern "C" void f(int n, float *__restrict__ out, const float *__restrict__ x, float *__restrict__ y, int restricted) {
