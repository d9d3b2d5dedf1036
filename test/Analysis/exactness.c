// The exact test: triangles, strides, symbolic offsets, reversal, C division.
// RUN: %loopgpu %s -emit=deps | FileCheck %s

// Writes the strict lower triangle, reads the strict upper one: independent.
void triangle(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = A[j][i];
}
// CHECK-LABEL: nest triangle#0
// CHECK:      dependences: none
// CHECK:      loop i (line 7): parallel
// CHECK-NEXT: loop j (line 8): parallel

// Even elements written, odd ones read.
void evenodd(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[2 * i] = A[2 * i + 1];
}
// CHECK-LABEL: nest evenodd#0
// CHECK:      dependences: none

// The same with a step of 2.
void step2(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i += 2)
    A[i] = A[i + 1];
}
// CHECK-LABEL: nest step2#0
// CHECK:      dependences: none

// Step 2 with a real dependence: the distance is in iterator units.
void step2dep(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i += 2)
    A[i] = A[i + 2];
}
// CHECK-LABEL: nest step2dep#0
// CHECK:      D1: S1 -> S1  WAR  A  (<)  line 38 -> line 38  [A[i + 2] -> A[i]]  distance (2)

// A[i] and A[i+n] never meet when 0 <= i < n, whatever the sign of n.
void offset(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = A[i + n];
}
// CHECK-LABEL: nest offset#0
// CHECK:      dependences: none
// CHECK:      loop i (line 46): parallel

// Reversal: dependent in both orders; the middle element (n odd) within one
// iteration.
void reversal(int n, float *restrict A) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    A[i] = A[n - 1 - i];
}
// CHECK-LABEL: nest reversal#0
// CHECK:      D1: S1 -> S1  WAR  A  (<) (=)  line 58 -> line 58  [A[n - 1 - i] -> A[i]]
// CHECK-NEXT: D2: S1 -> S1  RAW  A  (<)  line 58 -> line 58  [A[i] -> A[n - 1 - i]]
// CHECK:      loop i (line 57): sequential

// C division truncates toward zero: i / 4 == 0 for -3 <= i <= 3.
void division(float *restrict A) {
#pragma loopgpu
  for (int i = -8; i < 8; i++)
    A[i / 4 + 8] = A[i % 4 + 100];
}
// CHECK-LABEL: nest division#0
// CHECK:      D1: S1 -> S1  WAW  A  (<)
// CHECK-NOT:  D2:
