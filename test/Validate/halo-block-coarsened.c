// REQUIRES: cpu-emulation
// Halo staging with several tiles per block (block coarsening): the barrier
// after the body keeps the next tile's copy from overwriting a tile still
// read. Each of the two barriers, removed, makes validation FAIL; the kernel
// as emitted passes (the control).
// RUN: rm -rf %t && %loopgpu %s -shared-staging=halo --param n=40 --validate --validate-mode=none --validate-dir=%t
// RUN: grep -c "__syncthreads(); // the halo'd tiles are complete" %t/kernels.cu | FileCheck %s --check-prefix=ONE
// RUN: grep -c "__syncthreads(); // before the next tile overwrites the halo'd tiles" %t/kernels.cu | FileCheck %s --check-prefix=ONE
// ONE: 1
// RUN: bash %t/run.sh cpu | FileCheck %s --check-prefix=CONTROL
// CONTROL: PASS f: C
// RUN: cp %t/kernels.cu %t/kernels.orig
// RUN: sed -i "/__syncthreads(); \/\/ the halo'd tiles are complete/d" %t/kernels.cu
// RUN: %expect_exit 1 bash %t/run.sh cpu | FileCheck %s --check-prefix=BROKEN
// RUN: cp %t/kernels.orig %t/kernels.cu
// RUN: sed -i "/__syncthreads(); \/\/ before the next tile overwrites the halo'd tiles/d" %t/kernels.cu
// RUN: %expect_exit 1 bash %t/run.sh cpu | FileCheck %s --check-prefix=BROKEN
// BROKEN: FAIL f: C: {{[0-9]+}} of 1600 elements differ
// RUN: %loopgpu %s -shared-staging=halo --param n=5 --validate --validate-mode=cpu --validate-dir=%t/small | FileCheck %s --check-prefix=PASS
// PASS: {{^PASS$}}
void f(int n, const float B[restrict n][n], float C[restrict n][n]) {
#pragma loopgpu tile(4, 8) coarsen(1, 1, block: 3)
  for (int i = 1; i < n - 1; i++)
    for (int j = 2; j < n - 2; j++)
      C[i][j] = B[i - 1][j] + B[i + 1][j] + B[i][j - 2] + B[i][j + 2];
}
