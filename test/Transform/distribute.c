// Loop distribution by dependence SCCs, with array expansion of the scalars
// that cross the split (lecture: "loop distribution may require array
// expansion"). A loop whose statements form one cycle is refused, naming
// the dependences of the cycle. Accepted cases run against the original.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=LECTURE
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=INNER
// RUN: %loopgpu %s -emit=c -- -DCASE=4 | grep -v '^//' | FileCheck %s --check-prefix=EXPAND2
// RUN: %loopgpu %s -emit=c -- -DCASE=7 | grep -v '^//' | FileCheck %s --check-prefix=IFELSE
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=3 > %t.3.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=3 %s %t.3.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=4 > %t.4.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=4 %s %t.4.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=7 > %t.7.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=7 %s %t.7.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=8 > %t.8.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=8 %s %t.8.c f
// RUN: not %loopgpu %s -emit=c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=CYCLE
// RUN: not %loopgpu %s -emit=c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=SINGLE

void f(int n, int m, float A[restrict n], float B[restrict n], float C[restrict n][m]) {
#if CASE == 1
// The lecture's example: tmp is expanded into tmp_exp[i]; B's recurrence
// stays sequential with the statement feeding it, A's loop is parallel; tmp
// keeps its last value after the loop.
  float tmp = 0.0f;
#pragma loopgpu distribute
  for (int i = 2; i < n; i++) {
    tmp = 2 * B[i - 2];
    A[i] = tmp;
    B[i] = tmp + B[i - 1];
  }
  A[0] = tmp;
// LECTURE:      *   1. distribute loop i (line [[@LINE-6]]) into 2 loops: {lines [[@LINE-5]], [[@LINE-3]]}, {line [[@LINE-4]]}; 'tmp' expanded into tmp_exp [requested at line [[@LINE-7]]]
// LECTURE:      float *tmp_exp = (float *)malloc(sizeof(float) * (size_t)(loopgpu_max(n - 2, 1)));
// LECTURE-NEXT: for (int i = 2; i < n; i++) { /* sequential: RAW B (<) -- line [[@LINE-8]] */
// LECTURE-NEXT:   tmp_exp[i - 2] = 2 * B[i - 2]; /* line [[@LINE-8]] */
// LECTURE-NEXT:   B[i] = tmp_exp[i - 2] + B[i - 1]; /* line [[@LINE-7]] */
// LECTURE-NEXT: }
// LECTURE-NEXT: for (int i = 2; i < n; i++) { /* parallel -- copy of loop i (line [[@LINE-12]]) (distribution, part 2 of 2) */
// LECTURE-NEXT:   A[i] = tmp_exp[i - 2]; /* line [[@LINE-11]] */
// LECTURE-NEXT: }
// LECTURE-NEXT: if (2 < n) {
// LECTURE-NEXT:   tmp = tmp_exp[n - 3]; /* the value of 'tmp' after the loop (array expansion) */
// LECTURE-NEXT: }
// LECTURE-NEXT: free(tmp_exp);
#elif CASE == 2
#pragma loopgpu distribute
  for (int i = 1; i < n; i++) {
    A[i] = B[i - 1] + 1.0f;
    B[i] = A[i - 1] * 0.5f;
  }
// CYCLE: distribute.c:[[@LINE-5]]:17: error: cannot distribute loop i (line [[@LINE-4]]): all its statements are in one dependence cycle: RAW B[i] -> B[i - 1] lines [[@LINE-2]]->[[@LINE-3]], direction (<) leads from S2 (line [[@LINE-2]]) back to S1 (line [[@LINE-3]]), and RAW A[i] -> A[i - 1] lines [[@LINE-3]]->[[@LINE-2]], direction (<) leads forward
#elif CASE == 3
// An imperfect nest: the inner recurrence goes to its own loop nest.
#pragma loopgpu distribute
  for (int i = 0; i < n; i++) {
    A[i] = B[i] * 2.0f;
    for (int j = 1; j < m; j++)
      C[i][j] = C[i][j - 1] + A[i];
  }
// INNER:      for (int i = 0; i < n; i++) { /* parallel -- line
// INNER-NEXT:   A[i] = B[i] * 2.0f;
// INNER-NEXT: }
// INNER-NEXT: for (int i = 0; i < n; i++) { /* parallel -- copy of loop i
#elif CASE == 4
// t is declared inside j: it is expanded along i and j.
#pragma loopgpu distribute
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float t = C[i][j] * 2.0f;
      A[i] += t;
      C[i][j] = t + 1.0f;
    }
// EXPAND2:      float (*t_exp)[loopgpu_max(m, 1)] = malloc(sizeof(float) * (size_t)(loopgpu_max(n, 1)) * (size_t)(loopgpu_max(m, 1)));
// EXPAND2:          t_exp[i][j] = C[i][j] * 2.0f;
// EXPAND2:          A_i += t_exp[i][j];
// EXPAND2:          C[i][j] = t_exp[i][j] + 1.0f;
#elif CASE == 6
#pragma loopgpu distribute
  for (int i = 0; i < n; i++)
    A[i] = B[i];
// SINGLE: distribute.c:[[@LINE-3]]:17: error: cannot distribute loop i (line [[@LINE-2]]): it has a single statement, nothing to distribute
#elif CASE == 7
// The branches of an if go to different loops, each under the condition.
#pragma loopgpu distribute
  for (int i = 0; i < n; i++) {
    float t = B[i];
    if (t > 0.0f)
      A[i] = t;
    else
      A[i] = -t;
    B[i] = t * 2.0f;
  }
// IFELSE:      if (t_exp[i] > 0.0f) {
// IFELSE-NEXT:   A[i] = t_exp[i];
// IFELSE:      if (!(t_exp[i] > 0.0f)) {
// IFELSE-NEXT:   A[i] = -t_exp[i];
#elif CASE == 8
// No clause: the default distributes the sequential loop because one part
// is parallel.
#pragma loopgpu
  for (int i = 2; i < n; i++) {
    A[i] = B[i - 2] + 1.0f;
    B[i] = B[i - 1] + 2.0f;
  }
#endif
}
