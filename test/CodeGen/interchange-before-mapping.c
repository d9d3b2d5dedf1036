// The default pipeline runs before the mapping: a recurrence along the outer
// loop is interchanged inward, so threads own columns and walk down the rows
// (direction (<,=) makes it legal; few columns run CUB's scan: scan-columns.c). A clause the mapping cannot
// follow yet (tiling that adds loops) is applied by -emit=c only, with a warning.
// RUN: %loopgpu %s 2>&1 | FileCheck %s
void scan(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
}
// CHECK: //   transformed first: interchange loops i, j into j, i [default choice]
// CHECK: //   scan_nest0_kernel1: block (32, 1, 1), grid covering j on x
// CHECK: // line 9: loop j -> x
// CHECK: // line 8: loop i, sequential in this thread
// CHECK-NEXT: for (int i = 1; i <= ((long long)n) - 1; i += 1) {
// CHECK-NEXT: A[(i) * (m) + (j)] = A[(i - 1) * (m) + (j)] + B[(i) * (m) + (j)]; // line 10

// An illegal interchange request is refused with the dependence that forbids it.
// RUN: not %loopgpu %s -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
#ifdef BAD
void wave(int n, float A[restrict n][n]) {
#pragma loopgpu interchange(j, i)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
}
#endif
// BAD: error: {{.*}}interchange{{.*}}
