// Fails: loopgpu %s -o out.cu
// error: cannot tell how many elements of 'x' the nest touches (a non-affine
// subscript on a pointer), though every subscript of x is affine and x is
// restrict: valid input refused (loop i is distributed into 3 loops and the
// triangular j interchanged outward first; -emit=c is fine).
// (utils/fuzz-pipeline.sh cases 427 and 595, shrunk by utils/fuzz-shrink.py)
float f(int n, int m, int p, float A[restrict n + 4][p + 4], float *restrict x) {
  float u = 0;
#pragma loopgpu
  for (int i = 1; i < (p < n ? p : n); i++) {
    A[i][i + 1] = 1;
    for (int j = 0; j <= i; j++) {
      A[j + 4][i + 1] = 1;
      A[j + 4][j + 2] += 1;
      u += x[64 * (i + 2) + j + 2];
    }
  }
  return u;
}
