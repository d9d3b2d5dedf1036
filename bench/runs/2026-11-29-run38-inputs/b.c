#include <math.h>
static inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static inline int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
void layer(int n, int m, const double W[n][m], const double *restrict x, double *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += W[i][j] * x[j];
    y[i] = sigmoid(s);
  }
}
void quant(int n, const float *restrict x, int *restrict q) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    q[i] = clampi((int)(x[i] * 100.0f), -50, 50);
}
