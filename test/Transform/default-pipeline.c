// The default pipeline (no clauses): loops are reordered so that parallel
// loops come first (the GPU maps the outermost ones) and, among the orders
// that keep them first, the loop that walks the last subscript is
// innermost. Loops that are already right stay as they are.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=COLUMNS
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=SCAN
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=KEEP
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=INNER
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f

void f(int n, int m, float A[restrict n][m], float B[restrict n][m], float x[restrict n]) {
#if CASE == 1
// Column-major traversal of row-major arrays: i and j swap.
#pragma loopgpu
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      A[i][j] = B[i][j] * 2.0f;
// COLUMNS:      *   1. interchange loops j, i into i, j [default choice]
// COLUMNS:      for (int i = 0; i < n; i++) { /* parallel -- line [[@LINE-3]] */
// COLUMNS-NEXT:   for (int j = 0; j < m; j++) { /* parallel -- line [[@LINE-5]] */
#elif CASE == 2
// A column recurrence: the parallel j goes outward (threads own columns).
#pragma loopgpu
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i - 1][j] + B[i][j];
// SCAN:      for (int j = 0; j < m; j++) { /* parallel -- line [[@LINE-2]] */
// SCAN-NEXT:   for (int i = 1; i < n; i++) { /* sequential: RAW A (=,<) -- line [[@LINE-4]] */
#elif CASE == 3
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j] + x[i];
// KEEP: /* no transformation applied */
#elif CASE == 4
// Inside a sequential time loop, each band is reordered on its own.
#pragma loopgpu
  for (int t = 0; t < 3; t++) {
    for (int i = 1; i < n - 1; i++)
      x[i] = x[i] * 0.5f + 0.25f * B[i][0];
    for (int j = 0; j < m; j++)
      for (int i = 0; i < n; i++)
        A[i][j] += x[i];
  }
// INNER:      for (int i = 0; i < n; i++) { /* parallel -- line
// INNER-NEXT:   for (int j = 0; j < m; j++) { /* parallel -- line
// INNER-NEXT:     A[i][j] += x[i];
#endif
}
