// Distribution copies take their bounds from the loops as they were, not as
// an earlier part renamed them: every copy of a triangular loop (j <= i)
// refers to its own copy of i (found by utils/fuzz-pipeline.sh, shrunk).
// Symptom: a kernel mapped j and k with k <= j and used j before defining it.
// RUN: %if cpu-emulation %{ %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t.v1 --param n=29 --param m=36 | FileCheck %s %}
// RUN: %if cpu-emulation %{ %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t.v2 --param n=29 --param m=36 -coarsen 2,2 | FileCheck %s %}
// CHECK: {{^PASS$}}
void f(int n, int m, float *restrict y, float *z) {
#pragma loopgpu
  for (int i = 1; i < (n < m ? n : m); i++) {
    for (int j = 0; j <= i; j++) {
      float t = 1;
      z[64 * (i + 4) + i] = z[64 * (j) + j];
      for (int k = 0; k <= j; k++) {
        float u = 1;
        if (y[4096 * (k) + 64 * (k + 2) + 3] >= 0.0f) z[64 * (i + 4) + j] = t;
      }
    }
  }
}
