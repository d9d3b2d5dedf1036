// REQUIRES: cpu-emulation
// A dereference of a named pointer, `*p`, or of one plus or minus integers,
// `*(p + i - 1)` or `*(i + p)`, is the element p[0] or p[i - 1] (C defines
// it so): the nest reads, writes and reduces into it as into any element,
// with exact dependences where the offsets are affine. Through a derived
// pointer (end = p + n) it is the base array at the sum of the offsets.
// RUN: %loopgpu %s -emit=c 2>&1 | FileCheck %s
// RUN: %loopgpu %s -emit=deps 2>&1 | FileCheck %s --check-prefix=DEPS
// RUN: %loopgpu %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=CUDA --allow-empty
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %loopgpu %s --param n=300 --validate --validate-mode=cpu --validate-dir=%t.1 | FileCheck %s --check-prefix=VAL
// CUDA-NOT: error
// VAL-DAG: PASS dot: result (1 elements)
// VAL-DAG: PASS shift: b
// VAL-DAG: PASS count: hits (1 elements)
// VAL-DAG: PASS back: p
// VAL-DAG: PASS recurrence: a
// VAL: {{^PASS$}}

// CHECK-LABEL: void dot(
// CHECK: reduction(+: *result)
// CHECK-NEXT: result[0] += x[i] * y[i];
void dot(int n, const float *restrict x, const float *restrict y, float *restrict result) {
  *result = 0.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    *result += *(x + i) * y[i];
}

// CHECK-LABEL: void shift(
// CHECK: parallel
// CHECK-NEXT: b[i] = a[i - 1] + a[i] - a[i - 1];
void shift(int n, const double *restrict a, double *restrict b) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    *(b + i) = *(a + i - 1) + *(i + a) - *(a + (i - 1));
}

// CHECK-LABEL: void count(
// CHECK: reduction(+: *hits)
// CHECK: hits[0]++;
void count(int n, const int *restrict v, int *restrict hits) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (v[i] > 0)
      (*hits)++;
}

// CHECK-LABEL: void back(
// CHECK: parallel
// CHECK-NEXT: p[-i + n] = q[i - 1];
void back(int n, float *restrict p, const float *restrict q) {
  float *end = p + n;
#pragma loopgpu
  for (int i = 1; i <= n; i++)
    *(end - i) = q[i - 1];
}

// The dependence through *(a + i - 1) is exact: distance 1.
// DEPS-LABEL: nest recurrence#0
// DEPS: RAW  a  (<) {{.*}} [*(a + i) -> *(a + i - 1)]  distance (1)
// DEPS: loop i (line {{[0-9]+}}): sequential: RAW *(a + i) -> *(a + i - 1) lines
void recurrence(int n, float *a) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    *(a + i) = 0.5f * *(a + i - 1) + 1.0f;
}
