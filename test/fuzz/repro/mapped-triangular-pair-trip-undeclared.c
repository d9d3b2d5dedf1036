// Fails: loopgpu %s --validate --validate-mode=cpu --param n=29 --param m=36   (with or without -coarsen 2,2)
// kernels.cu: error: 'j' was not declared in this scope. A kernel maps loops j
// (y) and k (x) although k's bound depends on j (k <= j: not rectangular):
// k's trip count, loopgpu_trip(0, j, 1), is computed at the kernel's start,
// before j exists (utils/fuzz-pipeline.sh case 441, shrunk by
// utils/fuzz-shrink.py).

void f(int n, int m, float *restrict y, float *z) {
#pragma loopgpu
  for (int i = 1; i < (n < m ? n : m); i++) {
    for (int j = 0; j <= i; j++) {
      float t = 1;
      z[64 * (i + 4) + i] = z[64 * (j) + j];
      for (int k = 0; k <= j; k++) {
        float u = 1;
        if (y[4096 * (k) + 64 * (k + 2) + 3] >= 0.0f) z[64 * (i + 4) + j] = t;
      }
    }
  }
}
