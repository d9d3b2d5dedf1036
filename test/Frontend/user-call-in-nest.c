// A call to a function of the file inside a nest is refused with a located
// error (only side-effect-free math functions run on the GPU), also when the
// function is static and pure.
// RUN: %expect_exit 1 %loopgpu %s 2>&1 | FileCheck %s
// CHECK: user-call-in-nest.c:[[#@LINE+6]]:12: error: call to 'sq' (only side-effect-free math functions
static float sq(float x) { return x * x; }

void g(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = sq(A[i]);
}
