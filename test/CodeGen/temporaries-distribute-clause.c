// `distribute` asked for on a loop whose split needs scalar expansion: s
// becomes s_exp[i - 1][j], a 2-D temporary laid out row-major with its
// allocated sizes. The first loop nest is parallel in both loops (one 2-D
// kernel); the second keeps i on the host and launches a kernel over j per
// iteration; s_exp lives for the whole nest.
// RUN: %loopgpu %s 2>&1 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1 --param m=1 --validate-dir %t1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --param m=5 --validate-dir %t2 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=2 --param m=41 --validate-dir %t3 | FileCheck %s --check-prefix=PASS
void f(int n, int m, const float A[restrict n][m], float B[restrict n][m]) {
#pragma loopgpu distribute
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = A[i][j] * A[i][j];
      B[i][j] = B[i - 1][j] + s;
    }
}
// CHECK-NOT: warning
// CHECK:      //   transformed first: distribute loop i (line 12) into 2 loops: {line 14}, {line 15}; 's' expanded into s_exp
// CHECK-NEXT: //   f_nest0_kernel: block (32, 8, 1), grid covering i on y j on x
// CHECK-NEXT: //   f_nest0_kernel1: block (256, 1, 1), grid covering j on x
// CHECK-NEXT: //   temporary s_exp ('s' expanded along loops i (line 12), j (line 13)): float[n - 1][m] in device memory, allocated by f_nest0_device for the whole nest
// CHECK:      __global__ void __launch_bounds__(256) f_nest0_kernel(int n, int m, const float *__restrict__ A, float *__restrict__ B, float *__restrict__ s_exp) {
// CHECK:      s_exp[(i - 1) * (m) + (j)] = A[(i) * (m) + (j)] * A[(i) * (m) + (j)]; // line 14
// CHECK:      static __device__ __forceinline__ void f_nest0_kernel1_body(const uint3 blockIdx, const dim3 gridDim, const uint3 threadIdx, const dim3 blockDim, int i, int n, int m, const float *__restrict__ A, float *__restrict__ B, float *__restrict__ s_exp) {
// CHECK:      B[(i) * (m) + (j)] = B[(i - 1) * (m) + (j)] + s_exp[(i - 1) * (m) + (j)]; // line 15
// CHECK:      __global__ void __launch_bounds__(256) f_nest0_kernel1(int i, int n, int m, const float *__restrict__ A, float *__restrict__ B, float *__restrict__ s_exp) { f_nest0_kernel1_body(blockIdx, gridDim, threadIdx, blockDim, i, n, m, A, B, s_exp); }
// CHECK:      extern "C" void f_nest0_device(int n, int m, const float *__restrict__ A, float *__restrict__ B) {
// CHECK-NEXT:   // s_exp: 's' expanded along loops i (line 12), j (line 13)
// CHECK-NEXT:   float *s_exp = NULL;
// CHECK-NEXT:   const size_t loopgpu_s_exp_bytes = loopgpu_bytes(loopgpu_count({(long long)(((long long)n) - 1), (long long)(((long long)m))}), sizeof(float));
// CHECK-NEXT:   LOOPGPU_CHECK(cudaMallocAsync((void **)&s_exp, loopgpu_s_exp_bytes > 0 ? loopgpu_s_exp_bytes : 1, 0));
// CHECK:        f_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, m, A, B, s_exp);
// CHECK:        for (int i = 1; i <= ((long long)n) - 1; i += 1) {
// CHECK:          f_nest0_kernel1<<<loopgpu_grid, loopgpu_block>>>(i, n, m, A, B, s_exp);
// CHECK:        LOOPGPU_CHECK(cudaFreeAsync(s_exp, 0));
// CHECK-NEXT: }
// PASS: PASS
