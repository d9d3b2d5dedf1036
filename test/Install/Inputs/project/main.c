// Calls scale() (CUDA, from scale.c through loopgpu) and checks it against
// the same computation in C.
#include "scale.h"
#include <math.h>
#include <stdio.h>

// loopgpu's host function has a C-compatible signature: arrays as pointers.
void scale(int n, int m, float a, const float *X, float *Y);

enum { N = 37, M = 53 };
static float X[N][M], Y[N][M], Want[N][M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      X[i][j] = (float)(i * M + j) / 7;
      Y[i][j] = Want[i][j] = (float)(i - j);
    }
  scale(N, M, 3.0f, &X[0][0], &Y[0][0]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      Want[i][j] = SCALE_FACTOR * 3.0f * X[i][j] + Want[i][j];
  int Wrong = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      Wrong += !(fabsf(Y[i][j] - Want[i][j]) <= 1e-5f * fmaxf(1, fabsf(Want[i][j])));
  printf("scale: %d of %d elements wrong, Y[%d][%d] = %g\n", Wrong, N * M, N - 1, M - 1, Y[N - 1][M - 1]);
  return Wrong != 0;
}
