#include "scale.h"

void scale(int n, int m, float a, const float X[restrict n][m], float Y[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      Y[i][j] = SCALE_FACTOR * a * X[i][j] + Y[i][j];
}
