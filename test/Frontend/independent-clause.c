// `independent` belongs on the nest's pragma and takes no arguments.
// RUN: %expect_exit 1 %loopgpu %s -emit=ir 2>&1 | FileCheck %s
void inner(int n, float *x, float *y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
#pragma loopgpu independent
    for (int j = 0; j < n; j++)
      y[i * n + j] = x[j];
}
// CHECK-DAG: independent-clause.c:6:17: error: this clause belongs on the nest's outermost '#pragma loopgpu', not on an inner loop
void args(int n, float *x, float *y) {
#pragma loopgpu independent(x)
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}
// CHECK-DAG: independent-clause.c:12:28: error: clause 'independent' takes no arguments
