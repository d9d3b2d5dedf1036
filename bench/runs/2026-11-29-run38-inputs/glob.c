#define N 1000
double X[N], Y[N];
float M[64][64];

void saxpy(int n, double a) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    Y[i] = a * X[i] + Y[i];
}

void scale(int n) {
#pragma loopgpu
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      M[i][j] = M[i][j] * 2.0f + i;
}
