// An argmin reduction becomes a reduction kernel whose threads start from the
// initial (value, index) at iteration -1, record the iteration of each index
// update, combine candidates by (value, iteration) with the tie rule, and
// leave one candidate per block; the last block to finish combines them.
// RUN: %loopgpu %s | FileCheck %s
// RUN: %loopgpu %s -coarsen 2 | FileCheck %s --check-prefix=CHAINS
#include <math.h>
int argmin(int n, const float *restrict x) {
  float best = INFINITY;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (x[i] <= best) {
      best = x[i];
      at = i;
    }
  return at;
}
// CHECK: static __device__ float argmin_nest0_kernel_best[1024];
// CHECK-NEXT: static __device__ int argmin_nest0_kernel_at[1024];
// CHECK-NEXT: static __device__ long long argmin_nest0_kernel_best_iter[1024];
// CHECK-NEXT: static __device__ unsigned int argmin_nest0_kernel_blocks_done = 0;
// CHECK: // loop i (line 12) reduces (best, at) with 'argmin' (last on ties)
// CHECK: __global__ void __launch_bounds__(256) argmin_nest0_kernel(int n, float *loopgpu_ptr_best, int *loopgpu_ptr_at, const float *__restrict__ x) {
// CHECK-NEXT: // Per-thread partial results
// CHECK:        float best = *loopgpu_ptr_best;
// CHECK-NEXT:   int at = *loopgpu_ptr_at;
// CHECK-NEXT:   long long loopgpu_best_iter = -1;
// CHECK:        if (x[i] <= best) {
// CHECK-NEXT:     best = x[i];
// CHECK-NEXT:     (at = i, loopgpu_best_iter = loopgpu_t0);
// CHECK:        const long long loopgpu_down_best_iter = __shfl_down_sync(0xffffffffu, loopgpu_best_iter, loopgpu_off);
// CHECK-NEXT:   if (loopgpu_down_best < best || (loopgpu_down_best == best && loopgpu_down_best_iter > loopgpu_best_iter)) { best = loopgpu_down_best; at = loopgpu_down_at; loopgpu_best_iter = loopgpu_down_best_iter; }
// CHECK:          argmin_nest0_kernel_best_iter[blockIdx.x] = loopgpu_best_iter;
// CHECK-NOT:    loopgpu_atomic_combine(
// CHECK:        loopgpu_last_block = atomicAdd(&argmin_nest0_kernel_blocks_done, 1u) == gridDim.x - 1;
// CHECK:        if (loopgpu_last_block && loopgpu_warp == 0) {
// CHECK-NEXT:     best = *loopgpu_ptr_best;
// CHECK-NEXT:     at = *loopgpu_ptr_at;
// CHECK-NEXT:     loopgpu_best_iter = -1;
// CHECK-NEXT:     for (unsigned loopgpu_b = loopgpu_lane; loopgpu_b < gridDim.x; loopgpu_b += 32)
// CHECK:            *loopgpu_ptr_best = best;
// CHECK-NEXT:       *loopgpu_ptr_at = at;
// CHECK:          argmin_nest0_kernel_blocks_done = 0; // ready for the next launch
// CHECK: LOOPGPU_CHECK(cudaMemcpy(loopgpu_ptr_at, &at, sizeof(int), cudaMemcpyHostToDevice));
// CHECK: LOOPGPU_CHECK(cudaMemcpy(&at, loopgpu_ptr_at, sizeof(int), cudaMemcpyDeviceToHost));

// CHAINS: (loopgpu_part_at[loopgpu_c] = i, loopgpu_part_loopgpu_best_iter[loopgpu_c] = loopgpu_t0);
// CHAINS: long long loopgpu_best_iter = loopgpu_part_loopgpu_best_iter[0];
// CHAINS: if (loopgpu_part_best[loopgpu_c] < best || (loopgpu_part_best[loopgpu_c] == best && loopgpu_part_loopgpu_best_iter[loopgpu_c] > loopgpu_best_iter))

// Value or index types the shuffles do not handle: one thread, never wrong.
// RUN: %loopgpu %s | FileCheck %s --check-prefix=SHORT
int argmin_short(int n, const short *restrict k) {
  short best = 1000;
  int at = -1;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    if (k[i] < best) {
      best = k[i];
      at = i;
    }
  return at;
}
// SHORT: loop i (line {{[0-9]+}}) runs in one thread: reduction: (best, at) (argmin, first on ties)
