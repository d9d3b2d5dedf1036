// Halo staging leaves alone arrays the kernel also writes, and arrays whose
// reads are not shown to stay inside their extents (the copy zero-fills
// outside them, which such a read would see).
// RUN: %loopgpu %s -shared-staging=halo | FileCheck %s
// RUN: %loopgpu %s -shared-staging=halo | FileCheck %s --check-prefix=REMARK
// RUN: %loopgpu %s -shared-staging=halo --validate --validate-mode=cpu --param n=9 --validate-dir %t | FileCheck %s --check-prefix=PASS

// A is read at j and j + 1 but also written (at j + n): not staged; B is
// (no halo along i: 8 rows of 32 + 2).
void written(int n, float A[restrict n][2 * n], const float B[restrict n][n], float C[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      A[i][j + n] = A[i][j] + A[i][j + 1];
      C[i][j] = B[i][j - 1] + B[i][j + 1];
    }
}
// CHECK-LABEL: void __launch_bounds__(256) written_nest0_kernel(
// CHECK-NEXT: __shared__ float loopgpu_sh_B[8][34];
// CHECK-NOT: loopgpu_sh_A
// CHECK: A[(i) * (2*n) + (j + n)] = A[(i) * (2*n) + (j)] + A[(i) * (2*n) + (j + 1)];
// CHECK-NEXT: C[(i) * (n) + (j)] = loopgpu_sh_B[(i) - loopgpu_base{{[0-9]+}}][(j - 1) - loopgpu_base{{[0-9]+}} + 1] + loopgpu_sh_B[(i) - loopgpu_base{{[0-9]+}}][(j + 1) - loopgpu_base{{[0-9]+}} + 1];

// j - 2 reads column -1 at j = 1 (the previous row, in C): not staged.
void outside(int n, const float B[restrict n][n], float C[restrict n][n]) {
#pragma loopgpu
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      C[i][j] = B[i - 1][j] + B[i + 1][j] + B[i][j - 2] + B[i][j + 2];
}
// REMARK: //   no halo staging for array B (line [[@LINE-2]]): its reads along dimension 1 are not shown to stay inside the array's extent
// CHECK-LABEL: void __launch_bounds__(256) outside_nest0_kernel(
// CHECK-NOT: loopgpu_sh_
// CHECK: C[(i) * (n) + (j)] = B[(i - 1) * (n) + (j)]
// PASS: PASS written: C
// PASS: PASS outside: C
