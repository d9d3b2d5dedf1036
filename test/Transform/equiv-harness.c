// The equivalence harness itself: it must notice a transformed program that
// computes something else (here: a strip-mined loop that skips the last
// element), and accept an identical one.
// RUN: %loopgpu %s -emit=c > %t.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc %s %t.c f
// RUN: sed -e 's/i < loopgpu_min(ii + 4, n)/i < loopgpu_min(ii + 4, n - 1)/' %t.c > %t.wrong.c
// RUN: %expect_exit 1 python3 %S/Inputs/equiv.py --cc %cc %s %t.wrong.c f | FileCheck %s
// CHECK: MISMATCH (n=2): A[1] =
// CHECK: FAIL:

void f(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu tile(4)
  for (int i = 0; i < n; i++)
    A[i] = B[i] * 2.0f;
}
