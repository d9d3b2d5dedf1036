// function: f
// params: public=3 n=3
// extents: 
// tolerance: 0
// options: -ktile 1 -vector 4 -time-tile=5
#include <math.h>

static inline int lg_at(int a, int b) { return a + b; }
static inline float h_float_affine(float v) { return v * 0.5f + 0.25f; }

void f(int public, int n, float global, float alpha, int A[restrict n + 4][public + 4][n + 4], float B[restrict public + 4][public + 4], int C[restrict n + 4][n + 4][public + 4], int D[restrict public + 4], float E[n + 4][n + 4][public + 4], float F[public + 4], float G[restrict public + 4]) {
  int typeid = 1;
#pragma loopgpu
  for (unsigned min = 0; min < n; min++) {
    for (int decltype = 0; decltype < public; decltype++) {
      int ix_decltype = decltype;
      int noexcept = (C[min][min + 1][public - ix_decltype + 3] + public) / 2;
      switch ((min) % 2) {
      case 0:
        if (min > min) C[n - min + 2][min + 2][decltype] = (C[min + 1][0][ix_decltype] + -2 + D[decltype + 2]) / 3;
        break;
      default:
        B[public - decltype][ix_decltype + 1] = 0.25f * (B[public - decltype][ix_decltype + 1] + C[lg_at(min, 0) + 2][1][decltype + 3] * E[lg_at(min, 0) + 2][n - min + 3][decltype] + A[2][decltype + 2][min + 2] + h_float_affine(B[ix_decltype + 1][decltype + 3] * E[min + 3][min + 1][decltype + 1]));
        break;
      case 1:
        break;
      }
    }
  }
  typeid = (typeid + D[3]) / 2;
#pragma loopgpu
for (int gridDim = 0; gridDim < 5; gridDim++) {
  for (int i = 2; i < public + 2; i++)
    F[i] = -0.75f * F[i] + 0.1f * (G[i + 1] + G[i - 1]);
  for (int j = 2; j < public + 2; j++)
    G[j] = 0.5f * G[j] + 0.1f * (F[j - 1] + F[j + 1]);
  for (int k = 2; k < public + 2; k++)
    F[k] = 0.5f * G[k] + 0.0625f * (G[k - 1] + G[k + 1]);
}
}
