// Distribution copies take their bounds from the loops as they were, not as
// an earlier part renamed them: every copy of a triangular loop (j <= i)
// refers to its own copy of i (found by utils/fuzz-pipeline.sh, shrunk).
// Symptom: an affine restrict pointer was refused as non-affine.
// RUN: %loopgpu %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
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
