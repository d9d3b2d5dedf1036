// A function with a nest keeps its name in the CUDA (C callers link to it):
// one that C++ reserves is refused with a located error, not emitted as
// CUDA that does not compile.
// RUN: %expect_exit 1 %loopgpu %s 2>&1 | FileCheck %s
// CHECK: cxx-names-refused.c:[[#@LINE+3]]:9: error: the function 'delete' keeps its name in the CUDA host function (C callers link to it), but C++ or CUDA reserves 'delete': rename the function
// CHECK-NOT: error:
void delete(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
