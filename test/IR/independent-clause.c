// The IR printer spells the `independent` clause (it printed '?').
// RUN: %loopgpu %s -emit=ir | FileCheck %s
void f(int n, float *a, float *b) {
#pragma loopgpu independent
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;
}
// CHECK: nest 0 in f (line 4): independent
// CHECK: L0 for i in [0, n - 1] step 1 (line 5) independent
// CHECK-NOT: ?
