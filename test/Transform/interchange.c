// Interchange and permutation of perfectly nested loops: legal iff every
// direction vector, permuted the same way, still starts (after its '='s) with
// '<' (lecture's interchange theorem). Triangular bounds are recomputed;
// refusals name the dependence. Accepted cases run against the original.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=LECTURE2
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=TRIANGLE
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=DOWN
// RUN: %loopgpu %s -emit=c -- -DCASE=5 | grep -v '^//' | FileCheck %s --check-prefix=PERMUTE
// RUN: %loopgpu %s -emit=c -- -DCASE=10 | grep -v '^//' | FileCheck %s --check-prefix=DECL
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=5 > %t.5.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=5 %s %t.5.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=10 > %t.10.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=10 %s %t.10.c f
// RUN: not %loopgpu %s -emit=c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=LECTURE3
// RUN: not %loopgpu %s -emit=c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=IMPERFECT
// RUN: not %loopgpu %s -emit=c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %loopgpu %s -emit=c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not %loopgpu %s -emit=c -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not %loopgpu %s -emit=c -- -DCASE=11 2>&1 | FileCheck %s --check-prefix=CARRIED

void f(int n, int m, float A[restrict n][m], float B[restrict n][m]) {
#if CASE == 1
// The lecture's second nest: (=,<) and (<,<); after the interchange j is
// outer and i, now inner, is parallel.
#pragma loopgpu interchange(j, i)
  for (int i = 1; i < n; i++)
    for (int j = 1; j < m; j++) {
      A[i][j] = A[i][j - 1] + 1.0f;
      B[i][j] = B[i - 1][j - 1] * 0.5f;
    }
// LECTURE2:      *   1. interchange loops i, j into j, i [requested at line [[@LINE-6]]]
// LECTURE2:      for (int j = 1; j < m; j++) { /* sequential: RAW A (<,=) -- line [[@LINE-5]] */
// LECTURE2-NEXT:   for (int i = 1; i < n; i++) { /* parallel -- line [[@LINE-7]] */
#elif CASE == 2
// The lecture's third nest: (<,>) would become (>,<).
#pragma loopgpu interchange(j, i)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
// LECTURE3: interchange.c:[[@LINE-4]]:17: error: cannot interchange(j, i): RAW A[i][j] -> A[i - 1][j + 1] lines [[@LINE-1]]->[[@LINE-1]], direction (<,>) would become (>,<), whose leftmost non-'=' direction is '>'
#elif CASE == 3
// Lower triangle: j runs over the columns, i from the diagonal down.
#pragma loopgpu interchange(j, i)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i && j < m; j++)
      A[i][j] = B[i][j] + A[i][j];
// TRIANGLE:      for (int j = 0; j < loopgpu_min(m, n); j++) {
// TRIANGLE-NEXT:   for (int i = j; i < n; i++) {
#elif CASE == 4
// Downward outer loop, upper triangle.
#pragma loopgpu interchange(j, i)
  for (int i = n - 1; i >= 0; i--)
    for (int j = i; j < m; j++)
      A[i][j] = B[i][j] + 1.0f;
// DOWN:      for (int j = 0; j < m; j++) {
// DOWN-NEXT:   for (int i = loopgpu_min(j, n - 1); i >= 0; i--) {
#elif CASE == 5
// A general permutation of three loops: k (a reduction into A[i][j]) out.
#pragma loopgpu interchange(k, i, j)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < 4; k++)
        A[i][j] += B[i][k % m] * k;
// PERMUTE:      *   1. permute loops i, j, k into k, i, j [requested at line [[@LINE-5]]]
// PERMUTE:      for (int k = 0; k < 4; k++) { /* reduction(+: A[i][j]) -- line
// PERMUTE-NEXT:   for (int i = 0; i < n; i++) { /* parallel -- line
// PERMUTE-NEXT:     for (int j = 0; j < m; j++) { /* parallel -- line
#elif CASE == 6
#pragma loopgpu interchange(j, i)
  for (int i = 0; i < n; i++) {
    B[i][0] = 1.0f;
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j];
  }
// IMPERFECT: interchange.c:[[@LINE-6]]:17: error: cannot interchange(j, i): loops i (line [[@LINE-5]]) and j (line [[@LINE-3]]) are not perfectly nested (statement S1 (line [[@LINE-4]]) is in loop i's body too); distribute the loop first
#elif CASE == 7
#pragma loopgpu interchange(q, i)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j];
// UNKNOWN: interchange.c:[[@LINE-4]]:17: error: interchange: no loop 'q' in loop i (line [[@LINE-3]]) (the loops it may name: i, j)
#elif CASE == 8
  int i;
#pragma loopgpu interchange(j, i)
  for (i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = B[i][j];
  A[0][0] = i;
// OUTSIDE: interchange.c:[[@LINE-5]]:17: error: cannot interchange(j, i): the iterator 'i' of loop i (line [[@LINE-4]]) is declared before the loop and its final value may be read after it
#elif CASE == 9
#pragma loopgpu interchange(j, i)
  for (int i = 0; i < n; i += 2)
    for (int j = i; j < m; j++)
      A[i][j] = B[i][j];
// STEP: interchange.c:[[@LINE-4]]:17: error: cannot interchange(j, i): loop i (line [[@LINE-3]]) has step 2 and its bounds are coupled with the other loops' (not supported)
#elif CASE == 10
// t is written before it is read in every (i, j): its declaration moves in.
#pragma loopgpu interchange(j, i)
  for (int i = 0; i < n; i++) {
    float t;
    for (int j = 0; j < m; j++) {
      t = B[i][j] * 2.0f;
      A[i][j] = t;
    }
  }
// DECL:      for (int j = 0; j < m; j++) {
// DECL-NEXT:   for (int i = 0; i < n; i++) {
// DECL-NEXT:     float t;
#elif CASE == 11
// t carries a running sum along each row i: with i inner it would mix rows.
#pragma loopgpu interchange(j, i)
  for (int i = 0; i < n; i++) {
    float t;
    for (int j = 0; j < m; j++) {
      if (j == 0)
        t = 0.0f;
      t = t + B[i][j];
      A[i][j] = t;
    }
  }
// CARRIED: interchange.c:[[@LINE-10]]:17: error: cannot interchange(j, i): 't' is declared between the loops of the band and carries values from one iteration of loop j (line [[@LINE-7]]) to another (RAW t -> t lines [[@LINE-5]]->[[@LINE-4]], directions (=,<) (=,=))
#endif
}
