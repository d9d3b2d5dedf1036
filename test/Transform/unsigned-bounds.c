// A nest whose unsigned iterator gets a bound a transformation derived:
// distributed, `j` runs to `min(n, m - 1)`, negative at m = 0. Compared as
// unsigned, that bound is about 2^32: -emit=c's loop ran (and indexed) far
// past the arrays (fuzz case 790137, a hang). Now an unsigned iterator
// compares with its bound as a number; the transformed C matches the
// original at every size, m = 0 among them.
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: grep -v "^//" %t.c | FileCheck %s
// RUN: python3 %S/Inputs/equiv.py --cc %cc --sizes 0,1,2,3,5,8,13 %s %t.c f
// CHECK: for (unsigned int j = 1; (long long)j < (long long)(loopgpu_min(n, m - 1)); j++)
#include <math.h>
static inline int lg_at(int a, int b) { return a + b; }

void f(int n, int m, int p, float A[restrict n + 4], int S[restrict n + 4]) {
#pragma loopgpu
  for (unsigned j = 1; j < n; j++) {
    unsigned ix_j = j;
    int t = S[ix_j + 4];
    S[ix_j + 1] = (S[ix_j + 1] + S[3]) / 2;
    for (int k = 0; k < n; k++) {
      for (int l = j + 1; l < m; l++) {
        for (long i0 = p - 1 - 2; i0 >= 0; i0 -= 3) {
          S[j + 3] = (S[j + 3] + S[k + 1] + S[k + 2]) / 3;
          if (l > l) S[k + 4] = (S[ix_j] + S[ix_j + 3]) / 2;
          switch ((j) % 3) {
          case 0:
            S[n - k + 2] = (S[k + 3] + S[k] + t) / 3;
            break;
          case 1:
            A[k + 1] = (float)S[0];
            break;
          default:
            A[k + 2] = sqrtf(fabsf(A[k + 2]));
            break;
          case 2:
            S[j + 2] = (t + S[j + 2]) / 2;
            break;
          }
        }
        A[k + 1] = fminf(A[lg_at(k, 0) + 1], A[0]);
      }
    }
  }
}
