// Brute-force 1-D nearest neighbour: for each of m queries, the distance to
// the closest of n reference points and that point's index.
//
// What loopgpu should do: loop i is parallel; loop j is a min-reduction
// (argmin) over the points. points[j] is invariant along i, so each block
// stages a tile of points in shared memory and every thread reuses it.
#include <math.h>

void nearest_neighbor(int m, int n, const float *restrict queries, const float *restrict points,
                      float *restrict nn_dist, int *restrict nn_index) {
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
}
