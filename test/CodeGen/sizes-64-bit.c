// Element counts are computed in 64 bits (issue 18, item 6): A[65536 * i]
// with n = 40000 needs 65536 * 40000 - 65535 elements, which overflows int;
// every name is widened before the arithmetic.
// RUN: %loopgpu %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=TEMP < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if cpu-emulation %{ %loopgpu %s --param n=5 --validate --validate-mode=cpu --validate-dir=%t.v | FileCheck %s --check-prefix=VAL %}
void f(int n, float *restrict A) {
#pragma loopgpu
  for (long i = 0; i < n; i++)
    A[65536 * i] = 1.0f;
}
// CHECK: loopgpu_region loopgpu_data({{[{][{]}}A, loopgpu_bytes(loopgpu_max(0, loopgpu_count({(long long)({{.*}}65536 * ((long long)n){{.*}})})), sizeof(float))}});
// Temporaries too: each extent in 64 bits, the product and the bytes checked
// for overflow (a product in size_t of int extents wrapped before).
// TEMP: const size_t loopgpu_t_exp_bytes = loopgpu_bytes(loopgpu_count({(long long)(((long long)n) - 1)}), sizeof(float));
// VAL: PASS f: A (262145 elements)
// VAL: PASS g: B
void g(int n, int m, const float A[restrict n][m], float B[restrict n][m]) {
#pragma loopgpu distribute
  for (int i = 1; i < n; i++) {
    float t = A[i][0];
    for (int j = 0; j < m; j++)
      B[i][j] = t * 2.0f + A[i][j];
  }
}
