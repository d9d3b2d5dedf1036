// Loop distribution (lecture): statements in a dependence cycle stay
// together, the others follow in graph order; the scalar tmp, written and
// read in different partitions, must be expanded into an array.
// RUN: %loopgpu %s -emit=deps | FileCheck %s
float f(int N, float *restrict A, float *restrict B) {
  float tmp;
#pragma loopgpu
  for (int i = 2; i < N; i++) {
    tmp = 2 * B[i-2];
    A[i] = tmp;
    B[i] = tmp + B[i-1];
  }
  return tmp; } // read after the nest: last-private
// CHECK:      D6: S3 -> S1  RAW  B  (<)  line 11 -> line 9  [B[i] -> B[i-2]]  distance (2)
// CHECK:      loop i (line 8): sequential: RAW B[i] -> B[i-2] lines 11->9, direction (<); also D7
// CHECK:      distribution of loop i: {S1,S3} {S2}  expand: tmp
// CHECK-NEXT: privatizable in loop i: tmp (last-private)

// The vectorization example: S2 is a recurrence, S1 then runs in parallel.
void g(int N, float *restrict A, float *restrict B) {
#pragma loopgpu
  for (int i = 3; i <= N; i++) {
    A[i] = B[i-2] + 1;
    B[i] = B[i-1] * 2;
  }
}
// CHECK-LABEL: nest g#0
// CHECK:      D1: S2 -> S1  RAW  B  (<)  line 24 -> line 23  [B[i] -> B[i-2]]  distance (2)
// CHECK:      distribution of loop i: {S2} {S1}{{$}}
