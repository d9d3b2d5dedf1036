// function: f
// params: n=2 m=13 p=14
// extents: x=64*(n+4) block=64*(p+4)
// tolerance: 1e-4
// options: -tile 16,16 -coarsen 8,8
#include <math.h>

void f(int n, int m, int p, int *restrict x, double *block, double typename[n + 4][m + 4], const double A[p + 4][p + 4]) {
#pragma loopgpu
  for (int i = n - 1 - 1; i >= 0; i -= 3) {
    for (int j = 0; j < (p < n ? p : n); j++) {
      for (int k = 0; k <= n - 1; k++) {
        for (int l = n - 1 - 2; l >= 0; l -= 3) {
          int s = x[64 * (3) + 2];
          block[64 * (j + 2) + n - j + 3] = 0.3333333333333333 * (block[64 * (j + 2) + n - j + 3] + block[64 * (p - j + 3) + l] * typename[0][3] + s);
          x[64 * (i + 3) + 3] = (x[64 * (k + 1) + 1] + x[64 * (l + 4) + 2]) / 2;
          block[64 * (j + 4) + n - j] = 0.5 * (1.0 + s);
          double tr1 = 0;
          for (int kr1 = ((x[64 * (j) + 1] % (p + 4)) + (p + 4)) % (p + 4); kr1 < (p + 4); kr1++) {
            tr1 += A[j][kr1];
          }
          block[64 * (j + 1) + i] = tr1 * 0.015625;
          double la[2];
          for (int lq = 0; lq < 2; lq++)
            la[lq] = 0.5 * (0.3333333333333333 * (A[j + 2][j + 3] / (2.0 + fabs(typename[j + 4][3])) + A[j + 2][p - j + 2] + s)) + lq * 0.125;
          x[64 * (i + 3) + 1] = (x[64 * (i + 3) + 1] + x[64 * (l + 2) + 2] + x[64 * (l + 3) + 0] + x[64 * (n - k) + 0]) / 4;
          if (block[64 * (j + 3) + 2] < 0.0) block[64 * (j) + l + 1] = 0.5 * (la[0] + block[64 * (j) + n - i]);
        }
      }
    }
  }
}
