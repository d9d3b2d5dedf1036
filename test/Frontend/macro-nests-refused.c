// A nest that shares one macro invocation with other code (the code would be
// lost with the nest's text), a _Pragma in the nest's own macro, and a
// multi-dimensional subscript whose index is written in a macro's body are
// refused with located errors (issue 18, item 8).
// RUN: %expect_exit 1 %loopgpu %s -emit=c -- -DSHARED 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: %expect_exit 1 %loopgpu %s -- -DPRAGMA 2>&1 | FileCheck %s --check-prefix=PRAGMA
// RUN: %expect_exit 1 %loopgpu %s -- -DBODYMACRO 2>&1 | FileCheck %s --check-prefix=BODYMACRO

#define N 8
#define LOOP(i, n) for (int i = 0; i < n; i++)

#ifdef SHARED
#define BOTH(A, n) for (int i = 0; i < n; i++) A[i] *= 2.0f; A[0] = 7.0f;
void g(int n, float *restrict A) {
#pragma loopgpu
  BOTH(A, n)
// SHARED: macro-nests-refused.c:[[@LINE-1]]:3: error: the '#pragma loopgpu' nest at line [[#@LINE-2]] and other code come from one macro invocation; loopgpu replaces the nest's text and would lose the rest
}
#elif defined(PRAGMA)
#define PNEST(A, n) _Pragma("loopgpu") for (int i = 0; i < n; i++) { A[i] *= 2.0f; }
void g(int n, float *restrict A) {
  PNEST(A, n)
// PRAGMA: macro-nests-refused.c:[[@LINE-1]]:3: error: '_Pragma("loopgpu")' in the same macro as its loop is not supported: write '#pragma loopgpu' on its own line before the macro's invocation
}
#elif defined(BODYMACRO)
#define ROW(A, i, j) A[i + 1][j]
void g(int n, float A[restrict N][N]) {
#pragma loopgpu
  LOOP(i, N) A[0][i] = 0;
  ROW(A, 1, 2) = 3;
// BODYMACRO: macro-nests-refused.c:[[@LINE-1]]:3: error: host code between nests indexes the multi-dimensional array 'A' inside a macro; loopgpu cannot rewrite it for the host function (write the subscripts outside the macro)
}
#endif
