// A sequential loop around parallel ones stays on the host and launches a
// kernel per parallel loop in order; a recurrence with no parallel loop runs
// in one thread so the data stays on the GPU.
// RUN: %loopgpu %s 2>&1 | FileCheck %s
void f(int tsteps, int n, float A[restrict n], float B[restrict n]) {
#pragma loopgpu
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = A[i - 1] + A[i + 1];
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
#pragma loopgpu
  for (int i = 1; i < n; i++)
    A[i] = A[i - 1] * 0.5f + B[i]; // not a scan (test/CodeGen/scan.c)
}
// CHECK: //   f_nest0_kernel: block (256, 1, 1)
// CHECK: //   f_nest0_kernel1: block (256, 1, 1)
// CHECK: //   loop t (line 7) stays sequential on the host: {{[A-Z]+}} {{.*}} direction (<)
// CHECK: //   f_nest1_kernel: 1 thread
// CHECK: //   loop i (line 14) runs in one thread: sequential: RAW A[i] -> A[i - 1]
// CHECK: extern "C" void f_nest0_device(int tsteps, int n, float *__restrict__ A, float *__restrict__ B) {
// CHECK:   for (int t = 0; t <= ((long long)tsteps) - 1; t += 1) {
// CHECK:         f_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(t, tsteps, n, A, B);
// CHECK:         f_nest0_kernel1<<<loopgpu_grid, loopgpu_block>>>(t, tsteps, n, A, B);
// CHECK: extern "C" void f_nest1_device(
// CHECK:     f_nest1_kernel<<<1, 1>>>(n, A, B);
// Both nests on device pointers, in the original parameter order:
// CHECK: extern "C" void f_device(int tsteps, int n, float *__restrict__ A, float *__restrict__ B) {
// CHECK:   f_nest0_device(tsteps, n, A, B);
// CHECK:   f_nest1_device(n, A, B);
// The host function keeps A and B on the GPU across both nests: each is
// copied in once before the first nest and out once after the last.
// CHECK: extern "C" void f(int tsteps, int n, float *__restrict__ A, float *__restrict__ B) {
// CHECK:   loopgpu_copy_in(loopgpu_dev_A, A, 
// CHECK:   loopgpu_copy_in(loopgpu_dev_B, B, 
// CHECK: { // nest 0 (line 6): run on the GPU
// CHECK-NEXT: f_nest0_device(tsteps, n, loopgpu_dev_A, loopgpu_dev_B);
// CHECK-NOT: cudaMemcpy
// CHECK: { // nest 1 (line 13): run on the GPU
// CHECK-NEXT: f_nest1_device(n, loopgpu_dev_A, loopgpu_dev_B);
// CHECK-NOT: loopgpu_copy_in(
// CHECK:   cudaMemcpy(A, loopgpu_dev_A, {{.*}}cudaMemcpyDeviceToHost
// CHECK:   cudaMemcpy(B, loopgpu_dev_B, {{.*}}cudaMemcpyDeviceToHost
// CHECK-NEXT: }
