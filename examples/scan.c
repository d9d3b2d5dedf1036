// A column-wise prefix-sum recurrence: each row adds the previous row.
//
// What loopgpu should do: loop i carries a RAW dependence (A[i][j] reads
// A[i-1][j], direction (<, =)) and stays sequential; loop j is parallel. The
// parallel loop is interchanged outward (legal: the only direction vector is
// (<, =)), so threads own columns and walk down the rows.
void scan(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
}
