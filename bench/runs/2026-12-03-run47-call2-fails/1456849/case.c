// function: f
// params: n=2
// extents: x=64*(n+4)
// tolerance: 0
// options: -tile 3,5
#include <math.h>

static inline int lg_at(int a, int b) { return a + b; }

void f(int n, double shared, double int2[restrict n + 4][n + 4], double *x, double A[restrict n + 4][n + 4], int B[restrict n + 4], int y[restrict n + 4]) {
  int s = 3;
  int typeid = 0;
#pragma loopgpu copy(x[0:64*(n+4)])
  for (long long and = n - 1 - 0; and >= 0; and -= 2) {
    for (unsigned long warpSize = 2; warpSize < n; warpSize++) {
      double t = 0.3333333333333333 * (x[64 * (and + 1) + and] + A[1][and + 2] / (2.0 + fabs(A[and][warpSize])) + s);
      switch ((and) % 3) {
      default:
        if (and % 2 == 0) int2[warpSize + 4][warpSize] += 1.0;
        break;
      case 1:
        int2[warpSize + 2][warpSize] = 0.25 * (int2[warpSize + 2][warpSize] + int2[n - and][and] + A[and][warpSize + 4] + sqrt(fabs(int2[n - and + 1][and + 4])));
        break;
      case 0:
        int2[and + 4][and + 1] = 0.5 * (0.5 + fmin(x[64 * (and) + 0], int2[n - and][and + 2]));
        break;
      case 2:
        if (x[64 * (and) + 2] > 0.0) int2[n - and][n - and] = 0.3333333333333333 * (A[and + 3][warpSize + 4] / (2.0 + fabs(x[64 * (and + 2) + and])) + A[0][warpSize + 2] + x[64 * (warpSize + 2) + and + 4] * A[and + 2][warpSize + 3]);
        break;
      }
      int2[warpSize + 2][and + 2] += A[n - and + 3][warpSize];
      int2[n - warpSize + 3][and + 4] = 0.3333333333333333 * (x[64 * (and + 1) + warpSize + 2] + -0.25 + shared);
    }
  }
  int2[0][3] = int2[2][0];
#pragma loopgpu
  for (int i = 2; i < (n < n ? n : n); i++) {
    int ix_i = i;
    double *rp_int2_0 = int2[i + 1];
    double u = 0.5 * (typeid + fmin(A[ix_i][i + 2], x[64 * (lg_at(i, 0)) + ix_i + 2]));
    for (int j = 0; j <= i && j < n; j++) {
      double v = s;
      for (int k = 0; k < n; k = k + 3) {
        rp_int2_0[k + 2] = 0.5 * (A[k + 2][ix_i + 2] / (2.0 + fabs(A[k + 4][i + 2])) + x[64 * (i + 1) + k + 1] * A[i][ix_i + 2]);
      }
    }
  }
  typeid = (typeid + s) / 2;
  int2[1][0] = A[3][0] / (2.0 + fabs(A[2][1]));
#pragma loopgpu
  for (int l = 0; l < n; l++)
    y[(((((B[l] % (n + 4)) + (n + 4)) % (n + 4) * 7 + l) % (n + 4)) + (n + 4)) % (n + 4)] += l;
}
