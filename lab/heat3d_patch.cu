// Issue 14: heat-3d's streamed time tile with register patches, hand-written in the generator's style (windows
// as arrays shifted a row per step, unrolled by 6; selects outside the domain; a barrier per step) to decide
// what TimeTile.cpp / TimeTilePrinter.cpp emit next. Against the generator's streamed form of run 37 (one
// column per thread, every in-plane neighbour through shared memory, both arrays stored by every launch):
//   - a thread owns R consecutive cells along dimension 1 (y) at one x: the y neighbours inside the patch come
//     from the windows (registers), only the patch's ends read the ring;
//   - levels outer, the patch's cells inner (every cell of a level before the next level reads it);
//   - B (dead on entry: written before it is read) is stored inside its sweep's domain by the last launch only;
//   - B on entry is read from device memory where level 1 keeps it (outside the domain), not kept in windows;
//   - SHFL 1: the x neighbours by warp shuffles (a warp is a row of the 32-wide plane), the ring holding only
//     the patch's end rows.
// driver: timestep 256 100  (nvcc -O3 -arch=sm_90 -DHEAT3D -DPX=32 -DPY=64 -DR=4 -DITERS=2 lab/heat3d_patch.cu
//                            bench/drivers/timestep.cu)
#include "../bench/drivers/common.h"

#ifndef PX
#define PX 32 // plane extent along x (dimension 2), halo inside
#endif
#ifndef PY
#define PY 64 // along y (dimension 1)
#endif
#ifndef R
#define R 4 // cells per thread along y
#endif
#ifndef ITERS
#define ITERS 2 // time iterations per launch (two sweeps each)
#endif
#ifndef SHFL
#define SHFL 0
#endif
#ifndef SEL
#define SEL 1 // the value outside the domain selected (B on entry prefetched into a window), not branched to
#endif
#ifndef SKIP
#define SKIP 1 // a thread row skips a level none of whose cells a later level or the tile needs
#endif
#ifndef MINB
#define MINB 1
#endif
#define LV (2 * ITERS) // levels
#if SHFL && PX != 32
#error "SHFL needs PX 32: a warp is a row of the plane"
#endif
#define H LV           // halo per side (reach 1 per level)
#define T (PX * PY / R)
#define TY (PY / R)
#define EXTRA (2 * H + LV)
#define RX (PX + 2)
#define RY (PY + 2)
#define RING (2 * RY * RX)


__global__ void __launch_bounds__(T, MINB) heat_tt(int steps, int chunk, int n, const double *__restrict__ inA,
                                                   double *__restrict__ outA, const double *__restrict__ inB,
                                                   double *__restrict__ outB, int last) {
  extern __shared__ __align__(16) double smem[];
  // ring of version v (0: A on entry, l: after level l), slot s, padded row y + 1, column x + 1
#define RG(v, s, y, x) smem[(v) * RING + ((s) & 1) * RY * RX + ((y) + 1) * RX + (x) + 1]
  const int tx = threadIdx.x % PX, ty = threadIdx.x / PX;
  const int o0 = (int)blockIdx.z * chunk - H, o1 = (int)blockIdx.y * (PY - 2 * H) - H,
            o2 = (int)blockIdx.x * (PX - 2 * H) - H;
  const long long plane = (long long)n * n;
  double w[LV + 1][R][3] = {}; // version v's newest rows at the patch's cells (level LV: one row)
  double pfa[R] = {};
#if SEL
  double pfb[R] = {}, wb[R][2] = {};
#endif
  // the patch's first cell in row 0; the others n elements apart
  const long long at0 = ((long long)o0 * n + o1 + ty * R) * n + o2 + tx;
  bool in_[R], mine[R], jk[R];
#pragma unroll
  for (int k = 0; k < R; ++k) {
    const int y = ty * R + k;
    in_[k] = o1 + y >= 0 && o1 + y < n && o2 + tx >= 0 && o2 + tx < n;
    mine[k] = y >= H && y < PY - H && o1 + y < n && tx >= H && tx < PX - H && o2 + tx < n;
    jk[k] = o1 + y >= 1 && o1 + y <= n - 2 && o2 + tx >= 1 && o2 + tx <= n - 2;
  }
#define AT(k, r0) (at0 + (long long)(r0) * plane + (k) * n)
  auto load = [&](int r0) {
#pragma unroll
    for (int k = 0; k < R; ++k)
      if (r0 < chunk + 2 * H && o0 + r0 >= 0 && o0 + r0 < n && in_[k]) {
        pfa[k] = inA[AT(k, r0)];
#if SEL
        const int i = o0 + r0;
        if (!(i >= 1 && i <= n - 2 && jk[k]))
          pfb[k] = inB[AT(k, r0)];
#endif
      }
  };
  load(0);
  // every level's rows over the launch inside 1..n-2: no row checks
  const bool inside = (long long)o0 - LV >= 1 && (long long)o0 + chunk + EXTRA - 1 <= n - 2;
#pragma unroll 6
  for (int step = 0; step < chunk + EXTRA; ++step) {
    // A and B on entry: row `step`
#pragma unroll
    for (int k = 0; k < R; ++k) {
#if SEL
      wb[k][1] = wb[k][0];
      wb[k][0] = pfb[k];
#endif
      w[0][k][2] = w[0][k][1];
      w[0][k][1] = w[0][k][0];
      w[0][k][0] = pfa[k];
      if (!SHFL || k == 0 || k == R - 1)
        RG(0, step, ty * R + k, tx) = pfa[k];
    }
    load(step + 1);
#pragma unroll
    for (int l = 1; l <= LV; ++l) {
      const int r0 = step - l; // tile row this level makes
      const int i = o0 + r0;
      const bool rowok = (inside || (i >= 1 && i <= n - 2)) && (l <= 2 || (l - 1) / 2 < steps);
      // the cells later levels and the tile read: rows l .. PY - l - 1 of the plane
      if (SKIP && (ty * R + R - 1 < l || ty * R >= PY - l))
        continue;
#pragma unroll
      for (int k = 0; k < R; ++k) {
        if (l < LV) {
          w[l][k][2] = w[l][k][1];
          w[l][k][1] = w[l][k][0];
        }
      }
#pragma unroll
      for (int k = 0; k < R; ++k) {
        const int y = ty * R + k;
        const double c = w[l - 1][k][1], up = w[l - 1][k][0], dn = w[l - 1][k][2];
        const double ym = k > 0 ? w[l - 1][k - 1][1] : RG(l - 1, r0, y - 1, tx);
        const double yp = k < R - 1 ? w[l - 1][k + 1][1] : RG(l - 1, r0, y + 1, tx);
#if SHFL
        const double xm = __shfl_up_sync(0xffffffffu, c, 1), xp = __shfl_down_sync(0xffffffffu, c, 1);
#else
        const double xm = RG(l - 1, r0, y, tx - 1), xp = RG(l - 1, r0, y, tx + 1);
#endif
        double v;
#if SEL
        const double before = l == 1 ? wb[k][1] : w[l - 2][k][2];
        v = rowok && jk[k] ? (0.125 * (up - 2.0 * c + dn) + 0.125 * (yp - 2.0 * c + ym) +
                              0.125 * (xp - 2.0 * c + xm) + c)
                           : before;
#else
        if (rowok && jk[k])
          v = 0.125 * (up - 2.0 * c + dn) + 0.125 * (yp - 2.0 * c + ym) + 0.125 * (xp - 2.0 * c + xm) + c;
        else if (l > 1) // outside the domain: the value before the level
          v = w[l - 2][k][2];
        else // B on entry, read where it is used: outside its first sweep's domain alone
          v = i >= 0 && i < n && in_[k] ? inB[AT(k, r0)] : 0.0;
#endif
        w[l][k][0] = v;
        if (l < LV && (!SHFL || k == 0 || k == R - 1))
          RG(l, r0, y, tx) = v;
        if (l >= LV - 1 && r0 >= H && r0 < chunk + H && i < n && mine[k]) {
          if (l == LV)
            outA[AT(k, r0)] = v;
          else if (last || !(i >= 1 && i <= n - 2 && jk[k]))
            outB[AT(k, r0)] = v;
        }
      }
    }
    __syncthreads();
  }
#undef RG
}

// One sweep per launch (both sweeps of an iteration), where the time-tiled grid would not fill the GPU.
__global__ void sweep(int n, const double *__restrict__ a, double *__restrict__ b) {
  const int k = 1 + blockIdx.x * 32 + threadIdx.x, j = 1 + blockIdx.y * 4 + threadIdx.y,
            i = 1 + blockIdx.z * 2 + threadIdx.z;
  if (i > n - 2 || j > n - 2 || k > n - 2)
    return;
  const long long p = (long long)n * n, e = i * p + (long long)j * n + k;
  b[e] = 0.125 * (a[e + p] - 2.0 * a[e] + a[e - p]) + 0.125 * (a[e + n] - 2.0 * a[e] + a[e - n]) +
         0.125 * (a[e + 1] - 2.0 * a[e] + a[e - 1]) + a[e];
}

extern "C" void kernel_heat_3d_device(int tsteps, int n, double *A, double *B) {
  static bool once = false;
  const size_t bytes = (size_t)n * n * n * 8;
  const int smem = LV * RING * 8;
  CHECK(cudaFuncSetAttribute(heat_tt, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  int dev = 0, sms = 1, per = 1;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, heat_tt, T, smem));
  const long long bx = (n + PX - 2 * H - 1) / (PX - 2 * H), by = (n + PY - 2 * H - 1) / (PY - 2 * H);
  const long long chunks[] = {32, 48, 64, 96, 128, 192, 256};
  long long chunk = 32, best = -1, slots = (long long)sms * std::max(per, 1);
  for (long long c : chunks) {
    long long nb = (n + c - 1) / c * bx * by, cost = (nb + slots - 1) / slots * (c + EXTRA);
    if (best < 0 || cost <= best)
      best = cost, chunk = c;
  }
  const long long bz = (n + chunk - 1) / chunk;
  if (!once) {
    std::printf("heat_tt PX %d PY %d R %d ITERS %d SHFL %d SEL %d SKIP %d: %d threads, %d B shared, %d blocks/SM, grid %lld x %lld "
                "x %lld (chunk %lld)\n",
                PX, PY, R, ITERS, SHFL, SEL, SKIP, T, smem, per, bx, by, bz, chunk);
    once = true;
  }
  double *tA, *tB;
  CHECK(cudaMallocAsync((void **)&tA, bytes, 0));
  CHECK(cudaMallocAsync((void **)&tB, bytes, 0));
  double *inA = A, *outA = tA, *inB = B, *outB = tB;
  for (int done = 0; done < tsteps; done += ITERS) {
    const int steps = std::min(ITERS, tsteps - done);
    heat_tt<<<dim3((unsigned)bx, (unsigned)by, (unsigned)bz), T, smem>>>(steps, (int)chunk, n, inA, outA, inB, outB,
                                                                       done + steps >= tsteps);
    CHECK(cudaGetLastError());
    std::swap(inA, outA);
    std::swap(inB, outB);
  }
  if (inA != A)
    CHECK(cudaMemcpyAsync(A, inA, bytes, cudaMemcpyDeviceToDevice, 0));
  if (inB != B)
    CHECK(cudaMemcpyAsync(B, inB, bytes, cudaMemcpyDeviceToDevice, 0));
  CHECK(cudaFreeAsync(tA, 0));
  CHECK(cudaFreeAsync(tB, 0));
}
