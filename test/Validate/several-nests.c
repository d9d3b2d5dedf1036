// A function as people write it: several nests, parameters only an earlier
// nest uses, a floating-point scalar only the last nest uses, statements
// between nests on 2-D VLAs, a local VLA, and a host loop around a nest.
void several(int n, int m, int steps, float alpha, float beta, float A[n][m], float B[m][n],
             float x[n], float out[n]) {
  int i, j, t;
  float tmp[n];
#pragma loopgpu
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[j][i] = A[i][j] * 2.0f;
  B[m - 1][n - 1] = -1.0f;
  A[0][0] = B[0][0] + B[m - 1][n - 1];
#pragma loopgpu
  for (i = 0; i < n; i++) {
    tmp[i] = 0.0f;
    for (j = 0; j < m; j++)
      tmp[i] += A[i][j] * x[i];
  }
  for (t = 0; t < steps; t++) {
#pragma loopgpu
    for (i = 0; i < n; i++)
      x[i] = x[i] * 0.5f + tmp[i];
  }
#pragma loopgpu
  for (i = 0; i < n; i++)
    out[i] = alpha * x[i] + beta * tmp[i] + B[0][i];
}
// RUN: %loopgpu %s -o %t.cu 2>/dev/null
// RUN: FileCheck %s --check-prefix=HOST < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
//
// <function>_device keeps the original parameter order.
// HOST: extern "C" void several(int n, int m, int steps, float alpha, float beta, float *A, float *B, float *x, float *out) {
// The local VLA lives in a vector on the host (C++ has no VLAs).
// HOST:        int i, j, t;
// HOST-NEXT:   std::vector<float> loopgpu_storage_tmp((size_t)(n)); float *tmp = loopgpu_storage_tmp.data();
// HOST:        several_nest0_device(n, m, loopgpu_dev_A, loopgpu_dev_B);
// Host code between nests reads B: it comes back first; the subscripts of
// the 2-D arrays are linearized for the flat pointers. The other arguments
// may overlap B (no restrict): they come back too, if they do.
// HOST:        if (loopgpu_data.shared(0) && loopgpu_data.bytes(0) > 0) // another argument overlapping it was written
// HOST-NEXT:     cudaMemcpy(A, loopgpu_dev_A,
// HOST-NEXT:   if (loopgpu_data.bytes(1) > 0)
// HOST-NEXT:     cudaMemcpy(B, loopgpu_dev_B, {{.*}}cudaMemcpyDeviceToHost
// HOST-NEXT:   if (loopgpu_data.shared(2) && loopgpu_data.bytes(2) > 0) // another argument overlapping it was written
// HOST:        B[((m - 1)) * (n) + (n - 1)] = -1.0f;
// HOST-NEXT:   A[((0)) * (m) + (0)] = B[((0)) * (n) + (0)] + B[((m - 1)) * (n) + (n - 1)];
// It wrote A: the device copy is refreshed before the next nest.
// HOST:        loopgpu_copy_in(loopgpu_dev_A, A, 
// HOST:        several_nest1_device(n, m, loopgpu_dev_tmp, loopgpu_dev_A, loopgpu_dev_x);
// A nest inside a host loop that touches none of its arrays uses the call's
// device buffers: no copies per iteration.
// HOST:        for (t = 0; t < steps; t++) {
// HOST-NEXT:   { // nest 2 (line 21): run on the GPU
// HOST-NEXT:     several_nest2_device(n, loopgpu_dev_x, loopgpu_dev_tmp);
// HOST:        several_nest3_device(n, m, alpha, beta, loopgpu_dev_x, loopgpu_dev_tmp, loopgpu_dev_B, loopgpu_dev_out);
// HOST:        cudaMemcpy(out, loopgpu_dev_out, {{.*}}cudaMemcpyDeviceToHost
// HOST-NOT:    cudaMemcpy
// HOST:        }
//
// The driver takes every parameter from the function, whichever nest uses
// it (steps only by host code, alpha and beta only by the last nest), and
// compares every array argument that is written (A by host code).
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=13 --param m=7 --param steps=3 --validate --validate-mode=cpu --validate-dir=%t.v 2>/dev/null | FileCheck %s --check-prefix=VAL %}
// VAL-DAG: validating several with n=13 m=7 steps=3 (seed 1)
// VAL-DAG: PASS several: A (91 elements)
// VAL-DAG: PASS several: B (91 elements)
// VAL-DAG: PASS several: x (13 elements)
// VAL-DAG: PASS several: out (13 elements)
// RUN: %if cpu-emulation %{ grep -c 'const int steps = 3;' %t.v/driver.cu | FileCheck %s --check-prefix=STEPS %}
// STEPS: 1
