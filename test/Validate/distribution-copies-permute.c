// Distribution copies take their bounds from the loops as they were, not as
// an earlier part renamed them: every copy of a triangular loop (j <= i)
// refers to its own copy of i (found by utils/fuzz-pipeline.sh, shrunk).
// Symptom: -emit=c output used i undeclared after distribution and permutation.
// RUN: %loopgpu %s -emit=c -o %t.c
// RUN: python3 %S/../Transform/Inputs/equiv.py --cc %cc %s %t.c f
void f(int n, int m, int p, float B[restrict m + 4][n + 4]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float u = 1;
    for (int j = 0; j <= i; j++) {
      float v = 1;
      for (int l = 2; l < m; l = l + 3) {
        B[l + 2][j + 1] = 1;
      }
    }
  }
}
