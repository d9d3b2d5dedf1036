// Loop forms: <, <=, >, >=, ++, --, += c, -= c, i = i + c; min/max bounds
// from && and from ?:; division and remainder by constants; triangular bounds.
// RUN: %loopgpu %s -emit=ir | FileCheck %s
void f(int n, int m, float A[restrict n][n]) {
#pragma loopgpu
  for (int i = n - 1; i >= 0; i--)
    for (int j = 0; j <= i; j += 2)
      A[i][j] = 0;
// CHECK: L0 for i in [0, n - 1] step -1
// CHECK: L1 for j in [0, i] step 2
#pragma loopgpu
  for (int i = n; i > 0; i -= 3)
    for (int j = i / 4; j < (i + 8 < n ? i + 8 : n) && j < m; j = j + 1)
      A[i % 7][j] = 1;
// CHECK: L0 for i in [1, n] step -3
// CHECK: L1 for j in [i / 4, min(min(i + 8, n) - 1, m - 1)] step 1
// CHECK: write A[i % 7][j]
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = (i > 2 ? i : 2); 100 > j; ++j)
      A[i][j] = 2;
// CHECK: L1 for j in [max(i, 2), 99] step 1
}
