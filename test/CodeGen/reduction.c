// A scalar reduction becomes a reduction kernel: per-thread partials from the
// identity, warp shuffles, one shared-memory step, one atomic combine per block;
// the host copies the running value in and the result out.
// RUN: %loopgpu %s -coarsen 8 | FileCheck %s
#include <math.h>
float maxabs(int n, const float *restrict x) {
  float best = 0.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    best = fmaxf(best, fabsf(x[i]));
  return best;
}
// CHECK: // loop i (line 9) reduces best with 'max'
// CHECK: __global__ void __launch_bounds__(256) maxabs_nest0_kernel(int n, float *loopgpu_ptr_best, const float *__restrict__ x) {
// CHECK:   float loopgpu_part_best[8];
// CHECK:     loopgpu_part_best[loopgpu_c] = -INFINITY;
// CHECK:   for (long long loopgpu_round = (long long)blockIdx.x * blockDim.x + threadIdx.x; loopgpu_round < loopgpu_trip0; loopgpu_round += 8 * loopgpu_threads) {
// CHECK:       const long long loopgpu_t0 = loopgpu_round + loopgpu_c * loopgpu_threads;
// CHECK:         loopgpu_part_best[loopgpu_c] = fmaxf(loopgpu_part_best[loopgpu_c], fabsf(x[i])); // line 10
// CHECK:   float best = loopgpu_part_best[0];
// CHECK:     best = (loopgpu_part_best[loopgpu_c] > best ? loopgpu_part_best[loopgpu_c] : best);
// CHECK:   for (int loopgpu_off = 16; loopgpu_off > 0; loopgpu_off /= 2) {
// CHECK-NEXT:     const float loopgpu_down_best = __shfl_down_sync(0xffffffffu, best, loopgpu_off);
// CHECK-NEXT:     best = (loopgpu_down_best > best ? loopgpu_down_best : best);
// CHECK:   __syncthreads();
// CHECK:       loopgpu_atomic_combine(loopgpu_ptr_best, best, [](float a, float b) { return (b > a ? b : a); });
// CHECK: const dim3 loopgpu_grid(loopgpu_blocks(loopgpu_trip_x, 2048, 1024));
// CHECK: extern "C" float maxabs(int n, const float *__restrict__ x) {
// CHECK:   float best = 0.0f;
// CHECK:     LOOPGPU_CHECK(cudaMemcpy(loopgpu_ptr_best, &best, sizeof(float), cudaMemcpyHostToDevice));
// CHECK:     LOOPGPU_CHECK(cudaMemcpy(&best, loopgpu_ptr_best, sizeof(float), cudaMemcpyDeviceToHost));
// CHECK:   return best;

// By default (or -coarsen 1): one chain per thread.
// RUN: %loopgpu %s | FileCheck %s --check-prefix=ONE
// RUN: %loopgpu %s -coarsen 1 | FileCheck %s --check-prefix=ONE
// ONE: 1 independent per-thread partials
// ONE:   float best = -INFINITY;
// ONE:     best = fmaxf(best, fabsf(x[i])); // line 10
// ONE-NOT: loopgpu_part_best
// ONE: const dim3 loopgpu_grid(loopgpu_blocks(loopgpu_trip_x, 256, 1024));
