// Fails: loopgpu %s --validate --validate-mode=cpu --param n=13
// kernels.cu: error: 't' was not declared in this scope. Loop j stays on
// the host; the scalar t declared in its body is computed by a one-thread
// kernel (kernel1) that declares it locally, and the next kernel (loop l)
// reads t, which is neither passed nor stored in device memory
// (utils/fuzz-pipeline.sh case 146, shrunk by utils/fuzz-shrink.py).
void f(int n, float A[restrict n + 4][n + 4]) {
#pragma loopgpu
  for (int j = 1; j < n; j++) {
    int k = 0;
    float t = A[k + 3][2];
    for (int l = 0; l < n; l++)
      A[j][j + 3] = t;
  }
}
