// Iterators narrower than int, and unsigned ones (issue 18, item 5): the
// thread's offset, tile and position are computed in a signed int at least
// (a char offset wrapped to -128 for threads 128-255, and those threads
// wrote A[-128..-1]); the iterator keeps its C type.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// A bound in parameters that the iterator's type cannot end (f with n = 200:
// C wraps the char around and never ends) stops the program with a message
// before the nest; n = 120 (the validate run below) passes the check.
// RUN: FileCheck %s --check-prefix=RANGE < %t.cu
// RANGE-LABEL: extern "C" void f(int n, float *__restrict__ A) {
// RANGE: if (loopgpu_trip(0, ((long long)n) - 1, 1) > 0 && ((0) + (loopgpu_trip(0, ((long long)n) - 1, 1) - 1) * 1) > 126LL) {
// RANGE-NEXT: fprintf(stderr, "loopgpu: f: the loop at line {{[0-9]+}} never ends as in C: its iterator 'i' of type 'char' cannot hold the value that ends it (C wraps it around)\n");
// RANGE-NEXT: exit(EXIT_FAILURE);
// RANGE-LABEL: extern "C" void g(int n, float *__restrict__ A) {
// RANGE: > 254LL) {
// RANGE-LABEL: extern "C" void h(int n, float *__restrict__ A) {
// RANGE: > 32766LL) {
// RANGE-LABEL: extern "C" void u(unsigned int n, float *__restrict__ A) {
// RANGE-NOT: fprintf
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
