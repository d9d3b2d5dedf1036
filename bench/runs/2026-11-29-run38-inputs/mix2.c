#define N 256
double u[N], v[N], w[N][N];
double nrm;
int iters;

double step(int n, double alpha) {
  nrm = 0;
#pragma loopgpu
  for (int i = 0; i < N; i++)
    v[i] = alpha * u[i] + 1.0;
  v[0] = v[N - 1];
  iters++;
#pragma loopgpu
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      w[i][j] = v[i] * v[j];
#pragma loopgpu
  for (int i = 0; i < N; i++)
    nrm += w[i][i];
  return nrm + v[0];
}
