// A temporary allocated per iteration of a sequential loop that stays on the
// host: B's recurrence and A's update make loop t sequential as a whole (it is
// not distributed); distributing loop i inside it expands tmp per iteration
// of t. The launcher allocates tmp_exp at the start of t's body and frees it
// at its end, stream-ordered after the iteration's kernels and B's scan.
// RUN: %loopgpu %s 2>&1 | FileCheck %s
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1 --param T=2 --validate-dir %t1 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=37 --param T=3 --validate-dir %t2 | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=53 --param T=0 --validate-dir %t3 | FileCheck %s --check-prefix=PASS
void f(int T, int n, float A[restrict n], float B[restrict n]) {
#pragma loopgpu
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n; i++) {
      float tmp = A[i] * 2;
      B[i] = B[i - 1] + tmp;
    }
    for (int i = 0; i < n; i++)
      A[i] = B[i] * 0.5f;
  }
}
// CHECK-NOT: warning
// CHECK:      //   transformed first: distribute loop i (line 13) into 2 loops: {line 14}, {line 15}; 'tmp' expanded into tmp_exp [default choice]
// CHECK:      //   temporary tmp_exp ('tmp' expanded along loop i (line 13)): float[n - 1] in device memory, allocated by f_nest0_device per iteration of host loop t
// CHECK:      //   loop t (line 12) stays sequential on the host
// CHECK:      extern "C" void f_nest0_device(int T, int n, float *__restrict__ A, float *__restrict__ B) {
// CHECK-NEXT:   // line 12: loop t stays on the host
// CHECK-NEXT:   for (int t = 0; t <= ((long long)T) - 1; t += 1) {
// CHECK-NEXT:     // tmp_exp: 'tmp' expanded along loop i (line 13)
// CHECK-NEXT:     float *tmp_exp = NULL;
// CHECK-NEXT:     const size_t loopgpu_tmp_exp_bytes = loopgpu_bytes(loopgpu_count({(long long)(((long long)n) - 1)}), sizeof(float));
// CHECK-NEXT:     LOOPGPU_CHECK(cudaMallocAsync((void **)&tmp_exp, loopgpu_tmp_exp_bytes > 0 ? loopgpu_tmp_exp_bytes : 1, 0));
// CHECK:            f_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(t, T, n, A, B, tmp_exp);
// CHECK:            const f_nest0_scan1 loopgpu_scan = {t, T, n, A, B, tmp_exp, loopgpu_len};
// CHECK:            f_nest0_kernel2<<<loopgpu_grid, loopgpu_block>>>(t, T, n, A, B, tmp_exp);
// CHECK:          LOOPGPU_CHECK(cudaFreeAsync(tmp_exp, 0));
// CHECK-NEXT:   }
// CHECK-NEXT: }
// PASS: PASS
