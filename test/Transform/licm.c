// Loop-invariant loads: a loop that runs inside a GPU thread (under a
// parallel loop) and reads an element no write in it can touch gets the
// value loaded once before it, only when the loop runs.
// RUN: %loopgpu %s -emit=c -- -DCASE=1 | grep -v '^//' | FileCheck %s --check-prefix=NN
// RUN: %loopgpu %s -emit=c -- -DCASE=2 | grep -v '^//' | FileCheck %s --check-prefix=WRITTEN
// RUN: %loopgpu %s -emit=c -- -DCASE=3 | grep -v '^//' | FileCheck %s --check-prefix=HOST
// RUN: %loopgpu %s -emit=c -- -DCASE=1 > %t.1.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=1 %s %t.1.c f
// RUN: %loopgpu %s -emit=c -- -DCASE=2 > %t.2.c
// RUN: python3 %S/Inputs/equiv.py --cc %cc --cflag=-DCASE=2 %s %t.2.c f
#include <math.h>

void f(int m, int n, const float *restrict queries, const float *restrict points,
       float *restrict nn_dist, int *restrict nn_index, float C[restrict m][n]) {
#if CASE == 1
// The nearest-neighbour search: queries[i] is the same for every j.
#pragma loopgpu
  for (int i = 0; i < m; i++) {
    float best = INFINITY;
    int best_j = -1;
    for (int j = 0; j < n; j++) {
      float d = fabsf(queries[i] - points[j]);
      if (d < best) {
        best = d;
        best_j = j;
      }
    }
    nn_dist[i] = best;
    nn_index[i] = best_j;
  }
// NN:      *   1. hoist invariant loads out of loop j (line [[@LINE-10]]): queries[i] into queries_i [default choice]
// NN:      for (int i = 0; i < m; i++) { /* parallel -- line [[@LINE-14]] */
// NN-NEXT:   float queries_i; /* 'queries[i]', invariant in loop j (line [[@LINE-12]]), loaded once before it */
// NN-NEXT:   float best = INFINITY;
// NN-NEXT:   int best_j = -1;
// NN-NEXT:   if (0 < n) {
// NN-NEXT:     queries_i = queries[i]; /* load of 'queries[i]' hoisted out of loop j (line [[@LINE-16]]) */
// NN-NEXT:   }
// NN-NEXT:   for (int j = 0; j < n; j++) { /* reduction(argmin: best, best_j) -- line [[@LINE-18]] */
// NN-NEXT:     float d = fabsf(queries_i - points[j]);
#elif CASE == 2
// C[i][0] is written in the loop: it is not invariant; C[i][n - 1] is read
// and written by the same statement: not hoisted either.
#pragma loopgpu
  for (int i = 0; i < m; i++)
    for (int j = 1; j < n; j++) {
      C[i][j] = C[i][j - 1] + C[i][0];
      C[i][0] = C[i][0] * 0.5f;
    }
// WRITTEN: /* no transformation applied */
#elif CASE == 3
// A sequential loop outside every parallel loop runs on the host: nothing
// is hoisted there.
#pragma loopgpu
  for (int j = 1; j < n; j++)
    nn_dist[j] = nn_dist[j - 1] + queries[0];
// HOST: /* no transformation applied */
#endif
}
