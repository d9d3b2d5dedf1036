// An integer argument of a floating-point math function (fabs(n), which C
// converts to double) is cast to the parameter's type in the CUDA: C++
// would call CUDA's host-only integral overload (nvcc: "calling a constexpr
// __host__ function from a __global__ function"; found by bench/fuzz-gpu.sh).
// RUN: %loopgpu %s -o %t.cu 2>/dev/null
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t.v 2>/dev/null | FileCheck %s --check-prefix=VAL %}
// CHECK: out[i] = sqrt(fabs((double)M[i])) + fabsf((float)(M[i] - 3));
// VAL: {{^PASS$}}
#include <math.h>
void f(int n, const int *restrict M, double *restrict out) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = sqrt(fabs(M[i])) + fabsf(M[i] - 3);
}
