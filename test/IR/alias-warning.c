// Pointers that may alias (no restrict, same element type, one written) get a
// warning naming both; the IR puts them in one alias class.
// RUN: %loopgpu %s -emit=ir 2>&1 | FileCheck %s
void f(int n, float *A, const float *B, int *C) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    A[i] = B[i] + 1;
    C[i] = 0;
  }
}
// CHECK:     alias-warning.c:4:22: warning: 'A' may alias 'B' (neither is declared restrict): dependences between them are assumed; declare them restrict if they never overlap
// CHECK-NOT: warning: {{.*}}'C'
// CHECK:     array B: float[*] flat-pointer const may-alias(A)
// CHECK:     array A: float[*] flat-pointer may-alias(B)
// CHECK:     array C: int[*] flat-pointer{{$}}
