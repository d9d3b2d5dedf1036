// A WAR dependence made harmless by reading a copy: every iteration reads
// A[i + 1] before the next one overwrites it, so the loop reads A_copy, a
// copy of A made before it. The launcher allocates A_copy with A's extent,
// one kernel fills it, the loop's kernel (now parallel) reads it, and the
// launcher frees it after both. In g the read that carries the WAR is in an
// `if` condition, which the copy cannot replace: no copy, the loop stays
// sequential (a parallel kernel would read elements other threads overwrite).
// RUN: %loopgpu %s 2>&1 | FileCheck %s
// RUN: %loopgpu %s | FileCheck %s --check-prefix=GUARD
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1 --validate-dir %t1 | FileCheck %s --check-prefix=PASS2
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=2 --validate-dir %t2 | FileCheck %s --check-prefix=PASS2
// RUN: %loopgpu %s --validate --validate-mode=cpu --param n=1031 --validate-dir %t3 | FileCheck %s --check-prefix=PASS2
void f(int n, float A[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n - 1; i++)
    A[i] = A[i + 1] + 1;
}
// CHECK-NOT: warning
// CHECK:      //   transformed first: read A_copy, a copy of A made before loop i (line 15), at line 16 (removes the loop-carried WAR) [default choice]
// CHECK-NEXT: //   f_nest0_kernel: block (256, 1, 1), grid covering c0 on x
// CHECK-NEXT: //   f_nest0_kernel1: block (256, 1, 1), grid covering i on x
// CHECK-NEXT: //   temporary A_copy ('A' as it was before loop i (line 15), read instead of it (WAR elimination)): float[n] in device memory, allocated by f_nest0_device for the whole nest
// CHECK:      __global__ void __launch_bounds__(256) f_nest0_kernel(int n, float *__restrict__ A, float *__restrict__ A_copy) {
// CHECK:          A_copy[c0] = A[c0];
// CHECK:      __global__ void __launch_bounds__(256) f_nest0_kernel1(int n, float *__restrict__ A, float *__restrict__ A_copy) {
// CHECK:          A[i] = A_copy[i + 1] + 1; // line 16
// CHECK:      extern "C" void f_nest0_device(int n, float *__restrict__ A) {
// CHECK-NEXT:   // A_copy: 'A' as it was before loop i (line 15), read instead of it (WAR elimination)
// CHECK-NEXT:   float *A_copy = NULL;
// CHECK-NEXT:   const size_t loopgpu_A_copy_bytes = loopgpu_bytes(loopgpu_count({(long long)(((long long)n))}), sizeof(float));
// CHECK-NEXT:   LOOPGPU_CHECK(cudaMallocAsync((void **)&A_copy, loopgpu_A_copy_bytes > 0 ? loopgpu_A_copy_bytes : 1, 0));
// CHECK:        f_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, A, A_copy);
// CHECK:        f_nest0_kernel1<<<loopgpu_grid, loopgpu_block>>>(n, A, A_copy);
// CHECK:        LOOPGPU_CHECK(cudaFreeAsync(A_copy, 0));
// CHECK-NEXT: }
// CHECK:      extern "C" void f(int n, float *__restrict__ A) {
// CHECK-NOT:  A_copy
// CHECK:      f_nest0_device(n, loopgpu_dev_A);
// CHECK-NOT:  A_copy

void g(int n, float A[restrict n]) {
#pragma loopgpu
  for (int i = 0; i < n - 1; i++)
    if (A[i + 1] > 0)
      A[i] = A[i + 1] * 2;
}
// GUARD:      // nest 0 of g
// GUARD-NOT:  transformed first
// GUARD-NEXT: //   g_nest0_kernel: 1 thread
// GUARD-NEXT: //   loop i (line 43) runs in one thread: sequential: WAR A[i + 1] -> A[i] lines 44->45
// GUARD:      __global__ void g_nest0_kernel(int n, float *__restrict__ A) {
// GUARD:      extern "C" void g_nest0_device(int n, float *__restrict__ A) {
// GUARD-NEXT:   {
// GUARD-NEXT:     g_nest0_kernel<<<1, 1>>>(n, A);
// PASS2: PASS f:
// PASS2: PASS g:
// PASS2: {{^PASS$}}
