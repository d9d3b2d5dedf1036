// Iterators declared before the nest (`int i, j;` as PolyBench writes them)
// block reordering and tiling only when the value the nest leaves in them
// may be read afterwards (issue 19). Not when the next reference is a plain
// reassignment on every path, or when there is none.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | FileCheck %s --check-prefix=UNUSED
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | FileCheck %s --check-prefix=REASSIGNED
// RUN: %expect_exit 1 %loopgpu %s -emit=c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: %expect_exit 1 %loopgpu %s -emit=c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: %expect_exit 1 %loopgpu %s -emit=c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: %expect_exit 1 %loopgpu %s -emit=c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: %expect_exit 1 %loopgpu %s -emit=c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: %loopgpu %s -emit=c -- -DCASE=8 | grep -v "^//" | FileCheck %s --check-prefix=SCALAR
// RUN: %loopgpu %s -emit=c -- -DCASE=9 | FileCheck %s --check-prefix=SCALARLIVE
// RUN: %loopgpu %s -emit=c -o %t.8.c -- -DCASE=8
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=8 %s %t.8.c f
// RUN: %loopgpu %s -emit=c -o %t.9.c -- -DCASE=9
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=9 %s %t.9.c f
// RUN: %loopgpu %s -emit=c -o %t.1.c -- -DCASE=1
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -o %t.2.c -- -DCASE=2
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// LIVE: error: cannot interchange(j, i): the iterator 'i' of loop i (line {{[0-9]+}}) is declared before the loop and its final value may be read after it

int f(int n, int m, float A[restrict n][m], const float B[restrict n][m]) {
  int i, j, r = 0;
#if CASE == 1
  // Never referenced after the nest.
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = B[i][j] * 2.0f;
// UNUSED: for (int j = 0; j < m; j++) {
// UNUSED-NEXT: for (int i = 0; i < n; i++) {
#elif CASE == 2
  // Reassigned by the next loop, and by a statement, before any read.
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = B[i][j] * 2.0f;
  for (i = 0; i < 3; i++)
    r += i;
  {
    j = 5;
    r += j;
  }
// REASSIGNED: for (int j = 0; j < m; j++) {
// REASSIGNED-NEXT: for (int i = 0; i < n; i++) {
#elif CASE == 3
  // Read after the nest.
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = B[i][j];
  r = i;
#elif CASE == 4
  // Reassigned only on one path.
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = B[i][j];
  if (n > 3)
    i = 0;
  r = i;
#elif CASE == 5
  // Reassigned from itself.
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = B[i][j];
  i = i + 1;
#elif CASE == 6
  // Inside a loop: the code before the nest runs again after it.
  for (int t = 0; t < 2; t++) {
    r += i;
#pragma loopgpu interchange(j, i)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        A[i][j] = B[i][j];
  }
#elif CASE == 7
  // Its address is taken.
  int *p = &i;
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] = B[i][j];
  r = *p;
#elif CASE == 8
  // A scalar declared before the nest, not read after it: private to each
  // iteration of i, with nothing to copy back (symm's temp2).
  float t;
#pragma loopgpu
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      t = B[i][j] * 2.0f;
      A[i][j] = t + 1.0f;
    }
// SCALAR: privatize t in loop i (line {{[0-9]+}}): private copy t_p [default choice]
// SCALAR-NOT: copied back in the last iteration
#elif CASE == 9
  // Read after the nest: the last iteration's value is copied back.
  float t = 0.0f;
#pragma loopgpu
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      t = B[i][j] * 2.0f;
      A[i][j] = t + 1.0f;
    }
  r = (int)t;
// SCALARLIVE: privatize t in loop i (line {{[0-9]+}}): private copy t_p, copied back in the last iteration
#endif
  return r;
}
