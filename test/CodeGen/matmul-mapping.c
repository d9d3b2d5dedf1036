// Matmul with one output per thread (-coarsen 1; DEFAULT, at the end): i, j
// parallel, a 2-D grid of 2-D blocks (j on x: it indexes the fastest-varying
// subscript of C and B); k sequential in the thread; C signature kept.
// RUN: %loopgpu %s -coarsen 1 -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %loopgpu %s -tile 16,8 | FileCheck %s --check-prefix=TILE

void matmul(int n, int m, int p, const float A[restrict n][p], const float B[restrict p][m],
            float C[restrict n][m]) {
#pragma loopgpu
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float acc = 0.0f;
      for (int k = 0; k < p; k++)
        acc += A[i][k] * B[k][j];
      C[i][j] = acc;
    }
}
// CHECK: // nest 0 of matmul ({{.*}}matmul-mapping.c:10):
// CHECK: //   matmul_nest0_kernel: block (32, 8, 1), grid covering i on y j on x, 5152 bytes of shared memory per block
// CHECK: // loop i (line 11, parallel) -> y: strip-mined by 8 threads per block
// CHECK: // loop j (line 12, parallel) -> x: strip-mined by 32 threads per block
// CHECK: // array A is reused across the block's threads in loop k (line 14): staged in shared memory [8][33] per strip of 32 iterations (+1 padding against bank conflicts)
// CHECK: // array B is reused across the block's threads in loop k (line 14): staged in shared memory [32][32] per strip of 32 iterations
// CHECK: __global__ void __launch_bounds__(256) matmul_nest0_kernel(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:   __shared__ __align__(16) float loopgpu_sh_A[8][33];
// CHECK:   __shared__ __align__(16) float loopgpu_sh_B[32][32];
// Rows of the tiles load as 16-byte vectors when the arrays and their rows
// are aligned (checked once per kernel, at run time).
// CHECK:   const bool loopgpu_vec_A = reinterpret_cast<unsigned long long>(A) % 16 == 0 && (p) % 4 == 0;
// CHECK:   const bool loopgpu_vec_B = reinterpret_cast<unsigned long long>(B) % 16 == 0 && (m) % 4 == 0;
// CHECK:   for (int loopgpu_tile0 = blockIdx.y; (long long)loopgpu_tile0 * 8 < loopgpu_trip0; loopgpu_tile0 += gridDim.y) {
// The grid covers every tile along x (32-bit iterator, tiles of 32): one
// tile per block, no grid-stride loop.
// CHECK:     if (const int loopgpu_tile1 = blockIdx.x; (long long)loopgpu_tile1 * 32 < loopgpu_trip1) { // one tile per block along x
// CHECK:       float acc;
// CHECK:           acc = 0.0f; // line 13
// Software pipelining: the first strip's loads before the loop, each
// strip's stores to shared memory, a barrier, then the next strip's loads
// before this strip's arithmetic. A's 8x32 tile is 64 vectors: only the first
// 64 threads load it.
// CHECK:       // line 14: loop k, strip-mined by 32; each strip's tiles are staged in shared memory, through registers
// CHECK-NEXT:  float4 loopgpu_pf_A[1];
// CHECK-NEXT:  float4 loopgpu_pf_B[1];
// CHECK-NEXT:  // the first strip's tile of A into registers: 1 16-byte load per thread
// CHECK-NEXT:  #pragma unroll
// CHECK-NEXT:  for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
// CHECK-NEXT:    const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
// CHECK-NEXT:    if (loopgpu_e < 256) {
// CHECK-NEXT:      if (loopgpu_vec_A && (loopgpu_tile0 * 8 + (loopgpu_e / 32 % 8)) < loopgpu_trip0 && (0 + ((loopgpu_e / 1 % 32) + 3)) <= p - 1) {
// CHECK:       // the first strip's tile of B into registers: 1 16-byte load per thread
// CHECK:       for (int loopgpu_kk = 0; loopgpu_kk <= p - 1; loopgpu_kk += 32) {
// CHECK-NEXT:    // A's tile from registers into shared memory
// The padded rows of A's tile (33 floats) are not 16-byte aligned: 4 stores.
// CHECK:         loopgpu_sh_A[(loopgpu_e / 32 % 8)][((loopgpu_e / 1 % 32) + 3)] = loopgpu_pf_A[loopgpu_r].w;
// CHECK:         // B's tile from registers into shared memory
// CHECK-NOT:     if (loopgpu_e <
// CHECK:         *reinterpret_cast<float4 *>(&loopgpu_sh_B[(loopgpu_e / 32 % 32)][(loopgpu_e / 1 % 32)]) = loopgpu_pf_B[loopgpu_r];
// CHECK:         __syncthreads(); // the tiles are complete
// CHECK-NEXT:    if (loopgpu_kk + 32 <= p - 1) { // software pipelining: the next strip's loads are in flight during this strip's arithmetic
// CHECK:         if (loopgpu_kk + 31 <= p - 1) { // a full strip
// CHECK-NEXT:      #pragma unroll 32
// CHECK-NEXT:      for (int k = loopgpu_kk; k <= loopgpu_kk + 31; ++k) {
// CHECK:               acc += loopgpu_sh_A[i - loopgpu_base0][k - loopgpu_kk] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 15
// CHECK:         } else { // the last, partial strip
// CHECK-NEXT:      for (int k = loopgpu_kk; k <= p - 1; ++k) {
// CHECK:               acc += loopgpu_sh_A[i - loopgpu_base0][k - loopgpu_kk] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 15
// CHECK:         __syncthreads(); // before the next strip overwrites the tiles
// CHECK:             C[(i) * (m) + (j)] = acc; // line 16
// CHECK: extern "C" void matmul_nest0_device(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:       matmul_nest0_kernel<<<loopgpu_grid, loopgpu_block>>>(n, m, p, A, B, C);
// CHECK:     LOOPGPU_CHECK(cudaGetLastError());
// CHECK: extern "C" void matmul_device(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:     matmul_nest0_device(n, m, p, A, B, C);
// CHECK: extern "C" void matmul(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
// CHECK:   loopgpu_region loopgpu_data({{[{][{]}}A, loopgpu_bytes(loopgpu_count({(long long)(n), (long long)(p)}), sizeof(float))},
// CHECK:   float *const loopgpu_dev_A = (float *)loopgpu_data.device(0); // A: n x p elements
// CHECK:   loopgpu_copy_in(loopgpu_dev_A, A, loopgpu_data.bytes(0));
// CHECK:     matmul_nest0_device(n, m, p, loopgpu_dev_A, loopgpu_dev_B, loopgpu_dev_C);
// CHECK:   LOOPGPU_CHECK(cudaMemcpy(C, loopgpu_dev_C, loopgpu_data.bytes(2), cudaMemcpyDeviceToHost));
// CHECK-NOT: cudaMemcpy(A, loopgpu_dev_A
// TILE: // loop i (line 11, parallel) -> y: strip-mined by 16 threads per block
// TILE: // loop j (line 12, parallel) -> x: strip-mined by 8 threads per block
// -prefetch=false: each strip loads, stores, synchronizes, computes.
// RUN: %loopgpu %s -coarsen 1 -prefetch=false | FileCheck %s --check-prefix=NOPF
// NOPF:      for (int loopgpu_kk = 0; loopgpu_kk <= p - 1; loopgpu_kk += 32) {
// NOPF-NEXT:   // this strip's tile of A into registers: 1 16-byte load per thread
// NOPF:        // A's tile from registers into shared memory
// NOPF:        __syncthreads(); // the tiles are complete
// NOPF-NOT:    software pipelining
// NOPF:        if (loopgpu_kk + 31 <= p - 1) { // a full strip

// Without -tile and -coarsen the planner gives matmul a register tile.
// RUN: %loopgpu %s | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: //   matmul_nest0_kernel: block (16, 16, 1), grid covering i on y j on x, 8320 bytes of shared memory per block, 64 outputs per thread
// DEFAULT: // register tile by default (16 x 16 threads, 8 x 8 outputs each): every value a thread reads from the shared tiles serves a row or a column of its outputs (-tile and -coarsen choose otherwise)
// DEFAULT: float acc[8][8];
