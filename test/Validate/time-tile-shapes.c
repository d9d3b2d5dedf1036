// REQUIRES: cpu-emulation
// Time tiling on shapes PolyBench does not have: fixed-size float arrays
// with a coefficient of the time iterator, a read-only source term read at
// neighbouring cells, radius 2 along x and sweeps over different ranges
// (the second over every cell, borders included), three rotating arrays
// with a sweep of two statements (cell by cell, no row batches), and
// periodic boundary copies between the sweeps (no constant offset: not
// time-tiled, still correct). Validated under the emulation with the
// time-tiled kernels forced, with small tiles (many blocks) and with the
// model's own.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loopgpu %s -time-tile=3,8,16 -o %t/s.cu
// RUN: FileCheck %s --check-prefix=WHY --input-file=%t/s.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t/s.cu -o %t/s.o %}
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 %loopgpu %s -time-tile=3,8,16 --param steps=7 --param n=41 --param m=53 --validate --validate-mode=cpu --validate-dir=%t/1 2>&1 | FileCheck %s
// RUN: env LOOPGPU_TIME_TILE_MIN_BLOCKS=0 LOOPGPU_TRACE=1 %loopgpu %s --param steps=9 --param n=100 --param m=37 --validate --validate-mode=cpu --validate-dir=%t/2 2>&1 | FileCheck %s
// WHY-DAG: loop t (line {{[0-9]+}}) is time-tiled (heat_fixed_nest0_apart_time_t)
// WHY-DAG: loop t (line {{[0-9]+}}) is time-tiled (source_nest0_time_t)
// WHY-DAG: loop t (line {{[0-9]+}}) is time-tiled (rotate_nest0_time_t)
// WHY-DAG: loop t (line {{[0-9]+}}) is time-tiled (pointwise_nest0_time_t)
// WHY-DAG: is not time-tiled: the statement on line {{[0-9]+}} reads A[n - 2][j] at no constant offset from the element it writes
// CHECK-NOT: FAIL
// CHECK-DAG: heat_fixed_nest0_apart_time_t: {{[0-9]+}} iterations time-tiled
// CHECK-DAG: source_nest0_time_t: {{[0-9]+}} iterations time-tiled
// CHECK-DAG: rotate_nest0_time_t: {{[0-9]+}} iterations time-tiled
// CHECK-DAG: pointwise_nest0_time_t: {{[0-9]+}} iterations time-tiled
// CHECK-DAG: {{^PASS$}}

#define N 70
#define M 45
/* Fixed sizes, float, a t-dependent coefficient. */
void heat_fixed(int steps, float alpha, float G[N][M], float H[N][M]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        H[i][j] = G[i][j] + alpha * (float)(t + 1) * (G[i - 1][j] + G[i + 1][j] + G[i][j - 1] + G[i][j + 1] - 4.0f * G[i][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        G[i][j] = H[i][j];
  }
}

/* A read-only source term read at the cell and at a neighbour, radius 2
   along x, sweeps over different ranges. */
void source(int steps, int n, int m, double A[restrict n][m], double B[restrict n][m], const double S[restrict n][m]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 2; j < m - 2; j++)
        B[i][j] = 0.25 * (A[i][j - 2] + A[i][j + 2] + A[i - 1][j] + A[i + 1][j]) + S[i][j] * 0.01 + S[i - 1][j + 1];
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        A[i][j] = 0.5 * (A[i][j] + B[i][j]);
  }
}

/* Three arrays rotating, one sweep of two statements. */
void rotate(int steps, int n, float X[restrict n][n], float Y[restrict n][n], float Z[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        Y[i][j] = X[i + 1][j] - X[i - 1][j];
        Z[i][j] = Y[i][j] + X[i][j + 1];
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        X[i][j] = 0.3f * (Y[i][j - 1] + Z[i][j + 1]) + 0.4f * X[i][j];
  }
}

/* Periodic boundary copies between sweeps: not a stencil sweep (row 0 reads
   row n - 2), so the loop is not time-tiled, and stays correct. */
void periodic(int steps, int n, double A[restrict n][n], double B[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < n; j++)
      A[0][j] = A[n - 2][j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
}

/* Pointwise sweeps (no neighbour read): no halo at all. */
void pointwise(int steps, int n, float A[restrict n][n], float B[restrict n][n]) {
  #pragma loopgpu
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[i][j] = A[i][j] * 0.5f + 1.0f;
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = B[i][j] * 0.75f - 0.25f;
  }
}
