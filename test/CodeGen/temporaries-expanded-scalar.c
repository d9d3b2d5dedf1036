// The lecture's distribution example on the GPU: tmp crosses the split, so
// distribution expands it into tmp_exp[i]. The launcher allocates tmp_exp in
// device memory with its size from the parameters, the parallel loop fills
// it in one kernel, the recurrence (a scan) reads it in CUB's scan launched
// after it, and the launcher frees it, stream-ordered after both. Neither the
// launcher's nor the host function's signature takes the temporary.
// RUN: %loopgpu %s 2>&1 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1 --validate-dir %t1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --validate-dir %t2 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1000 --validate-dir %t3 | FileCheck %s --check-prefix=PASS
void f(int n, const float A[restrict n], float B[restrict n]) {
#pragma loopgpu
  for (int i = 1; i < n; i++) {
    float tmp = A[i] * 2;
    B[i] = B[i - 1] + tmp;
  }
}
// CHECK-NOT: warning
// CHECK:      //   transformed first: distribute loop i (line 13) into 2 loops: {line 14}, {line 15}; 'tmp' expanded into tmp_exp [default choice]
// CHECK-NEXT: //   f_nest0_kernel: block (256, 1, 1), grid covering i on x
// CHECK-NEXT: //   f_nest0_scan1: CUB DeviceScan::InclusiveScan along i
// CHECK-NEXT: //   temporary tmp_exp ('tmp' expanded along loop i (line 13)): float[n - 1] in device memory, allocated by f_nest0_device for the whole nest
// CHECK:      __global__ void __launch_bounds__(256) f_nest0_kernel(int n, const float *__restrict__ A, float *__restrict__ B, float *__restrict__ tmp_exp) {
// CHECK-NOT:  float tmp;
// CHECK:      tmp_exp[i - 1] = A[i] * 2; // line 14
// CHECK:      struct f_nest0_scan1 {
// CHECK:        float *tmp_exp;
// CHECK:        return loopgpu_pos == 0 ? B[i] : (float)(tmp_exp[i - 1]);
// CHECK:      extern "C" void f_nest0_device(int n, const float *__restrict__ A, float *__restrict__ B) {
// CHECK-NEXT:   // tmp_exp: 'tmp' expanded along loop i (line 13)
// CHECK-NEXT:   float *tmp_exp = NULL;
// CHECK-NEXT:   const size_t loopgpu_tmp_exp_bytes = loopgpu_bytes(loopgpu_count({(long long)(((long long)n) - 1)}), sizeof(float));
// CHECK-NEXT:   LOOPGPU_CHECK(cudaMallocAsync((void **)&tmp_exp, loopgpu_tmp_exp_bytes > 0 ? loopgpu_tmp_exp_bytes : 1, 0));
// CHECK:        f_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, A, B, tmp_exp);
// CHECK:        const f_nest0_scan1 loopgpu_scan = {n, A, B, tmp_exp, loopgpu_len};
// CHECK:        LOOPGPU_CHECK(cudaFreeAsync(tmp_exp, 0));
// CHECK-NEXT: }
// CHECK:      extern "C" void f_device(int n, const float *__restrict__ A, float *__restrict__ B) {
// CHECK:          f_nest0_device(n, A, B);
// CHECK:      extern "C" void f(int n, const float *__restrict__ A, float *__restrict__ B) {
// CHECK-NOT:  tmp_exp
// CHECK:      f_nest0_device(n, loopgpu_dev_A, loopgpu_dev_B);
// CHECK-NOT:  tmp_exp
// PASS: PASS
