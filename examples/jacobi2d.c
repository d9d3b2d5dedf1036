// Jacobi 2-D relaxation: tsteps sweeps of a 5-point average between A and B.
//
// What loopgpu should do: the time loop t is sequential (each sweep reads what
// the previous one wrote: RAW with direction (<, ...)); inside a sweep, the
// two statements' i/j loops are parallel. Distribution keeps them as two
// kernels launched in order inside the time loop.
void jacobi2d(int tsteps, int n, float A[restrict n][n], float B[restrict n][n]) {
#pragma loopgpu
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i - 1][j] + A[i + 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i - 1][j] + B[i + 1][j]);
  }
}
