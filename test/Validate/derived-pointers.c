// REQUIRES: cpu-emulation
// A pointer variable the function derives from an array at a fixed offset
// (p = A + 1, &A[k], A - 1, a chain q = p + 1, casts that keep the element
// type), never changed, is that array at that offset: p[i] is A[i + 1], so
// the dependence through it is exact and the loop stays sequential where C
// needs it.
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s
// RUN: %loopgpu %s --param n=600 --param k=3 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// CHECK-NOT: warning
// CHECK-LABEL: nest plus_one#0
// CHECK: RAW  A  (<)
// CHECK: loop i (line {{[0-9]+}}): sequential: RAW p[i] -> A[i]
// CHECK-LABEL: nest address_of#0
// CHECK: loop i (line {{[0-9]+}}): sequential: WAR A[i] -> p[i]
// CHECK-LABEL: nest minus_one#0
// CHECK: loop i (line {{[0-9]+}}): parallel
// CHECK-LABEL: nest chain#0
// CHECK: loop i (line {{[0-9]+}}): sequential: RAW q[i] -> A[i]
// CHECK-LABEL: nest disjoint#0
// CHECK: loop i (line {{[0-9]+}}): parallel
// VAL-DAG: PASS plus_one: A
// VAL-DAG: PASS address_of: A
// VAL-DAG: PASS minus_one: A
// VAL-DAG: PASS chain: A
// VAL-DAG: PASS disjoint: A
// VAL: {{^PASS$}}
void plus_one(int n, float *A) {
  float *p = A + 1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i] = A[i] * 0.5f + 1.0f;
}
void address_of(int n, int k, float *A) {
  float *p = (float *)&A[k];
#pragma loopgpu
  for (int i = 0; i < n; i++)
    p[i] = A[i] * 0.5f + 1.0f;
}
void minus_one(int n, float *A) {
  float *p = A - 1;
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = p[i + 1] * 0.5f + 1.0f; // A[i] = A[i]: no dependence between iterations
}
void chain(int n, float *A) {
  float *p = A + 1;
  float *q = p + 1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    q[i] = A[i] * 0.5f + 1.0f;
}
void disjoint(int n, float *A) {
  const float *src = A;
  float *dst = A + n;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    dst[i] = src[i] * 0.5f + 1.0f;
}
