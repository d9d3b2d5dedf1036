// REQUIRES: cpu-emulation
// Iterators declared before a nest keep, after it, the values the C loops
// leave (issue 18, item 4): the host function computes them along the last
// iteration of each loop (an inner loop's bound may use the outer iterator),
// and a loop that does not run leaves its start value.
// RUN: %loopgpu %s --param n=37 --param m=20 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s
// RUN: %loopgpu %s --param n=0 --param m=20 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s
// RUN: %loopgpu %s --param n=6 --param m=2 --validate --validate-mode=cpu --validate-dir=%t.3 | FileCheck %s
// CHECK-DAG: PASS last: return value
// CHECK-DAG: PASS pair: return value
// CHECK-DAG: PASS none: return value
// CHECK: {{^PASS$}}
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// CUDA-LABEL: extern "C" int pair(
// CUDA: { // the iterators declared before the nest, as its C loops leave them
// CUDA:   const long long loopgpu_trip_i = loopgpu_trip(0, ((long long)n) - 1, 1);
// CUDA:     i = (int)((0) + (loopgpu_trip_i - 1) * 1);
// CUDA:       const long long loopgpu_trip_j = loopgpu_trip(0, loopgpu_min(((long long)i), ((long long)m) - 1), 1);
// CUDA:   i = (int)((0) + loopgpu_trip_i * 1);
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
int last(int n, float A[restrict n]) {
  int i;
  for (i = 0; i < 3; i++) ;
#pragma loopgpu
  for (i = 0; i < n; i++)
    A[i] = 0.0f;
  return i;
}
int pair(int n, int m, float A[restrict n][m]) {
  int i, j = -5;
#pragma loopgpu
  for (i = 0; i < n; i++)
    for (j = 0; j <= i && j < m; j++)
      A[i][j] = 1.0f;
  return i * 1000 + j;
}
int none(int n, float A[restrict 8]) {
  int i = 77;
#pragma loopgpu
  for (i = 5; i < n; i += 2)
    A[i % 8] = 2.0f;
  return i;
}
