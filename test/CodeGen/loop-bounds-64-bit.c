// REQUIRES: cpu-emulation
// Loop bounds in 64 bits: `i < n` is the inclusive bound n - 1, which
// overflowed int for n = INT_MIN (the kernel ran 2^31 iterations where C
// runs none), and a 64-bit unsigned iterator compared `j <= m - 1` as
// unsigned for m = 0 (an endless loop where C runs none).
// The sequential loop as a thread runs it (-lane-reductions=false); by
// default its lanes split it, with the trip count in 64 bits (LANES).
// RUN: %loopgpu %s -lane-reductions=false -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s -o %t.lanes.cu
// RUN: FileCheck %s --check-prefix=LANES < %t.lanes.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.lanes.cu -o %t.lanes.o %}
// LANES: const long long loopgpu_trip1 = loopgpu_trip(0, ((long long)m) - 1, 1);
// LANES-NEXT: #pragma unroll 4
// LANES-NEXT: for (long long loopgpu_t1 = loopgpu_lane; loopgpu_t1 < loopgpu_trip1; loopgpu_t1 += 32) {
// RUN: %loopgpu %s --param n=-2147483648 --param m=0 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// RUN: %loopgpu %s --param n=40 --param m=3 --validate --validate-mode=cpu --validate-dir=%t.2 | FileCheck %s --check-prefix=VAL
// CHECK: const long long loopgpu_trip_x = loopgpu_trip(0, ((long long)n) - 1, 1);
// CHECK: for (unsigned long j = 0; (((long long)m) - 1) >= 0 && j <= (unsigned long long)(((long long)m) - 1); j += 1)
// VAL-DAG: PASS neg: return value
// VAL-DAG: PASS ul: A
// VAL: {{^PASS$}}
int neg(int n, float *A) {
  int i;
#pragma loopgpu
  for (i = 0; i < n; i++)
    A[i] = 0.0f;
  return i;
}
void ul(unsigned long u, unsigned long m, float *restrict A) {
#pragma loopgpu
  for (unsigned long i = 0; i < 5; i++)
    for (unsigned long j = 0; j < m; j++)
      A[i] += 1.0f;
}
