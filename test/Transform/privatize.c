// Privatization (lecture: a variable written before it is read in every
// iteration is semantically local to the iteration). Scalars get a private
// copy (and the last iteration's value back when it is live after the loop);
// arrays get a copy per iteration. A variable whose reads see other
// iterations' writes is refused with that dependence.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=SCALAR
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=ARRAY
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=DEFAULT
// RUN: %loopgpu %s -emit=c -- -DCASE=5 | grep -v '^//' | FileCheck %s --check-prefix=MOVE
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=5 > %t.5.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=5 %s %t.5.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=6 > %t.6.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=6 %s %t.6.c f
// RUN: not %loopgpu %s -emit=c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=FLOW
// RUN: not %loopgpu %s -emit=c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: %loopgpu %s -emit=c -- -DCASE=8 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTHING

void f(int n, int m, float A[restrict n], float B[restrict n], float C[restrict n][m],
       float D[restrict 8]) {
#if CASE == 1
  float t = 0.0f;
#pragma loopgpu private(t)
  for (int i = 0; i < n; i++) {
    t = B[i] * 2.0f;
    A[i] = t + 1.0f;
  }
  B[0] = t;
// SCALAR:      *   1. privatize t in loop i (line [[@LINE-5]]): private copy t_p, copied back in the last iteration [requested at line [[@LINE-6]]]
// SCALAR:      for (int i = 0; i < n; i++) { /* parallel -- line [[@LINE-6]] */
// SCALAR-NEXT:   float t_p; /* private copy of 't' in loop i (line [[@LINE-7]]) */
// SCALAR-NEXT:   t_p = B[i] * 2.0f; /* line [[@LINE-7]] */
// SCALAR-NEXT:   A[i] = t_p + 1.0f;
// SCALAR-NEXT:   if (i == n - 1) {
// SCALAR-NEXT:     t = t_p; /* the last iteration's 't' (last-private) */
#elif CASE == 2
  float t = 0.0f;
#pragma loopgpu private(t)
  for (int i = 0; i < n; i++) {
    A[i] = t;
    t = B[i];
  }
// FLOW: privatize.c:[[@LINE-5]]:17: error: cannot privatize 't' in loop i (line [[@LINE-4]]): RAW t -> t lines [[@LINE-2]]->[[@LINE-3]], direction (<); an iteration reads the value another iteration wrote
#elif CASE == 3
// The lecture's array: D is fully written before it is read in every i.
#pragma loopgpu private(D)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 8; j++)
      D[j] = B[i] * j;
    for (int k = 0; k < m; k++)
      C[i][k] = D[k % 8] + D[(k + 3) % 8];
  }
// ARRAY:      float (*D_p)[8] = malloc(sizeof(float) * (size_t)(loopgpu_max(n, 1)) * (size_t)8);
// ARRAY-NEXT: for (int i = 0; i < n; i++) { /* parallel -- line
// ARRAY-NEXT:   for (int c0 = 0; c0 < 8; c0++) { /* parallel -- copy of 'D' into its private copy */
// ARRAY-NEXT:     D_p[i][c0] = D[c0]; /* private copy starts as 'D' */
// ARRAY:          D_p[i][j] = B[i] * j;
// ARRAY:          C[i][k] = D_p[i][k % 8] + D_p[i][(k + 3) % 8];
// ARRAY:      if (0 < n) {
// ARRAY-NEXT:   for (int c0_2 = 0; c0_2 < 8; c0_2++) {
// ARRAY-NEXT:     D[c0_2] = D_p[n - 1][c0_2]; /* the last iteration's 'D' */
#elif CASE == 4
// No clause: the default privatizes what makes the outer loop parallel.
  float t = 1.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    t = B[i] * 2.0f;
    A[i] = t * t;
  }
  B[0] = t;
// DEFAULT: *   1. privatize t in loop i (line {{[0-9]+}}): private copy t_p, copied back in the last iteration [default choice]
#elif CASE == 5
// A scalar declared in the nest and used only in the inner loop: its
// declaration moves into that loop's body.
#pragma loopgpu
  for (int i = 0; i < n; i++) {
    float t;
#pragma loopgpu private(t)
    for (int j = 0; j < m; j++) {
      t = C[i][j];
      C[i][j] = t * 2.0f;
    }
  }
// MOVE:      *   1. privatize t in loop j (line [[@LINE-5]]): declared inside the loop [requested at line [[@LINE-6]]]
// MOVE:      for (int i = 0; i < n; i++) { /* parallel -- line
// MOVE-NEXT:   for (int j = 0; j < m; j++) { /* parallel -- line [[@LINE-7]] */
// MOVE-NEXT:     float t;
// MOVE-NEXT:     t = C[i][j];
#elif CASE == 6
// A step and a downward loop: the last iteration is the smallest i.
  float t = 0.0f;
#pragma loopgpu private(t)
  for (int i = n - 1; i >= 0; i -= 3) {
    t = B[i] * 3.0f;
    A[i] = t;
  }
  A[0] += t;
#elif CASE == 7
#pragma loopgpu private(u)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
// UNKNOWN: privatize.c:[[@LINE-3]]:17: error: cannot privatize 'u' in loop i (line [[@LINE-2]]): 'u' is not a variable the nest uses
#elif CASE == 8
#pragma loopgpu private(A)
  for (int i = 0; i < n; i++)
    A[i] = B[i];
// NOTHING: privatize.c:[[@LINE-3]]:17: warning: nothing to privatize 'A' in loop i (line [[@LINE-2]]): the loop carries no dependence on it
#endif
}
