// The mission's command: -tile 32 -coarsen 4 gives shared tiles of A and B
// and 4 outputs per thread, along i at a stride of the block's 32 rows,
// accumulated in registers; 2-D coarsening gives a 2-D register tile.
// RUN: %loopgpu %s -tile 32 -coarsen 4 | FileCheck %s
// RUN: %loopgpu %s -tile 16,16 -coarsen 8,8 | FileCheck %s --check-prefix=REG2D
// RUN: %expect_exit 1 %loopgpu %s -- -DBADSTRIDE 2>&1 | FileCheck %s --check-prefix=STRIDE
#ifdef BADSTRIDE
#define CLAUSES tile(32, 32) coarsen(4, stride: 12)
#elif defined(STRIDE32)
#define CLAUSES tile(32, 32) coarsen(4, stride: 32)
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
// CHECK: //   matmul_nest0_kernel: block (32, 32, 1), grid covering i on y j on x, 10496 bytes of shared memory per block, 4 outputs per thread
// CHECK: coarsened: 4 iterations per thread at stride 32 (tile 128)
// The strip reads only shared tiles: the thread's 4 rows are consecutive, so
// its A operands load as one vector from the transposed, aligned A tile.
// CHECK: // loop i: each thread's 4 iterations come in runs of 4, 128 apart (register tile with vector loads from shared memory)
// CHECK: // array A {{.*}} staged in shared memory [16][132], transposed, per strip of 16 iterations (+4 padding against bank conflicts)
// CHECK: __shared__ __align__(16) float loopgpu_sh_A[16][132];
// CHECK: __shared__ __align__(16) float loopgpu_sh_B[16][32];
// CHECK: const bool loopgpu_vec_A = reinterpret_cast<unsigned long long>(A) % 16 == 0 && (p) % 4 == 0;
// CHECK: const int loopgpu_off0 = threadIdx.y * 4;
// CHECK: float acc[4];
// CHECK: #pragma unroll
// CHECK: for (int loopgpu_c0 = 0; loopgpu_c0 < 4; ++loopgpu_c0) {
// CHECK: const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + loopgpu_c0;
// CHECK: acc[loopgpu_c0] = 0.0f;
// The transposed tile is filled along A's rows (coalesced 16-byte reads where
// A is aligned), stored by columns; the next strip's loads are issued before
// this strip's arithmetic (software pipelining).
// CHECK: float4 loopgpu_pf_A[1];
// CHECK: // the first strip's tile of A into registers: 1 16-byte load per thread
// CHECK: if (loopgpu_vec_A && (loopgpu_tile0 * 128 + (loopgpu_e / 16 % 128)) < loopgpu_trip0 && (0 + ((loopgpu_e / 1 % 16) + 3)) <= p - 1) {
// CHECK-NEXT: loopgpu_pf_A[loopgpu_r] = *reinterpret_cast<const float4 *>(&A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 16 % 128))) + 0) * (p) + (0 + (loopgpu_e / 1 % 16)) + 0]);
// CHECK-NEXT: } else { // unaligned rows, or the vector crosses the border
// CHECK-NEXT: loopgpu_pf_A[loopgpu_r].x = {{.*}} (0 + (loopgpu_e / 1 % 16)) <= p - 1 ? A[{{.*}}] : (float)0;
// CHECK: loopgpu_pf_A[loopgpu_r].w = {{.*}} (0 + ((loopgpu_e / 1 % 16) + 3)) <= p - 1 ? A[{{.*}}] : (float)0;
// CHECK: for (int loopgpu_kk = 0; loopgpu_kk <= p - 1; loopgpu_kk += 16) {
// CHECK-NEXT: // A's tile from registers into shared memory, transposed
// CHECK: loopgpu_sh_A[(loopgpu_e / 1 % 16)][(loopgpu_e / 16 % 128)] = loopgpu_pf_A[loopgpu_r].x;
// CHECK-NEXT: loopgpu_sh_A[((loopgpu_e / 1 % 16) + 1)][(loopgpu_e / 16 % 128)] = loopgpu_pf_A[loopgpu_r].y;
// CHECK: __syncthreads(); // the tiles are complete
// CHECK-NEXT: if (loopgpu_kk + 16 <= p - 1) { // software pipelining: the next strip's loads are in flight during this strip's arithmetic
// CHECK-NEXT: // the next strip's tile of A into registers: 1 16-byte load per thread
// CHECK: loopgpu_pf_A[loopgpu_r] = *reinterpret_cast<const float4 *>(&A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 16 % 128))) + 0) * (p) + (loopgpu_kk + 16 + (loopgpu_e / 1 % 16)) + 0]);
// CHECK: no range check: this body only reads the tiles and writes registers
// CHECK: acc[loopgpu_c0] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1];
// CHECK: __syncthreads(); // before the next strip overwrites the tiles
// CHECK: C[(i) * (m) + (j)] = acc[loopgpu_c0];
// REG2D: block (16, 16, 1), {{.*}} 64 outputs per thread
// REG2D-NOT: coarsening along x at stride
// REG2D: // loop i: each thread's 8 iterations come in runs of 4, 64 apart
// REG2D: // loop j: each thread's 8 iterations come in runs of 4, 64 apart
// REG2D: __launch_bounds__(256, 2) matmul_nest0_kernel
// REG2D: __shared__ __align__(16) float loopgpu_sh_A[8][132];
// REG2D: __shared__ __align__(16) float loopgpu_sh_B[8][128];
// REG2D: const int loopgpu_off0 = threadIdx.y * 4;
// REG2D: const int loopgpu_off1 = threadIdx.x * 4;
// REG2D: float acc[8][8];
// REG2D: const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
// STRIDE: error: coarsening stride 12 must divide the 32 threads per block along y

// An explicit stride keeps the lecture's layout (no vector runs).
// RUN: %loopgpu %s -- -DSTRIDE32 | FileCheck %s --check-prefix=KEEP
// KEEP: const int loopgpu_off0 = threadIdx.y;
// KEEP-NOT: runs of
// KEEP: loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + loopgpu_c0 * 32;
// Vector runs validate under the emulation at sizes no tile divides.
// RUN: %loopgpu %s -tile 16,16 -coarsen 8,8 --validate --validate-mode=cpu --param n=301 --param m=259 --param p=173 --validate-dir %t | FileCheck %s --check-prefix=PASS
// RUN: %loopgpu %s -tile 8,32 -coarsen 2,4 -ktile 5 --validate --validate-mode=cpu --param n=67 --param m=45 --param p=83 --validate-dir %t2 | FileCheck %s --check-prefix=PASS
// PASS: PASS matmul: C
