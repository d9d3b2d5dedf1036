// A loop marked `parallel` that carries a dependence is an error naming the
// dependence, with notes at both accesses.
// RUN: not %loopgpu %s -emit=deps 2>&1 | FileCheck %s
void f(int n, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
#pragma loopgpu parallel
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + 1;
}
// CHECK:      parallel-clause.c:7:17: error: loop 'j' is marked parallel but carries a RAW dependence D1 on 'A' from A[i][j] (9:7) to A[i][j - 1] (9:17), direction (=,<)
// CHECK:      parallel-clause.c:9:7: note: dependence source: A[i][j]
// CHECK:      parallel-clause.c:9:17: note: dependence sink: A[i][j - 1]

// The outer loop is parallel: no diagnostic.
void g(int n, float A[restrict n][n]) {
#pragma loopgpu parallel
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + 1;
}
// CHECK-NOT:  parallel-clause.c:{{1[7-9]|2[0-9]}}:{{.*}}error
