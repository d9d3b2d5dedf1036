// -tile=N[,N...] tiles the outermost band of parallel loops of every nest
// (after the default reordering), as many of its loops as are parallel and
// perfectly nested, and says when it tiles fewer than asked.
// RUN: %loopgpu %s -emit=c -tile=8,4 -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=TWO
// RUN: %loopgpu %s -emit=c -tile=8,4 -- -DCASE=2 2>%t.err | grep -v '^//' | FileCheck %s --check-prefix=ONE
// RUN: FileCheck %s --check-prefix=ONEWARN < %t.err
// RUN: %loopgpu %s -emit=c -tile=8,4 -- -DCASE=3 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE
// RUN: %loopgpu %s -emit=c -tile=8,4 -- -DCASE=4 2>&1 | grep -v '^//' | FileCheck %s --check-prefix=PRAGMA
// RUN: %loopgpu %s -emit=c -tile=8,4 -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -tile=8,4 -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -tile=5 -- -DCASE=5 > %t.5.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=5 %s %t.5.c f

void f(int n, int m, float A[restrict n][m], float B[restrict n][m]) {
#if CASE == 1
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i && j < m; j++)
      A[i][j] = B[i][j] * 2.0f;
// TWO:      *   1. -tile=8,4 of loops i (line [[@LINE-3]]), j (line [[@LINE-2]]): tile loops ii, jj outside, point loops inside [requested at line [[@LINE-3]]]
// TWO:      for (int ii = 0; ii < n; ii += 8) {
// TWO-NEXT:   for (int jj = 0; jj < loopgpu_min(loopgpu_min(m, n), ii + 8); jj += 4) {
#elif CASE == 2
// Only j is parallel (after it moves outward): one loop is tiled.
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
// ONE:      for (int jj = 0; jj < m; jj += 8) { /* parallel -- tile loop of j (line [[@LINE-2]]), 8 iterations per tile */
// ONE-NEXT:   for (int j = jj; j < loopgpu_min(jj + 8, m); j++) {
// ONEWARN: tile-option.c:[[@LINE-4]]:5: warning: -tile=8,4: tiled 1 loop from loop j (line [[@LINE-4]]) (only 1 parallel loop is perfectly nested there)
#elif CASE == 3
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i][0] = A[i - 1][0] + 1.0f;
// NONE: tile-option.c:[[@LINE-3]]:9: warning: -tile=8,4: the nest has no parallel loop to tile
#elif CASE == 4
// A tile clause wins over the option.
#pragma loopgpu tile(2, 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j];
// PRAGMA: remark: -tile=8,4 not applied to this nest: its pragma asks for tile(...)
// PRAGMA: for (int ii = 0; ii < n; ii += 2) {
#elif CASE == 5
// Under a sequential loop: both parallel bands are tiled.
#pragma loopgpu
  for (int t = 0; t < 2; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        A[i][j] = B[i][j];
  }
#endif
}
