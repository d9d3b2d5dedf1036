// A scalar reduction becomes a reduction kernel: per-thread partials from the
// identity, warp shuffles, one shared-memory step, one atomic combine per block;
// the host copies the running value in and the result out.
// RUN: %loopgpu %s | FileCheck %s
#include <math.h>
float maxabs(int n, const float *restrict x) {
  float best = 0.0f;
#pragma loopgpu
  for (int i = 0; i < n; i++)
    best = fmaxf(best, fabsf(x[i]));
  return best;
}
// CHECK: // loop i (line 9) reduces best with 'max'
// CHECK: __global__ void __launch_bounds__(256) maxabs_nest0_kernel(int n, float *loopgpu_best, const float *__restrict__ x) {
// CHECK:   float best = -INFINITY;
// CHECK:     best = fmaxf(best, fabsf(x[i])); // line 10
// CHECK:     best = (__shfl_down_sync(0xffffffffu, best, loopgpu_off) > best ? __shfl_down_sync(0xffffffffu, best, loopgpu_off) : best);
// CHECK:   __syncthreads();
// CHECK:       loopgpu_atomic_combine(loopgpu_best, best, [](float a, float b) { return (b > a ? b : a); });
// CHECK: extern "C" float maxabs(int n, const float *__restrict__ x) {
// CHECK:   float best = 0.0f;
// CHECK:     LOOPGPU_CHECK(cudaMemcpy(loopgpu_best, &best, sizeof(float), cudaMemcpyHostToDevice));
// CHECK:     LOOPGPU_CHECK(cudaMemcpy(&best, loopgpu_best, sizeof(float), cudaMemcpyDeviceToHost));
// CHECK:   return best;
