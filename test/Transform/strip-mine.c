// Strip mining (tile with one size): always legal. The tile loop steps by
// size * step, the point loop keeps the id, the step and the direction of the
// original loop and stops at the end of the strip (min / max). Every case is
// also run against the original on random inputs (sizes 1 .. 40, most of
// them not multiples of the strip).
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=UNIT
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=STEP
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=DOWN
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=IMPERFECT
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f
// RUN: not %loopgpu %s -emit=c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=OUTSIDE

void f(int n, float A[restrict n], float B[restrict n]) {
#if CASE == 1
#pragma loopgpu tile(4)
  for (int i = 0; i < n; i++)
    A[i] = A[i] + B[i];
// UNIT:      { /* loopgpu: nest at line [[@LINE-3]] of f() */
// UNIT-NEXT:   /* transformations applied, in order:
// UNIT-NEXT:    *   1. strip-mine loop i (line [[@LINE-4]]) by 4 (tile loop ii) [requested at line [[@LINE-5]]]
// UNIT-NEXT:    */
// UNIT-NEXT:   for (int ii = 0; ii < n; ii += 4) { /* parallel -- tile loop of i (line [[@LINE-6]]), 4 iterations per tile */
// UNIT-NEXT:     for (int i = ii; i < loopgpu_min(ii + 4, n); i++) { /* parallel -- line [[@LINE-7]] */
// UNIT-NEXT:       A[i] = A[i] + B[i]; /* line [[@LINE-7]] */
// UNIT-NEXT:     }
// UNIT-NEXT:   }
// UNIT-NEXT: }
#elif CASE == 2
// Step 2 from 1: a strip is 3 iterations, 6 apart.
#pragma loopgpu tile(3)
  for (int i = 1; i < n; i += 2)
    A[i] = A[i - 1] + B[i];
// STEP:      for (int ii = 1; ii < n; ii += 6) { /* parallel -- tile loop of i (line [[@LINE-2]]), 3 iterations per tile */
// STEP-NEXT:   for (int i = ii; i < loopgpu_min(ii + 5, n); i += 2) { /* parallel -- line [[@LINE-3]] */
#elif CASE == 3
// Downward with step -3: the strip runs down from ii.
#pragma loopgpu tile(5)
  for (int i = n - 1; i >= 1; i -= 3)
    A[i] = A[i - 1] * 0.5f + B[i];
// DOWN:      for (int ii = n - 1; ii >= 1; ii -= 15) { /* parallel -- tile loop of i (line [[@LINE-2]]), 5 iterations per tile */
// DOWN-NEXT:   for (int i = ii; i >= loopgpu_max(ii - 12, 1); i -= 3) { /* parallel -- line [[@LINE-3]] */
#elif CASE == 4
// An imperfect body with a triangular inner loop moves as a whole.
#pragma loopgpu tile(4)
  for (int i = 0; i < n; i++) {
    float t = B[i] * 2.0f;
    A[i] = t;
    for (int j = 0; j < i; j++)
      A[i] += B[j];
  }
// IMPERFECT:      for (int ii = 0; ii < n; ii += 4) {
// IMPERFECT-NEXT:   for (int i = ii; i < loopgpu_min(ii + 4, n); i++) { /* parallel -- line [[@LINE-7]] */
// A[i], updated in every iteration of loop j, lives in a scalar during it.
// IMPERFECT-NEXT:     float A_i; /* 'A[i]', updated in every iteration of loop j (line [[@LINE-6]]), kept in a scalar during it */
// IMPERFECT-NEXT:     float t = B[i] * 2.0f; /* line [[@LINE-9]] */
// IMPERFECT-NEXT:     A[i] = t; /* line [[@LINE-9]] */
// IMPERFECT-NEXT:     if (0 < i) {
// IMPERFECT-NEXT:       A_i = A[i]; /* load of 'A[i]' around loop j (line [[@LINE-10]]) (kept in A_i during it) */
// IMPERFECT-NEXT:     }
// IMPERFECT-NEXT:     for (int j = 0; j < i; j++) { /* reduction(+: A_i) -- line [[@LINE-12]] */
// IMPERFECT-NEXT:       A_i += B[j]; /* line [[@LINE-12]] */
// IMPERFECT-NEXT:     }
// IMPERFECT-NEXT:     if (0 < i) {
// IMPERFECT-NEXT:       A[i] = A_i; /* store of 'A[i]' around loop j (line [[@LINE-16]]) (kept in A_i during it) */
#elif CASE == 5
// The final value of an iterator declared before the loop is read after it.
  int i;
#pragma loopgpu tile(4)
  for (i = 0; i < n; i++)
    A[i] = B[i];
  A[0] = (float)i;
// OUTSIDE: strip-mine.c:[[@LINE-4]]:17: error: cannot strip-mine loop i (line [[@LINE-3]]): the iterator 'i' of loop i (line [[@LINE-3]]) is declared before the loop and its final value may be read after it; declare it in the loop ('for (int i = ...')
#endif
}
