// An element a loop inside a GPU thread updates in every iteration lives in
// a scalar during the loop (PromoteElements.h): loaded before it and stored
// after it, both only when it runs. Not when another access of the array in
// the loop may touch the element, when the update is conditional, when an
// `if` in the loop reads the array, or when an array that may overlap it is
// accessed there (no restrict).
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=GEMM
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=OTHER
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=COND
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=ASSIGN
// RUN: %loopgpu %s -emit=c -- -DCASE=5 2>/dev/null | grep -v '^//' | FileCheck %s --check-prefix=ALIAS
// RUN: %loopgpu %s -- -DCASE=5 2>/dev/null | FileCheck %s --check-prefix=APART
// RUN: %loopgpu %s -emit=c -o %t.1.c -- -DCASE=1 2>/dev/null
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -o %t.2.c -- -DCASE=2 2>/dev/null
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -o %t.3.c -- -DCASE=3 2>/dev/null
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -o %t.4.c -- -DCASE=4 2>/dev/null
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=6 | grep -v '^//' | FileCheck %s --check-prefix=GUARD
// RUN: %loopgpu %s -emit=c -o %t.6.c -- -DCASE=6 2>/dev/null
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=6 %s %t.6.c f
// RUN: %loopgpu %s -emit=c -o %t.5.c -- -DCASE=5 2>/dev/null
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=5 %s %t.5.c g --extent X=n*m+8 --extent Y=n*m+8

#if CASE != 5
void f(int n, int m, float C[restrict n][n], const float A[restrict n][m], const float B[restrict m][n],
       float s[restrict n]) {
#if CASE == 1
// gemm's update of C[i][j] in every iteration of k.
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += A[i][k] * B[k][j];
// GEMM:      float C_i_j; /* 'C[i][j]', updated in every iteration of loop k (line [[@LINE-2]]), kept in a scalar during it */
// GEMM-NEXT: if (0 < m) {
// GEMM-NEXT:   C_i_j = C[i][j]; /* load of 'C[i][j]' around loop k (line [[@LINE-4]]) (kept in C_i_j during it) */
// GEMM-NEXT: }
// GEMM-NEXT: for (int k = 0; k < m; k++) { /* reduction(+: C_i_j) -- line [[@LINE-6]] */
// GEMM-NEXT:   C_i_j += A[i][k] * B[k][j]; /* line [[@LINE-6]] */
// GEMM-NEXT: }
// GEMM-NEXT: if (0 < m) {
// GEMM-NEXT:   C[i][j] = C_i_j; /* store of 'C[i][j]' around loop k (line [[@LINE-10]]) (kept in C_i_j during it) */
// GEMM-NEXT: }
#elif CASE == 2
// The loop also reads s[0]: s[i] may be that element (i = 0).
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      s[i] += A[i][k] * s[0];
// OTHER-NOT: s_i
// OTHER: s[i] += A[i][k] * s[0];
#elif CASE == 3
// Updated only where A[i][k] > 0: not in every iteration.
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      if (A[i][k] > 0.0f)
        s[i] += A[i][k];
// COND-NOT: s_i
// COND: s[i] += A[i][k];
#elif CASE == 4
// Assigned from its own value in every iteration, and read after the update.
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) {
      s[i] = s[i] * 0.5f + A[i][k];
      C[i][0] = s[i];
    }
// ASSIGN: float s_i; /* 's[i]', updated in every iteration of loop k
// ASSIGN: s_i = s_i * 0.5f + A[i][k];
// ASSIGN-NEXT: C_i_0 = s_i;
#elif CASE == 6
// s[i] is assigned in every iteration and read by an `if` before it: the
// condition must see each update (kept in a scalar, it read the stale
// element in memory: fuzz case 491046, wrong C).
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) {
      if (s[i] > 0.0f)
        C[i][k % n] += A[i][k];
      s[i] = 0.5f - A[i][k];
    }
// GUARD-NOT: s_i
// GUARD: if (s[i] > 0.0f) {
// GUARD: s[i] = 0.5f - A[i][k];
#endif
}
#endif

#if CASE == 5
void g(int n, int m, float *X, float *Y) {
// X and Y may overlap: X[i] is not kept in a scalar where the nest assumes
// they do (the version for arrays apart, behind the run-time check, does).
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      X[i] += Y[i * m + j];
}
// ALIAS-NOT: X_i
// ALIAS: X[i] += Y[i * m + j];
// APART: g_nest0_apart_kernel(
// APART: float X_i;
// APART: X_i += Y[i * m + j];
// APART: X[i] = X_i;
#endif
