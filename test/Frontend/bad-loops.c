// A nest's outer loop must have a header loopgpu can model exactly; the
// errors say why not. (Inner loops with such headers run as written in one
// thread: Frontend/regions.c.)
// RUN: not %loopgpu %s -emit=ir -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=NONAFFINE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=NE
// RUN: not %loopgpu %s -emit=ir -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not %loopgpu %s -emit=ir -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=DIRECTION
// RUN: not %loopgpu %s -emit=ir -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=MODIFIED
// RUN: not %loopgpu %s -emit=ir -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=FLOATITER
// RUN: not %loopgpu %s -emit=ir -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=NOCOND
// RUN: not %loopgpu %s -emit=ir -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=WRITTENBOUND
// RUN: not %loopgpu %s -emit=ir -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=OUTSIDE

void f(int n, int m, const int *restrict rowptr, float *restrict A) {
  int j;
#pragma loopgpu
#if CASE == 1
  for (int k = rowptr[0]; k < rowptr[1]; k++) A[k] = 0;
// NONAFFINE: bad-loops.c:[[@LINE-1]]:16: error: loop initial value 'rowptr[0]' is not affine in the outer loop iterators and parameters
#elif CASE == 2
  for (int k = 0; k != m; k++) A[k] = 0;
// NE: bad-loops.c:[[@LINE-1]]:19: error: loop condition 'k != m' must compare the iterator 'k' with <, <=, > or >=
#elif CASE == 3
  for (int k = 0; k < m; k *= 2) A[k] = 0;
// STEP: bad-loops.c:[[@LINE-1]]:26: error: loop increment 'k *= 2' is not supported; expected 'k++', 'k--', 'k += c' or 'k -= c' with a non-zero integer constant c
#elif CASE == 4
  for (int i = 0; i < n; i++)
    for (int k = 0; k > m; k++) A[k] = 0;
// DIRECTION: bad-loops.c:[[@LINE-1]]:21: error: loop condition 'k > m' does not agree with the direction of the step 1
#elif CASE == 5
  for (int k = 0; k < m; k++) { A[k] = 0; k += 1; }
// MODIFIED: bad-loops.c:[[@LINE-1]]:43: error: loop iterator 'k' is modified inside its loop
#elif CASE == 6
  for (float x = 0; x < m; x++) A[0] = x;
// FLOATITER: bad-loops.c:[[@LINE-1]]:14: error: loop iterator 'x' must have an integer type
#elif CASE == 7
  for (int k = 0;; k++) A[k] = 0;
// NOCOND: bad-loops.c:[[@LINE-1]]:3: error: loop has no condition
#elif CASE == 8
  for (int k = 0; k < m; k++) { A[k] = 0; m = 3; }
// WRITTENBOUND: bad-loops.c:[[@LINE-1]]:23: error: loop bound 'm' changes while the nest runs: 'm' is assigned inside it
#elif CASE == 9
  for (int i = 0; i < n; i++) {
    for (j = 0; j < m; j++) A[j] = 0;
    A[i] = j;
// OUTSIDE: bad-loops.c:[[@LINE-1]]:12: error: use of loop iterator 'j' outside its loop is not supported inside a '#pragma loopgpu' nest
  }
#endif
}
