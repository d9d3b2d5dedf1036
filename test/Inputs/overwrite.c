// Arrays a nest may or may not overwrite before reading (copy-in-elision.test).
void two(int ni, int nj, int nk, double alpha, double tmp[restrict ni][nj], const double A[restrict ni][nk],
         const double B[restrict nk][nj]) {
#pragma loopgpu
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (int k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
}
void map(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}
void partial(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    out[i] = 2 * in[i];
}
void readfirst(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = out[i] + in[i];
}
void guarded(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (in[i] > 0)
      out[i] = in[i];
}
void shifted(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    out[i] = in[i];
    if (i > 0)
      out[i] += out[i - 1];
  }
}
void readnext(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n - 1; i++)
    out[i] = in[i] + out[i + 1];
  #pragma loopgpu
  for (int i = n - 1; i < n; i++)
    out[i] = 0;
}
void noalias(int n, double *out, const double *in) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}
void tri(int n, double C[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      C[i][j] = 1;
}
void reversed(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = n - 1; i >= 0; i--)
    out[i] = in[i] + 1;
}
void evenodd(int n, double out[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0)
      out[i] = in[i];
    else
      out[i] = -in[i];
  }
}
void transposed(int n, int m, double A[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[j][i] = i + j;
}
void lastcolumn(int n, int m, double A[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      A[i][j] = i - j;
}
void twostatements(int n, double out[restrict n], double tmp[restrict n], const double in[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    tmp[i] = in[i] * 2;
    out[i] = tmp[i] + tmp[n - 1 - i];
  }
}
// Pointers, sized by what the nests touch (rows 0 to the largest reached):
// covered entirely, or not (odd elements, element 0, the last column).
void saxpy(int n, float a, const float *restrict x, const float *restrict y, float *restrict z) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    z[i] = a * x[i] + y[i];
}
void evens(int n, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[2 * i] = x[i];
}
void fromone(int n, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    y[i] = x[i];
}
void flatrows(int n, int m, const float *restrict x, float *restrict y, float *restrict w) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] = x[i] + 1.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      w[i * m + j] = y[i * m + j + 1];
}
void rowsptr(int n, int m, const float *restrict x, float (*restrict y)[m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i][j] = x[i];
}
// Both nests touch as much of b; the second touches more of c than the first.
void twonests(int n, const float *restrict a, float *restrict b, float *restrict c) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    b[i] = 2.0f * a[i];
#pragma loopgpu
  for (int i = 0; i < n; i++)
    c[i] = b[i] + a[i];
#pragma loopgpu
  for (int i = 0; i < n + 1; i++)
    c[i] += 1.0f;
}
// Host code reads the pointer: copied in.
float hostreads(int n, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = x[i];
  return y[0];
}
