// The default mapping of matmul: i and j are parallel and become a 2-D grid of
// 2-D blocks (j on x: it indexes the fastest-varying subscript of C and B);
// k stays sequential in the thread; the host function keeps the C signature.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %loopgpu %s -tile 16,8 | FileCheck %s --check-prefix=TILE

void matmul(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
            float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
// CHECK: // nest 0 of matmul ({{.*}}matmul-mapping.c:10):
// CHECK: //   matmul_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// CHECK: // loop i (line 11, parallel) -> y: strip-mined by 8 threads per block
// CHECK: // loop j (line 12, parallel) -> x: strip-mined by 32 threads per block
// CHECK: __global__ void __launch_bounds__(256) matmul_nest0_kernel(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:   for (long long loopgpu_t0 = (long long)blockIdx.y * blockDim.y + threadIdx.y; loopgpu_t0 < loopgpu_trip0; loopgpu_t0 += (long long)gridDim.y * blockDim.y) {
// CHECK:     const int i = (int)(0 + loopgpu_t0 * 1);
// CHECK:     for (long long loopgpu_t1 = (long long)blockIdx.x * blockDim.x + threadIdx.x;
// CHECK:       const int j = (int)(0 + loopgpu_t1 * 1);
// CHECK:       float acc = 0.0f; // line 13
// CHECK:       // line 14: loop k, sequential in this thread
// CHECK:       for (int k = 0; k <= p - 1; k += 1) {
// CHECK:         acc += A[(i) * (p) + (k)] * B[(k) * (m) + (j)]; // line 15
// CHECK:       C[(i) * (m) + (j)] = acc; // line 16
// CHECK: extern "C" void matmul_nest0_device(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:       matmul_nest0_kernel<<<grid, block>>>(n, m, p, A, B, C);
// CHECK:     LOOPGPU_CHECK(cudaGetLastError());
// CHECK: extern "C" void matmul_device(
// CHECK: extern "C" void matmul(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:     LOOPGPU_CHECK(cudaMemcpy(d_A, A, d_A_bytes, cudaMemcpyHostToDevice));
// CHECK:     matmul_nest0_device(n, m, p, d_A, d_B, d_C);
// CHECK:     LOOPGPU_CHECK(cudaMemcpy(C, d_C, d_C_bytes, cudaMemcpyDeviceToHost));
// CHECK-NOT: cudaMemcpy(A, d_A
// TILE: // loop i (line 11, parallel) -> y: strip-mined by 16 threads per block
// TILE: // loop j (line 12, parallel) -> x: strip-mined by 8 threads per block
