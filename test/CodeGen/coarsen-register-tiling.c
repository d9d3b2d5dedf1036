// The mission's command: -tile 32 -coarsen 4 gives shared tiles of A and B
// and 4 outputs per thread, along i at a stride of the block's 32 rows,
// accumulated in registers; 2-D coarsening gives a 2-D register tile.
// RUN: %loopgpu %s -tile 32 -coarsen 4 | FileCheck %s
// RUN: %loopgpu %s -tile 16,16 -coarsen 8,8 | FileCheck %s --check-prefix=REG2D
// RUN: %expect_exit 1 %loopgpu %s -- -DBADSTRIDE 2>&1 | FileCheck %s --check-prefix=STRIDE
#ifdef BADSTRIDE
#define CLAUSES tile(32, 32) coarsen(4, stride: 12)
#else
#define CLAUSES
#endif
void matmul(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
            float C[restrict n][m]) {
#pragma loopgpu CLAUSES
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
// CHECK: //   matmul_nest0_kernel: block (32, 32, 1), grid covering i on y j on x, 10752 bytes of shared memory per block, 4 outputs per thread
// CHECK: coarsened: 4 iterations per thread at stride 32 (tile 128)
// CHECK: __shared__ float loopgpu_sh_A[128][17];
// CHECK: __shared__ float loopgpu_sh_B[16][32];
// CHECK: const int loopgpu_off0 = (threadIdx.y / 32) * 128 + threadIdx.y % 32;
// CHECK: float acc[4][1];
// CHECK: #pragma unroll
// CHECK: for (int loopgpu_c0 = 0; loopgpu_c0 < 4; ++loopgpu_c0) {
// CHECK: const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + loopgpu_c0 * 32;
// CHECK: acc[loopgpu_c0][loopgpu_c1] = 0.0f;
// CHECK: __syncthreads(); // the tiles are complete
// CHECK: no range check: this body only reads the tiles and writes registers
// CHECK: acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[i - loopgpu_base0][k - loopgpu_kk] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1];
// CHECK: __syncthreads(); // before the next strip overwrites the tiles
// CHECK: C[(i) * (m) + (j)] = acc[loopgpu_c0][loopgpu_c1];
// REG2D: block (16, 16, 1), {{.*}} 64 outputs per thread
// REG2D: __shared__ float loopgpu_sh_A[128][17];
// REG2D: __shared__ float loopgpu_sh_B[16][128];
// REG2D: float acc[8][8];
// STRIDE: error: coarsening stride 12 must divide the 32 threads per block along y
