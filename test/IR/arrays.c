// Array kinds: fixed-size (global and local), VLA parameters, flat pointers;
// non-affine subscripts are may-accesses of the whole array, not errors.
// RUN: %loopgpu %s -emit=ir 2>&1 | FileCheck %s
float G[64][64];
void f(int n, const int *restrict idx, float *restrict H, float V[restrict n][8]) {
  float L[16];
#pragma loopgpu
  for (int i = 0; i < 16; i++) {
    L[i] = G[i][i * 2 + 1];
    H[idx[i]] += V[i][i % 8];
    H[i * i] = L[i];
  }
}
// CHECK-NOT:  warning
// CHECK:      array G: float[64][64] fixed-size global
// CHECK-NEXT: array L: float[16] fixed-size
// CHECK-NEXT: array V: float[n][8] vla-param restrict
// CHECK-NEXT: array H: float[*] flat-pointer restrict
// CHECK-NEXT: array idx: int[*] flat-pointer const restrict
// CHECK:      read G[i][2*i + 1]
// CHECK:      read V[i][i % 8]
// CHECK:      read idx[i]
// CHECK:      read H[*] (non-affine: H[idx[i]])
// CHECK:      write H[*] (non-affine: H[idx[i]])
// CHECK:      write H[*] (non-affine: H[i * i])
