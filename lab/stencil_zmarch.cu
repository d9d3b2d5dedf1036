// Hand-written 7-point stencil variants, to decide what loopgpu's z-pencil
// coarsening should emit: each thread marches along z through CZ planes,
// rotating the column's values (below, centre, above) in registers, so each
// plane of `in` is loaded once per thread; the in-plane neighbours come
// through L1. Not loopgpu output: figures are recorded as experiments.
// driver: stencil 512
// Build with -DVARIANT=n:
//   1 block 64x4, 8 planes per thread
//   2 block 64x4, 16 planes per thread
//   3 block 32x8, 8 planes per thread
//   4 block 64x4, 8 planes per thread, __launch_bounds__(256, 8)
//   5 block 128x2, 8 planes per thread
//   6 block 32x16, 16 planes per thread (larger planes: fewer halo rows
//     and planes fetched twice from L2)
//   7 block 64x8, 16 planes per thread
//   8 block 128x4, 8 planes per thread
//   9 block 64x8, 8 planes per thread
#include <cuda_runtime.h>

#ifndef VARIANT
#define VARIANT 1
#endif
#if VARIANT == 2
#define BX 64
#define BY 4
#define CZ 16
#elif VARIANT == 3
#define BX 32
#define BY 8
#define CZ 8
#elif VARIANT == 5
#define BX 128
#define BY 2
#define CZ 8
#elif VARIANT == 6
#define BX 32
#define BY 16
#define CZ 16
#elif VARIANT == 7
#define BX 64
#define BY 8
#define CZ 16
#elif VARIANT == 8
#define BX 128
#define BY 4
#define CZ 8
#elif VARIANT == 9
#define BX 64
#define BY 8
#define CZ 8
#else
#define BX 64
#define BY 4
#define CZ 8
#endif
#if VARIANT == 4
#define BOUNDS __launch_bounds__(BX * BY, 8)
#else
#define BOUNDS __launch_bounds__(BX * BY)
#endif

__global__ void BOUNDS zmarch(int nz, int ny, int nx, float c0, float c1, const float *__restrict__ in,
                              float *__restrict__ out) {
  const int x = 1 + blockIdx.x * BX + threadIdx.x, y = 1 + blockIdx.y * BY + threadIdx.y;
  const int z0 = 1 + blockIdx.z * CZ;
  if (x >= nx - 1 || y >= ny - 1)
    return;
  const long long plane = (long long)ny * nx;
  long long idx = z0 * plane + (long long)y * nx + x;
  float below = in[idx - plane], centre = in[idx];
  const int planes = min(CZ, nz - 1 - z0);
#pragma unroll
  for (int c = 0; c < CZ; ++c) {
    if (c < planes) {
      const float above = in[idx + plane];
      out[idx] = c0 * centre + c1 * (in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx] + below + above);
      below = centre;
      centre = above;
      idx += plane;
    }
  }
}

extern "C" void stencil7_device(int nz, int ny, int nx, float c0, float c1, const float *in, float *out) {
  dim3 grid((nx - 2 + BX - 1) / BX, (ny - 2 + BY - 1) / BY, (nz - 2 + CZ - 1) / CZ);
  zmarch<<<grid, dim3(BX, BY)>>>(nz, ny, nx, c0, c1, in, out);
}
