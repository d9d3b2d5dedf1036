// REQUIRES: cpu-emulation
// A sequential loop stays on the host around the kernels of its body; a
// scalar declared in that body and used by two of them (here t: computed by
// a one-thread kernel, read by the parallel loop l) must live in device
// memory: it is expanded along the host loop (utils/fuzz-pipeline.sh case
// 146, shrunk by utils/fuzz-shrink.py: 't' was not declared in the kernel).
// t reads column j + 2 of some row, which iteration j - 1 wrote: loop j stays
// sequential (A[k + 3][2] no longer does that: the analysis keeps a
// subscript's affine dimensions, and column 2 is never written).
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=MAP --input-file=%t.cu
// RUN: %loopgpu %s --param n=13 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: %loopgpu %s --param n=1 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
void f(int n, float A[restrict n + 4][n + 4]) {
#pragma loopgpu
  for (int j = 1; j < n; j++) {
    int k = 0;
    float t = A[k + 3][j + 2];
    for (int l = 0; l < n; l++)
      A[j][j + 3] = t;
  }
}
// The scalar read under a condition and by a reduction-free second loop,
// and one the distribution of loop j expands already (s).
void g(int n, float A[restrict n][n], float B[restrict n]) {
#pragma loopgpu
  for (int j = 1; j < n; j++) {
    float t = A[j - 1][0] * 0.5f;
    float s = B[j];
    B[j] = s + 1.0f;
    for (int l = 0; l < n; l++)
      if (l > j)
        A[j][l] = A[j - 1][l] + t;
    for (int l = 0; l < n; l++)
      A[j][l] += t;
  }
}
// A reduction loop that stays on the host (its argmax is not one a kernel
// combines around the inner reduction loop): s is used by the one-thread
// kernel and the reduction kernel of k (fuzz case 100286).
double h(int n, double T[restrict n + 4][n + 4], int *restrict x) {
  double u = 1e+30, v = -1e+30;
  int acc = -1;
#pragma loopgpu
  for (int i = n - 2; i >= 0; i -= 3)
    for (int j = 1; j < n; j++) {
      double s = 0.5 * T[3][2] + (double)x[0];
      for (int k = n - 2; k >= 0; k -= 3) {
        u = (u < x[k] + s) ? u : x[k] + s;
        if (T[k][i + 1] > v) {
          v = T[k][i + 1];
          acc = 2 * i + 1;
        }
      }
    }
  return u + v + (double)acc;
}
// A parallel loop that still stays on the host: each iteration writes all
// of x, which would need a last-private copy per thread (fuzz case 101259).
void k(int n, double w[restrict n + 4], double *restrict x, double A[n + 4][n + 4]) {
#pragma loopgpu
  for (int i = 2; i < n; i++) {
    double s = 0.5 * (w[i + 1] + A[n - i][n - i]);
    for (int j = 0; j <= n - 1; j++)
      x[64 * (n - j + 3) + j + 4] = 0.25 * (w[j] + A[j + 3][i + 4] + s);
  }
}
// MAP: transformed first: expand t into t_exp along loop j (line 17) [default choice]
// MAP: transformed first: expand t into t_exp along loop j (line 28) [default choice]
// MAP: transformed first: expand s into s_exp along loop j (line 47) [default choice]
// MAP: transformed first: expand s into s_exp along loop i (line 63) [default choice]
// CHECK-DAG: PASS f: A
// CHECK-DAG: PASS g: A
// CHECK-DAG: PASS g: B
// CHECK-DAG: PASS h: return value
// CHECK-DAG: PASS k: x
// CHECK: {{^PASS$}}
