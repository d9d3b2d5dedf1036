// A file without a marked nest: a warning, exit 0.
// RUN: %loopgpu %s -emit=ir 2>&1 | FileCheck %s
// CHECK: warning: no '#pragma loopgpu' loop nest in this file; nothing to do
// CHECK: file {{.*}}no-nest.c: 0 nests
void f(int n, float *A) {
  for (int i = 0; i < n; i++)
    A[i] = 0;
}
