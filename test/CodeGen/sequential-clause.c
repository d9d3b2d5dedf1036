// `#pragma loopgpu sequential` keeps a loop sequential: it is never mapped to
// threads, not even when the analysis finds it parallel (issue 18, item 3).
// RUN: %loopgpu %s -o %t.cu 2>/dev/null
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=40 --param T=3 --validate --validate-mode=cpu --validate-dir=%t.v | FileCheck %s --check-prefix=VAL %}
void f(int n, int *restrict A, const unsigned *restrict B) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
#pragma loopgpu sequential
    for (int j = 0; j < n; j++)
      A[i * n + j] = (int)B[j] + i;
  }
}
// CHECK: //   f_nest0_kernel: block (32, 1, 1), grid covering i on x,
// CHECK-NOT: j on
// CHECK: //   g_nest0_kernel: 1 thread
// CHECK-NEXT: //   loop i (line [[@LINE+3]]) runs in one thread: '#pragma loopgpu sequential' keeps it sequential
void g(int n, float *restrict A) {
#pragma loopgpu sequential
  for (int i = 0; i < n; i++)
    A[i] = 2.0f * A[i];
}
// The clause holds for every copy of its loop that distribution makes: h's
// i loop is split into the accumulator's initialization and the products
// (a host loop t around them), and neither part maps i.
// CHECK: //   h_nest0_kernel: block (32, 8, 1), grid covering t on y j on x,
// CHECK-NEXT: //   h_nest0_kernel1: block (32, 1, 1), grid covering j on x,
void h(int T, int n, float A[restrict n][n], const float B[restrict n][n], float C[restrict n][n]) {
#pragma loopgpu
  for (int t = 0; t < T; t++) {
#pragma loopgpu sequential
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        float acc = 0.0f;
        for (int k = 0; k < n; k++)
          acc += A[i][k] * B[k][j];
        C[i][j] = acc;
      }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = 0.5f * C[i][j];
  }
}
// VAL: PASS f: A
// VAL: PASS g: A
// VAL: PASS h: A
// VAL: PASS h: C
// VAL: {{^PASS$}}
