// --validate with --param and --seed: the driver uses the given sizes; a
// parameter that is not given takes the next default.
// RUN: rm -rf %t && %loopgpu %s --validate --validate-mode=none --validate-dir=%t --param n=100 --seed 5 | FileCheck %s
// RUN: FileCheck %s --check-prefix=DRIVER < %t/driver.cu
// CHECK: loopgpu: validation harness in
// DRIVER: const int n = 100;
// DRIVER: const int m = 37;
// DRIVER: loopgpu_poison(B_init.data()
// DRIVER: loopgpu_rng = 5ull;
void scale(int n, int m, const float A[restrict n][m], float B[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = 2 * A[i][j];
}
