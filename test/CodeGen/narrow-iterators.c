// Iterators narrower than int, and unsigned ones (issue 18, item 5): the
// thread's offset, tile and position are computed in a signed int at least
// (a char offset wrapped to -128 for threads 128-255, and those threads
// wrote A[-128..-1]); the iterator keeps its C type.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=120 --validate --validate-mode=cpu --validate-dir=%t.v | FileCheck %s --check-prefix=VAL %}
// CHECK: const int loopgpu_off0 = threadIdx.x;
// CHECK: const char i = (char)(0 + loopgpu_t0 * 1);
// CHECK: const long long loopgpu_off0 = threadIdx.x;
// CHECK: const unsigned int i = (unsigned int)(0 + loopgpu_t0 * 1);
// VAL: PASS f: A (120 elements)
// VAL: PASS g: A (120 elements)
// VAL: PASS h: A (120 elements)
// VAL: PASS u: A (120 elements)
// VAL: {{^PASS$}}
void f(int n, float *restrict A) {
#pragma loopgpu
  for (char i = 0; i < n; i++)
    A[i] = 1.0f + i;
}
void g(int n, float *restrict A) {
#pragma loopgpu
  for (unsigned char i = 0; i < n; i++)
    A[i] = 2.0f * i;
}
void h(int n, float *restrict A) {
#pragma loopgpu
  for (short i = 0; i < n; i++)
    A[i] = 3.0f * i;
}
void u(unsigned n, float *restrict A) {
#pragma loopgpu
  for (unsigned i = 0; i < n; i++)
    A[i] = 4.0f * i;
}
