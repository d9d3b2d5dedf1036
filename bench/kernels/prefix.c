// Prefix sums as people write them: a running sum along an array, and along
// each row of a matrix (loopgpu runs both as CUB scans; bench/drivers/scan.cu).
void prefixf(int n, float A[restrict n], const float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] + B[i];
}

void rowscanf(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      A[i][j] = A[i][j - 1] + B[i][j];
}

void colscanf(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
}
