// Host loops of launches whose iterations run inside one kernel.
#include <math.h>

// jacobi-1d: two sweeps per step, the same every step.
void sweeps(int steps, int n, double A[restrict n], double B[restrict n]) {
#pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

// trisolv: the launches shrink; the first iterations need many blocks.
void forward(int n, double L[restrict n][n], double x[restrict n], double b[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

// durbin's shape: a reduction, one-thread kernels and copies; the launches grow.
void growing(int n, double r[restrict n], double y[restrict n], double z[restrict n]) {
  double sum;
#pragma loopgpu
  for (int k = 1; k < n; k++) {
    sum = 0.0;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    for (int i = 0; i < k; i++)
      z[i] = y[i] + sum * 1e-3 * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = sum * 1e-3;
  }
}

// A downward loop.
void downward(int n, double A[restrict n], double B[restrict n]) {
#pragma loopgpu
  for (int t = n - 1; t >= 0; t--) {
    for (int i = 0; i < n; i++)
      B[i] = A[i] + 0.5 * t;
    for (int i = 0; i < n; i++)
      A[i] = 0.5 * (B[i] + B[n - 1 - i]);
  }
}

// Each thread runs a loop of its own (adi's sweeps): one block at most.
void rows(int steps, int n, double A[restrict n][n]) {
#pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 1; j < n; j++)
        A[i][j] = 0.5 * (A[i][j - 1] + A[i][j]);
    for (int j = 0; j < n; j++)
      for (int i = 1; i < n; i++)
        A[i][j] = 0.5 * (A[i - 1][j] + A[i][j]);
  }
}

// A 2-D kernel and a 1-D one: different blocks, launched from the host.
void shapes(int steps, int n, double M[restrict n][n], double v[restrict n]) {
#pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        M[i][j] = 0.5 * M[i][j] + v[j];
    for (int i = 0; i < n; i++)
      v[i] = 0.25 * (v[i] + M[i][i]);
  }
}

// Two host loops of one nest with one iterator name: the second kernel's
// name takes its line.
void twice(int steps, int n, double A[restrict n], double B[restrict n]) {
#pragma loopgpu
  for (int r = 0; r < 2; r++) {
    for (int t = 0; t < steps; t++) {
      for (int i = 1; i < n; i++)
        B[i] = 0.5 * (A[i - 1] + A[i]);
      for (int i = 1; i < n; i++)
        A[i] = 0.5 * (B[i - 1] + B[i]);
    }
    for (int t = 0; t < steps; t++) {
      for (int i = 1; i < n; i++)
        B[i] = 0.25 * (A[i - 1] + A[i]) + r;
      for (int i = 1; i < n; i++)
        A[i] = 0.25 * (B[i - 1] + B[i]);
    }
  }
}
