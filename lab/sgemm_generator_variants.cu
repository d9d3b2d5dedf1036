// loopgpu's output for examples/matmul.c -tile 16,16 -coarsen 8,8 from
// three builds of the code generator, to separate two changes whose hand
// edits gained in run 10 but which together measured 79.8% in runs 11-12:
// peeling the last, partial strip off the strip loop, and one tile per
// block along x. Not the current output. Build with -DVARIANT=n:
//   1 peeled strips, grid-stride loop along x (commit f7d45a3)
//   2 no peeling, grid-stride loop along x (commit 6ace319, as run 9: 81.9%)
//   3 no peeling, one tile per block along x
// driver: matmul 4096
// One copy of the kernel: the variants differ inside #if VARIANT blocks.
#include <cuda_runtime.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Every CUDA call is checked; a failure names the call and stops the program.
#define LOOPGPU_CHECK(call)                                                      \
  do {                                                                           \
    cudaError_t loopgpu_err = (call);                                            \
    if (loopgpu_err != cudaSuccess) {                                            \
      fprintf(stderr, "loopgpu: %s failed at %s:%d: %s\n", #call, __FILE__,      \
              __LINE__, cudaGetErrorString(loopgpu_err));                        \
      exit(EXIT_FAILURE);                                                        \
    }                                                                            \
  } while (0)

// Bounds arithmetic with C semantics, on host and device.
inline __host__ __device__ long long loopgpu_min(long long a, long long b) { return a < b ? a : b; }
inline __host__ __device__ long long loopgpu_max(long long a, long long b) { return a > b ? a : b; }
inline __host__ __device__ long long loopgpu_floord(long long a, long long b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}
// Iterations of `for (i = lo; i <= hi; i += step)` (step > 0), or of the
// downward loop from hi to lo (step < 0).
inline __host__ __device__ long long loopgpu_trip(long long lo, long long hi, long long step) {
  return hi < lo ? 0 : (hi - lo) / (step > 0 ? step : -step) + 1;
}
// Blocks along one grid dimension: enough for trip iterations, at most limit
// (grid-stride loops in the kernels cover the rest).
inline unsigned loopgpu_blocks(long long trip, long long block, long long limit) {
  return (unsigned)loopgpu_min((trip + block - 1) / block, limit);
}

// From examples/matmul.c:

//===--- nest 0 of matmul ---===//

// loop i (line 14, parallel) -> y: strip-mined by 16 threads per block, coarsened: 8 iterations per thread at stride 16 (tile 128)
// loop j (line 15, parallel) -> x: strip-mined by 16 threads per block, coarsened: 8 iterations per thread at stride 16 (tile 128)
// loop i: each thread's 8 iterations come in runs of 4, 64 apart (register tile with vector loads from shared memory)
// loop j: each thread's 8 iterations come in runs of 4, 64 apart (register tile with vector loads from shared memory)
// array A is reused across the block's threads in loop k (line 17): staged in shared memory [8][132], transposed, per strip of 8 iterations (+4 padding against bank conflicts), copied with 16-byte loads where its rows are aligned
// array B is reused across the block's threads in loop k (line 17): staged in shared memory [8][128] per strip of 8 iterations, copied with 16-byte loads where its rows are aligned
// loop k: software-pipelined strips: each thread loads its 32 bytes of the next strip into registers before this strip's arithmetic
__global__ void __launch_bounds__(256, 2) matmul_nest0_kernel(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
  __shared__ __align__(16) float loopgpu_sh_A[8][132];
  __shared__ __align__(16) float loopgpu_sh_B[8][128];
  const int loopgpu_tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  // rows of A's tiles load as 4-element (16-byte) vectors where aligned
  const bool loopgpu_vec_A = reinterpret_cast<unsigned long long>(A) % 16 == 0 && (p) % 4 == 0;
  // rows of B's tiles load as 4-element (16-byte) vectors where aligned
  const bool loopgpu_vec_B = reinterpret_cast<unsigned long long>(B) % 16 == 0 && (m) % 4 == 0;
  // line 14: loop i -> y; a block covers 128 iterations, 8 per thread at stride 16
  const long long loopgpu_trip0 = loopgpu_trip(0, n - 1, 1);
  const int loopgpu_off0 = threadIdx.y * 4;
  // line 15: loop j -> x; a block covers 128 iterations, 8 per thread at stride 16
  const long long loopgpu_trip1 = loopgpu_trip(0, m - 1, 1);
  const int loopgpu_off1 = threadIdx.x * 4;
  for (int loopgpu_tile0 = blockIdx.y; (long long)loopgpu_tile0 * 128 < loopgpu_trip0; loopgpu_tile0 += gridDim.y) {
#if VARIANT == 1
    for (int loopgpu_tile1 = blockIdx.x; (long long)loopgpu_tile1 * 128 < loopgpu_trip1; loopgpu_tile1 += gridDim.x) {
#elif VARIANT == 2
    for (int loopgpu_tile1 = blockIdx.x; (long long)loopgpu_tile1 * 128 < loopgpu_trip1; loopgpu_tile1 += gridDim.x) {
#else
    if (const int loopgpu_tile1 = blockIdx.x; (long long)loopgpu_tile1 * 128 < loopgpu_trip1) { // one tile per block along x
#endif
      const int loopgpu_base0 = 0 + loopgpu_tile0 * 128;
      const int loopgpu_base1 = 0 + loopgpu_tile1 * 128;
      float acc[8][8];
      #pragma unroll
      for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
        #pragma unroll
        for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
          const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
          const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
          if (loopgpu_t0 < loopgpu_trip0 && loopgpu_t1 < loopgpu_trip1) {
            acc[loopgpu_c0][loopgpu_c1] = 0.0f; // line 16
          }
        }
      }
      // line 17: loop k, strip-mined by 8; each strip's tiles are staged in shared memory, through registers
      float4 loopgpu_pf_A[1];
      float4 loopgpu_pf_B[1];
      // the first strip's tile of A into registers: 1 16-byte load per thread
      #pragma unroll
      for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
        const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
        if (loopgpu_vec_A && (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (0 + ((loopgpu_e / 1 % 8) + 3)) <= p - 1) {
          loopgpu_pf_A[loopgpu_r] = *reinterpret_cast<const float4 *>(&A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (0 + (loopgpu_e / 1 % 8)) + 0]);
        } else { // unaligned rows, or the vector crosses the border
          loopgpu_pf_A[loopgpu_r].x = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (0 + (loopgpu_e / 1 % 8)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (0 + (loopgpu_e / 1 % 8)) + 0] : (float)0;
          loopgpu_pf_A[loopgpu_r].y = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (0 + ((loopgpu_e / 1 % 8) + 1)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (0 + ((loopgpu_e / 1 % 8) + 1)) + 0] : (float)0;
          loopgpu_pf_A[loopgpu_r].z = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (0 + ((loopgpu_e / 1 % 8) + 2)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (0 + ((loopgpu_e / 1 % 8) + 2)) + 0] : (float)0;
          loopgpu_pf_A[loopgpu_r].w = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (0 + ((loopgpu_e / 1 % 8) + 3)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (0 + ((loopgpu_e / 1 % 8) + 3)) + 0] : (float)0;
        }
      }
      // the first strip's tile of B into registers: 1 16-byte load per thread
      #pragma unroll
      for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
        const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
        if (loopgpu_vec_B && (0 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 3)) < loopgpu_trip1) {
          loopgpu_pf_B[loopgpu_r] = *reinterpret_cast<const float4 *>(&B[((0 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + (loopgpu_e / 1 % 128))) + 0]);
        } else { // unaligned rows, or the vector crosses the border
          loopgpu_pf_B[loopgpu_r].x = (0 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + (loopgpu_e / 1 % 128)) < loopgpu_trip1 ? B[((0 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + (loopgpu_e / 1 % 128))) + 0] : (float)0;
          loopgpu_pf_B[loopgpu_r].y = (0 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 1)) < loopgpu_trip1 ? B[((0 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 1))) + 0] : (float)0;
          loopgpu_pf_B[loopgpu_r].z = (0 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 2)) < loopgpu_trip1 ? B[((0 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 2))) + 0] : (float)0;
          loopgpu_pf_B[loopgpu_r].w = (0 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 3)) < loopgpu_trip1 ? B[((0 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 3))) + 0] : (float)0;
        }
      }
#if VARIANT == 1
      int loopgpu_kk = 0;
      for (; loopgpu_kk + 7 <= p - 1; loopgpu_kk += 8) { // the full strips
#elif VARIANT == 2
      for (int loopgpu_kk = 0; loopgpu_kk <= p - 1; loopgpu_kk += 8) {
#else
      for (int loopgpu_kk = 0; loopgpu_kk <= p - 1; loopgpu_kk += 8) {
#endif
        // ... and from registers into its shared tile, transposed
        #pragma unroll
        for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
          const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
          loopgpu_sh_A[(loopgpu_e / 1 % 8)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].x;
          loopgpu_sh_A[((loopgpu_e / 1 % 8) + 1)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].y;
          loopgpu_sh_A[((loopgpu_e / 1 % 8) + 2)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].z;
          loopgpu_sh_A[((loopgpu_e / 1 % 8) + 3)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].w;
        }
        // ... and from registers into its shared tile
        #pragma unroll
        for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
          const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
          *reinterpret_cast<float4 *>(&loopgpu_sh_B[(loopgpu_e / 128 % 8)][(loopgpu_e / 1 % 128)]) = loopgpu_pf_B[loopgpu_r];
        }
        __syncthreads(); // the tiles are complete
        if (loopgpu_kk + 8 <= p - 1) { // software pipelining: the next strip's loads are in flight during this strip's arithmetic
          // the next strip's tile of A into registers: 1 16-byte load per thread
          #pragma unroll
          for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
            const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
            if (loopgpu_vec_A && (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 3)) <= p - 1) {
              loopgpu_pf_A[loopgpu_r] = *reinterpret_cast<const float4 *>(&A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (loopgpu_kk + 8 + (loopgpu_e / 1 % 8)) + 0]);
            } else { // unaligned rows, or the vector crosses the border
              loopgpu_pf_A[loopgpu_r].x = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (loopgpu_kk + 8 + (loopgpu_e / 1 % 8)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (loopgpu_kk + 8 + (loopgpu_e / 1 % 8)) + 0] : (float)0;
              loopgpu_pf_A[loopgpu_r].y = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 1)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 1)) + 0] : (float)0;
              loopgpu_pf_A[loopgpu_r].z = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 2)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 2)) + 0] : (float)0;
              loopgpu_pf_A[loopgpu_r].w = (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128)) < loopgpu_trip0 && (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 3)) <= p - 1 ? A[((0 + (loopgpu_tile0 * 128 + (loopgpu_e / 8 % 128))) + 0) * (p) + (loopgpu_kk + 8 + ((loopgpu_e / 1 % 8) + 3)) + 0] : (float)0;
            }
          }
          // the next strip's tile of B into registers: 1 16-byte load per thread
          #pragma unroll
          for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
            const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
            if (loopgpu_vec_B && (loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 3)) < loopgpu_trip1) {
              loopgpu_pf_B[loopgpu_r] = *reinterpret_cast<const float4 *>(&B[((loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + (loopgpu_e / 1 % 128))) + 0]);
            } else { // unaligned rows, or the vector crosses the border
              loopgpu_pf_B[loopgpu_r].x = (loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + (loopgpu_e / 1 % 128)) < loopgpu_trip1 ? B[((loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + (loopgpu_e / 1 % 128))) + 0] : (float)0;
              loopgpu_pf_B[loopgpu_r].y = (loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 1)) < loopgpu_trip1 ? B[((loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 1))) + 0] : (float)0;
              loopgpu_pf_B[loopgpu_r].z = (loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 2)) < loopgpu_trip1 ? B[((loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 2))) + 0] : (float)0;
              loopgpu_pf_B[loopgpu_r].w = (loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) <= p - 1 && (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 3)) < loopgpu_trip1 ? B[((loopgpu_kk + 8 + (loopgpu_e / 128 % 8)) + 0) * (m) + (0 + (loopgpu_tile1 * 128 + ((loopgpu_e / 1 % 128) + 3))) + 0] : (float)0;
            }
          }
        }
#if VARIANT == 1
        #pragma unroll 8
        for (int k = loopgpu_kk; k <= loopgpu_kk + 7; ++k) {
          // no range check: this body only reads the tiles and writes registers
          #pragma unroll
          for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
#elif VARIANT == 2
        if (loopgpu_kk + 7 <= p - 1) { // a full strip
          #pragma unroll 8
          for (int k = loopgpu_kk; k <= loopgpu_kk + 7; ++k) {
            // no range check: this body only reads the tiles and writes registers
#else
        if (loopgpu_kk + 7 <= p - 1) { // a full strip
          #pragma unroll 8
          for (int k = loopgpu_kk; k <= loopgpu_kk + 7; ++k) {
            // no range check: this body only reads the tiles and writes registers
#endif
            #pragma unroll
#if VARIANT == 1
            for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
              const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
              const int i = (int)(0 + loopgpu_t0 * 1);
              const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
              const int j = (int)(0 + loopgpu_t1 * 1);
              acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 18
#elif VARIANT == 2
            for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
              #pragma unroll
              for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
                const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
                const int i = (int)(0 + loopgpu_t0 * 1);
                const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
                const int j = (int)(0 + loopgpu_t1 * 1);
                acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 18
              }
            }
          }
        } else { // the last, partial strip
          for (int k = loopgpu_kk; k <= p - 1; ++k) {
            // no range check: this body only reads the tiles and writes registers
            #pragma unroll
            for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
              #pragma unroll
              for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
                const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
                const int i = (int)(0 + loopgpu_t0 * 1);
                const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
                const int j = (int)(0 + loopgpu_t1 * 1);
                acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 18
              }
#else
            for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
              #pragma unroll
              for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
                const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
                const int i = (int)(0 + loopgpu_t0 * 1);
                const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
                const int j = (int)(0 + loopgpu_t1 * 1);
                acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 18
              }
            }
          }
        } else { // the last, partial strip
          for (int k = loopgpu_kk; k <= p - 1; ++k) {
            // no range check: this body only reads the tiles and writes registers
            #pragma unroll
            for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
              #pragma unroll
              for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
                const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
                const int i = (int)(0 + loopgpu_t0 * 1);
                const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
                const int j = (int)(0 + loopgpu_t1 * 1);
                acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 18
              }
#endif
            }
          }
        }
        __syncthreads(); // before the next strip overwrites the tiles
#if VARIANT == 1
      }
      if (loopgpu_kk <= p - 1) { // the last, partial strip
        // ... and from registers into its shared tile, transposed
        #pragma unroll
        for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
          const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
          loopgpu_sh_A[(loopgpu_e / 1 % 8)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].x;
          loopgpu_sh_A[((loopgpu_e / 1 % 8) + 1)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].y;
          loopgpu_sh_A[((loopgpu_e / 1 % 8) + 2)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].z;
          loopgpu_sh_A[((loopgpu_e / 1 % 8) + 3)][(loopgpu_e / 8 % 128)] = loopgpu_pf_A[loopgpu_r].w;
        }
        // ... and from registers into its shared tile
        #pragma unroll
        for (int loopgpu_r = 0; loopgpu_r < 1; ++loopgpu_r) {
          const int loopgpu_e = (loopgpu_tid + loopgpu_r * 256) * 4;
          *reinterpret_cast<float4 *>(&loopgpu_sh_B[(loopgpu_e / 128 % 8)][(loopgpu_e / 1 % 128)]) = loopgpu_pf_B[loopgpu_r];
        }
        __syncthreads(); // the tiles are complete
        for (int k = loopgpu_kk; k <= p - 1; ++k) {
          // no range check: this body only reads the tiles and writes registers
          #pragma unroll
          for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
            #pragma unroll
            for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
              const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
              const int i = (int)(0 + loopgpu_t0 * 1);
              const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
              const int j = (int)(0 + loopgpu_t1 * 1);
              acc[loopgpu_c0][loopgpu_c1] += loopgpu_sh_A[k - loopgpu_kk][i - loopgpu_base0] * loopgpu_sh_B[k - loopgpu_kk][j - loopgpu_base1]; // line 18
            }
          }
        }
        __syncthreads(); // before the tiles are reused
#elif VARIANT == 2
#else
#endif
      }
      #pragma unroll
      for (int loopgpu_c0 = 0; loopgpu_c0 < 8; ++loopgpu_c0) {
        #pragma unroll
        for (int loopgpu_c1 = 0; loopgpu_c1 < 8; ++loopgpu_c1) {
          const int loopgpu_t0 = loopgpu_tile0 * 128 + loopgpu_off0 + (loopgpu_c0 / 4) * 64 + loopgpu_c0 % 4;
          const int i = (int)(0 + loopgpu_t0 * 1);
          const int loopgpu_t1 = loopgpu_tile1 * 128 + loopgpu_off1 + (loopgpu_c1 / 4) * 64 + loopgpu_c1 % 4;
          const int j = (int)(0 + loopgpu_t1 * 1);
          if (loopgpu_t0 < loopgpu_trip0 && loopgpu_t1 < loopgpu_trip1) {
            C[(i) * (m) + (j)] = acc[loopgpu_c0][loopgpu_c1]; // line 19
          }
        }
      }
    }
  }
}

// Nest 0 of matmul (examples/matmul.c:13) on device pointers: launches its kernels in order, copies nothing.
extern "C" void matmul_nest0_device(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
  {
    const long long trip_x = loopgpu_trip(0, m - 1, 1);
    const long long trip_y = loopgpu_trip(0, n - 1, 1);
    const long long trip_z = 1;
    if (trip_x > 0 && trip_y > 0 && trip_z > 0) {
      const dim3 block(16, 16, 1);
      const dim3 grid(loopgpu_blocks(trip_x, 128, 2147483647), loopgpu_blocks(trip_y, 128, 65535), loopgpu_blocks(trip_z, 1, 65535));
      matmul_nest0_kernel<<<grid, block>>>(n, m, p, A, B, C);
    }
    LOOPGPU_CHECK(cudaGetLastError());
  }
}

// matmul on device pointers (its one nest, no copies).
extern "C" void matmul_device(int n, int m, int p, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
  matmul_nest0_device(n, m, p, A, B, C);
}

// (the drop-in host function with copies is left out: the bench driver calls the _device function)
