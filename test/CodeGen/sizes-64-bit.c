// Element counts are computed in 64 bits (issue 18, item 6): A[65536 * i]
// with n = 40000 needs 65536 * 40000 - 65535 elements, which overflows int;
// every name is widened before the arithmetic.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=5 --validate --validate-mode=cpu --validate-dir=%t.v | FileCheck %s --check-prefix=VAL %}
void f(int n, float *restrict A) {
#pragma loopgpu
  for (long i = 0; i < n; i++)
    A[65536 * i] = 1.0f;
}
// CHECK: loopgpu_region loopgpu_data({{[{][{]}}A, loopgpu_bytes(loopgpu_max(0, (long long)({{.*}}65536 * ((long long)n){{.*}})), sizeof(float))}});
// VAL: PASS f: A (262145 elements)
