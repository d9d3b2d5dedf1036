// Distribution copies take their bounds from the loops as they were, not as
// an earlier part renamed them: every copy of a triangular loop (j <= i)
// refers to its own copy of i (found by utils/fuzz-pipeline.sh, shrunk).
// Symptom: a coarsened kernel jammed j outside the definition of i.
// RUN: %loopgpu %s -o %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t.v1 --param n=2 --param m=1 --param p=3 -coarsen 2,1,2 | FileCheck %s %}
// RUN: %if cpu-emulation %{ %loopgpu %s --validate --validate-mode=cpu --validate-dir=%t.v2 --param n=20 --param m=1 --param p=41 -coarsen 2,1,2 | FileCheck %s %}
// CHECK: {{^PASS$}}
void f(int n, int m, int p, float A[restrict p + 4][n + 4]) {
#pragma loopgpu
  for (int i = p - 1 - 1; i >= 0; i -= 2) {
    A[i + 3][1] = 1;
    for (int j = 0; j <= i; j++) {
      A[i + 2][2] += 1;
      A[j][2] = 1;
    }
  }
}
