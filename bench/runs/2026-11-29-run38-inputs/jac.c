#include <math.h>
#define N 512
#define T 20
static float A[N][N], B[N][N];
float err;

void jacobi(void) {
#pragma loopgpu
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.25f * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = B[i][j];
  }
  err = 0;
#pragma loopgpu
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (fabsf(A[i][j] - B[i][j]) > err) err = fabsf(A[i][j] - B[i][j]);
}
