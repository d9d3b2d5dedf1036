// Privatization: a scalar written before it is read in every iteration makes
// the loop parallel once privatized; declared outside the nest and read
// after it, it is last-private. Declared inside the loop it is private already.
// RUN: %loopgpu %s -emit=deps | FileCheck %s
float outside(int n, const float *restrict A, float *restrict B) {
  float t;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    t = A[i];
    B[i] = t * t;
  }
  return t; }
// CHECK-LABEL: nest outside#0
// CHECK:      loop i (line 8): parallel-after-privatization: privatize t (last-private)
// CHECK:      privatizable in loop i: t (last-private)

void inside(int n, const float *restrict A, float *restrict B) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t = A[i];
    B[i] = t * t;
  }
}
// CHECK-LABEL: nest inside#0
// CHECK:      D1 D2 (alike): S1 -> S2  RAW  t  (=)
// CHECK:      loop i (line 19): parallel{{$}}
// CHECK-NOT:  privatizable

// Written only in some iterations: the read of later iterations sees an
// older value. Not privatizable.
void partial(int n, const float *restrict A, float *restrict B) {
  float t = 0;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    if (i < 5)
      t = A[i];
    B[i] = t;
  }
}
// CHECK-LABEL: nest partial#0
// CHECK:      loop i (line 34): sequential: WAW t -> t lines 36->36, direction (<)
// CHECK-NOT:  privatizable

// The lecture's WAW example: A is fully rewritten in every iteration of i
// before it is read (through non-affine subscripts within its extent).
void lecture(int N, int M, float X[restrict N][N]) {
  int A[M];
#pragma loopgpu
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      A[j] = (4 * i + 4 * j) % M;
    for (int k = 1; k < N; k++)
      X[i][k] = X[i][k-1] * A[A[(2 * i + k) % M] % M];
  }
}
// CHECK-LABEL: nest lecture#0
// CHECK:      loop i (line 49): parallel-after-privatization: privatize A (last-private)
// CHECK-NEXT: loop j (line 50): parallel
// CHECK-NEXT: loop k (line 52): scan: inclusive scan (*) of X along k: 'X[i][k] = X[i][k-1] * A[A[(2 * i + k) % M] % M]' is a first-order linear recurrence; it carries RAW X[i][k] -> X[i][k-1] lines 53->53, direction (=,<)
// CHECK:      privatizable in loop i: A (array) (last-private)

// Declared outside but not read after the nest: private, nothing to copy out.
void notread(int n, const float *restrict A, float *restrict B) {
  float t;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    t = A[i];
    B[i] = t * t;
  }
}
// CHECK-LABEL: nest notread#0
// CHECK:      loop i (line [[#@LINE-6]]): parallel-after-privatization: privatize t{{$}}
