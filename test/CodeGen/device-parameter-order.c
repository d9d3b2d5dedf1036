// <function>_device takes the function's own parameters in their original
// order (device pointers for the arrays): the launcher's order (parameters,
// then scalars, then arrays, as the nest uses them) would silently swap
// alpha and beta for a caller.
// RUN: %loopgpu %s -o %t.cu 2>&1 | count 0
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
void gemm(int ni, int nj, int nk, float alpha, float beta, float C[restrict ni][nj],
          const float A[restrict ni][nk], const float B[restrict nk][nj]) {
#pragma loopgpu
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      float acc = beta * C[i][j];
      for (int k = 0; k < nk; k++)
        acc += alpha * A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
// CHECK: extern "C" void gemm_nest0_device(int ni, int nj, int nk, float beta, float alpha, float *__restrict__ C, const float *__restrict__ A, const float *__restrict__ B) {
// CHECK: extern "C" void gemm_device(int ni, int nj, int nk, float alpha, float beta, float *__restrict__ C, const float *__restrict__ A, const float *__restrict__ B) {
// CHECK:   gemm_nest0_device(ni, nj, nk, beta, alpha, C, A, B);
// CHECK: extern "C" void gemm(int ni, int nj, int nk, float alpha, float beta, float *__restrict__ C, const float *__restrict__ A, const float *__restrict__ B) {
