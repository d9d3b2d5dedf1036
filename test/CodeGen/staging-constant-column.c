// A strip read indexed by the sequential loop and a constant (B[j][3]) is a
// tile one element wide: no 16-byte loads (planStaging crashed on it; found
// by utils/fuzz-pipeline.sh).
// RUN: %loopgpu %s -o %t.cu
// RUN: %loopgpu %s -shared-staging=false -o %t.2.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=40 --validate --validate-mode=cpu --validate-dir=%t.v | FileCheck %s %}
// CHECK: {{^PASS$}}
void f(int n, double B[restrict n + 4][n + 4], double C[restrict n + 4][n + 4]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][i] = B[j][3];
}
