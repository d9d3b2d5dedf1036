// An array over 16 MiB at the sizes large-copies.test calls it with: the host
// function copies it to the GPU in page-locked pieces.
void rowdot(int n, const double A[restrict n][n], const double y[restrict n], double x[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] += A[i][j] * y[j];
}
