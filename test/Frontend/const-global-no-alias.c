// A global defined const is never written, so a written pointer that is not
// restrict cannot alias it: no warning, and the loop stays parallel. A
// global that is not const may still be what the pointer points to.
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s
// CHECK-NOT: may alias 'table'
// CHECK: warning: 'A' may alias 'scratch'
// CHECK-NOT: may alias 'table'
// CHECK: loop i (line [[#@LINE+7]]): parallel
// CHECK: loop i (line [[#@LINE+12]]): sequential
static const float table[4] = {1, 2, 3, 4};
float scratch[4];

void lookup(int n, float *A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = table[i % 4];
}

void copy(int n, float *A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = scratch[i % 4];
}
