// Tiles along x: the launcher's grid has up to 2^31 - 1 blocks along x, so
// a 32-bit iterator's tiles (4 iterations or more) get one block each and
// the kernel has no grid-stride loop there; y, a 64-bit iterator, and block
// coarsening (several tiles per block on purpose) keep the loop.
// RUN: %loopgpu %s -o - | FileCheck %s
// RUN: %loopgpu %s -o - -- -DBLOCK | FileCheck %s --check-prefix=BLOCK

#ifdef BLOCK
#define CLAUSES coarsen(1, 1, block: 2)
#else
#define CLAUSES
#endif
void scale_int(int n, int m, float A[restrict n][m]) {
#pragma loopgpu CLAUSES
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = 2.0f * A[i][j];
}
// CHECK-LABEL: scale_int_nest0_kernel(
// CHECK: for (int loopgpu_tile0 = blockIdx.y; (long long)loopgpu_tile0 * 8 < loopgpu_trip0; loopgpu_tile0 += gridDim.y) {
// CHECK-NEXT: if (const int loopgpu_tile1 = blockIdx.x; (long long)loopgpu_tile1 * 32 < loopgpu_trip1) { // one tile per block along x
// BLOCK-LABEL: scale_int_nest0_kernel(
// BLOCK: for (int loopgpu_tile1 = blockIdx.x; (long long)loopgpu_tile1 * 32 < loopgpu_trip1; loopgpu_tile1 += gridDim.x) {

void scale_long(long n, float *restrict a) {
#pragma loopgpu
  for (long i = 0; i < n; i++)
    a[i] = 2.0f * a[i];
}
// CHECK-LABEL: scale_long_nest0_kernel(
// CHECK: for (long long loopgpu_tile0 = blockIdx.x; (long long)loopgpu_tile0 * {{[0-9]+}} < loopgpu_trip0; loopgpu_tile0 += gridDim.x) {
