// Reduction privatization: private(x) on a reduction variable gives
// per-iteration partial results, initialized with the operator's neutral
// element, and a combine loop after the loop, in the original order.
// Integer, min and max reductions give exactly the original result; a
// floating-point sum is reassociated, so it is compared within 1e-5
// (relative).
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=SUM
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=MAX
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=FMIN
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=ROWS
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 --tolerance 1e-5 %s %t.4.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=6 > %t.6.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=6 %s %t.6.c f
// RUN: not %loopgpu %s -emit=c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=MOVING
#include <math.h>

long f(int n, int m, const int X[restrict n], float A[restrict n], const float B[restrict n],
       float C[restrict n][m]) {
  long r = 0;
#if CASE == 1
  int s = 0;
#pragma loopgpu private(s)
  for (int i = 0; i < n; i++)
    s += X[i] * X[i];
  r = s;
// SUM:      *   1. privatize the +-reduction on s in loop i (line [[@LINE-3]]): partial results s_part[iteration], combined in order after the loop [requested at line [[@LINE-4]]]
// SUM:      int *s_part = (int *)malloc(sizeof(int) * (size_t)(loopgpu_max(n, 1)));
// SUM-NEXT: for (int i = 0; i < n; i++) { /* parallel -- line [[@LINE-5]] */
// SUM-NEXT:   s_part[i] = 0; /* the partial starts at the neutral element of + */
// SUM-NEXT:   s_part[i] += X[i] * X[i]; /* line [[@LINE-6]] */
// SUM-NEXT: }
// SUM-NEXT: for (int i_r = 0; i_r < n; i_r++) { /* reduction(+: s) -- combine of the partial results of 's' (+) */
// SUM-NEXT:   s += s_part[i_r]; /* combine of the partial results */
// SUM-NEXT: }
// SUM-NEXT: free(s_part);
#elif CASE == 2
  int mx = -1000;
#pragma loopgpu private(mx)
  for (int i = 0; i < n; i++)
    if (X[i] > mx)
      mx = X[i];
  r = mx;
// MAX:      mx_part[i] = INT_MIN;
// MAX-NEXT: if (X[i] > mx_part[i]) {
// MAX-NEXT:   mx_part[i] = X[i];
// MAX:      mx = mx_part[i_r] > mx ? mx_part[i_r] : mx;
#elif CASE == 3
  float mn = INFINITY;
#pragma loopgpu private(mn)
  for (int i = 0; i < n; i++)
    mn = fminf(mn, B[i]);
  A[0] = mn;
// FMIN:      mn_part[i] = INFINITY;
// FMIN-NEXT: mn_part[i] = fminf(mn_part[i], B[i]);
// FMIN:      mn = mn_part[i_r] < mn ? mn_part[i_r] : mn;
#elif CASE == 4
// Row sums reduced over the outer loop: each partial is a row's sum.
  float s = 0.0f;
#pragma loopgpu private(s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += C[i][j];
  A[0] = s;
// ROWS:      for (int i = 0; i < n; i++) { /* parallel -- line
// ROWS-NEXT:   s_part[i] = 0.0f;
// ROWS-NEXT:   for (int j = 0; j < m; j++) { /* reduction(+: s_part[i]) -- line
// ROWS-NEXT:     s_part[i] += C[i][j];
#elif CASE == 5
#pragma loopgpu private(C)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[0][j] += A[i] * j;
// MOVING: reduction-privatize.c:[[@LINE-4]]:17: error: cannot privatize the reduction on 'C' in loop i (line [[@LINE-3]]): its updates do not all touch one element that stays the same during the loop
#elif CASE == 6
// An array element: the reduction into A[0] over a downward loop with step 2.
#pragma loopgpu private(A)
  for (int i = n - 1; i >= 1; i -= 2)
    A[0] = A[0] + B[i] * 2.0f;
#endif
  return r;
}
