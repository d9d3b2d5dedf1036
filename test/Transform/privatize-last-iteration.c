// Array privatization copies the last iteration's private copy back, which
// is right only if the last iteration (by the loop's bounds) writes every
// element any iteration writes: not when a guard lets only some iterations
// write (found by utils/fuzz-pipeline.sh: -emit=c lost an earlier write).
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 --sizes 0,1,2,3,5,8,13 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 --sizes 0,1,2,3,5,8,13 %s %t.2.c f
// RUN: cat %t.1.c %t.2.c | grep -v '^//' | FileCheck %s
// CHECK-NOT: privatize array
float f(int n, int m, int p, float A[restrict p + 4][p + 4]) {
  float u = 1;
#if CASE == 1
#pragma loopgpu
  for (int i = 2; i <= n - 1; i++) {
    if (i % 2 == 0) A[0][0] = 1;
  }
#else
#pragma loopgpu
  for (int i = 1; i < m; i++) {
    if (i + i < m) A[3][3] = 1;
  }
#endif
  return u;
}
