#include "local.h"
#include "weights.h"

void weighted(int n, const float *restrict x, float *restrict y) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    y[i] = WEIGHT(i) * x[i] + LOCAL_SHIFT;
}
