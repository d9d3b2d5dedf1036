// REQUIRES: cpu-emulation
// A sequential loop stays on the host around the kernels of its body; a
// scalar declared in that body and used by two of them (here t: computed by
// a one-thread kernel, read by the parallel loop l) must live in device
// memory: it is expanded along the host loop (utils/fuzz-pipeline.sh case
// 146, shrunk by utils/fuzz-shrink.py: 't' was not declared in the kernel).
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=MAP --input-file=%t.cu
// RUN: %loopgpu %s --param n=13 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: %loopgpu %s --param n=1 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
void f(int n, float A[restrict n + 4][n + 4]) {
#pragma loopgpu
  for (int j = 1; j < n; j++) {
    int k = 0;
    float t = A[k + 3][2];
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
// MAP: transformed first: expand t into t_exp along loop j (line [[#@LINE-22]]) [default choice]
// MAP: transformed first: expand t into t_exp along loop j (line [[#@LINE-12]]) [default choice]
// CHECK-DAG: PASS f: A
// CHECK-DAG: PASS g: A
// CHECK-DAG: PASS g: B
// CHECK: {{^PASS$}}
