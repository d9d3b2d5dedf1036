// Code the CUDA file repeats must be C++ as well as C: an implicit
// conversion from void * and a called function with a variable-length array
// parameter are refused with located errors (not CUDA that nvcc rejects);
// -emit=c, which stays C, accepts them.
// RUN: %expect_exit 1 %loopgpu %s 2>&1 | FileCheck %s
// RUN: %loopgpu %s -emit=c | FileCheck %s --check-prefix=C
// CHECK: file-scope-refused.c:[[#@LINE+6]]:24: error: the host code calls 'init', whose parameter 'A' is a variable-length array: C++ has none, and the CUDA file repeats this declaration
// CHECK: file-scope-refused.c:[[#@LINE+7]]:14: error: implicit conversion from 'void *' to 'float *' is C but not C++, and the CUDA file repeats this code: add a cast
// C: float *p = malloc(n * sizeof(float));
// C: #pragma loopgpu
#include <stdlib.h>

void init(int n, float A[n]);
static float *scratch(int n) {
  float *p = malloc(n * sizeof(float));
  return p;
}
void f(int n, float *restrict A) {
  float *t = scratch(n);
  init(n, t);
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = t[i] + 1.0f;
  free(t);
}
