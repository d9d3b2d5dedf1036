// An unsigned iterator inside a bound a transformation derived: permuted,
// `i` runs from min(k, m - 1) down (k an unsigned long). C's min macro
// compared k with m - 1 = -1 at m = 0 as unsigned, took k, and the loop ran
// where the original runs nothing (fuzz case 1462667: -emit=c wrote
// elements the original does not). Affine expressions are of integers: the
// iterator is read as a number in them; the transformed C matches the
// original at every size, m = 0 among them.
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: grep -v "^//" %t.c | FileCheck %s
// RUN: python3 %S/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t.c f
// CHECK: for (int i = loopgpu_min((long long)k, m - 1); i >= 0; i--)
#include <math.h>

void f(int n, int m, int q, float T[restrict n + 4][n + 4][m + 4], const float A[restrict q + 4],
       const float B[restrict m + 4]) {
#pragma loopgpu
  for (int i = m - 1; i >= 0; i--)
    for (int j = n - 2; j >= 0; j -= 2)
      for (unsigned long k = i; k < n; k++)
        for (int l = 0; l < q; l = l + 2)
          T[j + 2][k + 2][0] = 0.25f * (T[j + 2][k + 2][0] + sqrtf(fabsf(B[i])) + A[l + 3]);
}
