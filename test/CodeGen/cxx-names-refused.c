// A function with a nest keeps its name in the CUDA (C callers link to it),
// and so does a variable of the file with external linkage: one whose name
// C++ reserves is refused with a located error, not emitted as CUDA that
// does not compile or links to another symbol. A static one is renamed.
// RUN: %expect_exit 1 %loopgpu %s 2>&1 | FileCheck %s
// CHECK: cxx-names-refused.c:[[#@LINE+5]]:9: error: the function 'delete' keeps its name in the CUDA host function (C callers link to it), but C++ or CUDA reserves 'delete': rename the function
// CHECK: cxx-names-refused.c:[[#@LINE+1]]:7: error: 'new' has external linkage, so the CUDA file must keep its name for other C files, but C++ or CUDA reserves 'new': rename it, or make it static
float new[8];
static float class[4] = {1, 2, 3, 4};
void delete(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = class[i % 4] + new[i % 8];
}
// CHECK-NOT: error:
