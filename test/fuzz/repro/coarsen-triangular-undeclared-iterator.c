// Fails: loopgpu %s --validate --validate-mode=cpu --param n=2 --param m=1 --param p=3 -coarsen 2,1,2
// kernels.cu: error: 'i' was not declared in this scope. A coarsened kernel
// jams the sequential loop `j <= i` (bound on the mapped iterator i) outside
// the thread's copies, where i is not defined yet (found by
// utils/fuzz-pipeline.sh, case 14; shrunk by utils/fuzz-shrink.py).
void f(int n, int m, int p, float A[restrict p + 4][n + 4]) {
#pragma loopgpu
  for (int i = p - 1 - 1; i >= 0; i -= 2) {
    A[i + 3][1] = 1;
    for (int j = 0; j <= i; j++) {
      A[i + 2][2] += 1;
      A[j][2] = 1;
    }
  }
}
