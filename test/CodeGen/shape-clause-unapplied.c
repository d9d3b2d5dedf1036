// A tile or coarsen clause shapes the blocks of the kernel whose outermost
// mapped loop carries it. On another loop it does nothing, and loopgpu says
// so (it did nothing silently before): on a loop inside a band that starts
// further out, and on a loop that does not run across threads. On the
// band's outermost loop it applies, with no warning; a loop that
// distribution copies keeps its clauses, applied in the part where it leads
// (test/CodeGen/sequential-clause.c).
// RUN: %loopgpu %s -emit=gpu-ir 2>&1 | FileCheck %s

// CHECK: shape-clause-unapplied.c:[[@LINE+5]]:17: warning: the tile clause of loop i is not applied: the clause shapes a kernel's blocks on the outermost loop the kernel maps, here loop b (line [[@LINE+4]]): put it there, with a size for each of the 3 mapped loops, outermost first
// CHECK: shape-clause-unapplied.c:[[@LINE+4]]:30: warning: the coarsen clause of loop i is not applied
void batch(int nb, int n, const float A[restrict nb][n][n], float B[restrict nb][n][n]) {
#pragma loopgpu
  for (int b = 0; b < nb; b++)
#pragma loopgpu tile(16, 16) coarsen(2, 2)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        B[b][i][j] = 2.0f * A[b][i][j];
}

// CHECK: shape-clause-unapplied.c:[[@LINE+5]]:28: warning: the tile clause of loop k is not applied: loop k does not run across GPU threads here
void rowsum(int n, const float A[restrict n][n], float s[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
#pragma loopgpu sequential tile(64)
    for (int k = 0; k < n; k++)
      acc += A[i][k];
    s[i] = acc;
  }
}

// CHECK-NOT: warning: the {{tile|coarsen}} clause
// CHECK: kernel batch_nest0_kernel parallel block(32, 4, 2)
// CHECK: kernel applied_nest0_kernel parallel block(16, 4, 1)
// CHECK-NEXT: grid.y loop i (line [[@LINE+4]]): block 4 x coarsen 1
// CHECK-NEXT: grid.x loop j (line [[@LINE+4]]): block 16 x coarsen 2
void applied(int n, const float A[restrict n][n], float B[restrict n][n]) {
#pragma loopgpu tile(4, 16) coarsen(1, 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = A[j][i];
}
