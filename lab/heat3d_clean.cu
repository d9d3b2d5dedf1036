// Issue 14: heat-3d's streamed time tile (one cell per thread, the generator's 1024-thread shape) with its step
// loop split in three: the steps where every level's row is inside its sweep's domain and the loads and stores
// need no row checks run straight-line code, unrolled by 6 from a step that is a multiple of 6 (the windows' 3
// rows and the rings' 2 slots come back to their registers and addresses: shifts are renamings, slots constants);
// tiles whose plane lies inside the domain also leave the columns' selects out. The steps before and after run
// the checked code. Run 41 call 2 measured the checked code alone (lab/heat3d_patch.cu variant m) at 14.3 ms: ncu
// counted 45 instructions per cell and level, 76% of issue slots busy.
//   CLEAN 0: every step checked (variant m); 1: the split.
// driver: timestep 256 100  (nvcc -O3 -arch=sm_90 -DHEAT3D lab/heat3d_clean.cu bench/drivers/timestep.cu)
#include "../bench/drivers/common.h"

#ifndef PX
#define PX 32
#endif
#ifndef PY
#define PY 32
#endif
#ifndef ITERS
#define ITERS 2
#endif
#ifndef CLEAN
#define CLEAN 1
#endif
#ifndef PTR
#define PTR 1 // the loads' and stores' addresses advanced a row per step (else recomputed from the row)
#endif
#ifndef SKIP
#define SKIP 0 // a warp's row skips the levels whose cells there no later level and no store reads
#endif
#define LV (2 * ITERS)
#define H LV
#define T (PX * PY)
#define EXTRA (2 * H + LV)
#define RX (PX + 2)
#define RY (PY + 2)
#define PLANE (RY * RX)
#define UNROLL 6


struct Ctx {
  int o0, n, chunk, steps, last;
  long long plane, at0;
  bool in_, jk, mine;
  double *ring; // this thread's cell in version 0's ring, slot 0
  const double *__restrict__ inA, *__restrict__ inB;
  double *__restrict__ outA, *__restrict__ outB;
};
struct State {
  double w[LV + 1][3];
  double wb[2];
  double pfa, pfb;
  long long e; // row q's element of the thread's column
};

// Step q. Checked: rows and iterations checked; else the caller knows every level's row inside its domain, the
// loads' and stores' rows inside the chunk and the array, and all iterations running; Cols: every column of the
// tile inside the domain (no selects).
template <bool Checked, bool Cols> __device__ __forceinline__ void step(int q, State &s, const Ctx &c) {
#if PTR
#define ROW(r0) (s.e + (long long)((r0) - q) * c.plane)
#else
#define ROW(r0) (c.at0 + (long long)(r0) * c.plane)
#endif
  s.wb[1] = s.wb[0];
  s.wb[0] = s.pfb;
  s.w[0][2] = s.w[0][1];
  s.w[0][1] = s.w[0][0];
  s.w[0][0] = s.pfa;
  c.ring[(q & 1) * PLANE] = s.pfa;
  {
    const int r0 = q + 1, i = c.o0 + r0;
    const bool row = !Checked || (r0 < c.chunk + 2 * H && i >= 0 && i < c.n);
    if (row && c.in_)
      s.pfa = c.inA[ROW(r0)];
    if (row && c.in_ && !(i >= 1 && i <= c.n - 2 && c.jk))
      s.pfb = c.inB[ROW(r0)];
  }
#pragma unroll
  for (int l = 1; l <= LV; ++l) {
    const int r0 = q - l, i = c.o0 + r0;
    if (SKIP && (threadIdx.x / PX < l || threadIdx.x / PX >= PY - l))
      continue;
    if (l < LV) {
      s.w[l][2] = s.w[l][1];
      s.w[l][1] = s.w[l][0];
    }
    const double *rg = c.ring + (l - 1) * 2 * PLANE + (r0 & 1) * PLANE;
    const double cc = s.w[l - 1][1], up = s.w[l - 1][0], dn = s.w[l - 1][2];
    const double ym = rg[-RX], yp = rg[RX], xm = rg[-1], xp = rg[1];
    const double f = 0.125 * (up - 2.0 * cc + dn) + 0.125 * (yp - 2.0 * cc + ym) + 0.125 * (xp - 2.0 * cc + xm) + cc;
    const double before = l == 1 ? s.wb[1] : s.w[l - 2][2];
    double v;
    if (Checked)
      v = i >= 1 && i <= c.n - 2 && c.jk && (l <= 2 || (l - 1) / 2 < c.steps) ? f : before;
    else if (Cols)
      v = f;
    else
      v = c.jk ? f : before;
    s.w[l][0] = v;
    if (l < LV)
      c.ring[l * 2 * PLANE + (r0 & 1) * PLANE] = v;
    if (l >= LV - 1) {
      const bool rows = !Checked || (r0 >= H && r0 < c.chunk + H && i < c.n);
      if (rows && c.mine) {
        if (l == LV)
          c.outA[ROW(r0)] = v;
        else if (c.last || !((!Checked || (i >= 1 && i <= c.n - 2)) && c.jk))
          c.outB[ROW(r0)] = v;
      }
    }
  }
  s.e += c.plane;
  __syncthreads();
#undef ROW
}

template <bool Cols> __device__ __forceinline__ void cleanSteps(int j0, int j1, State &s, const Ctx &c) {
  for (int j = j0; j < j1; ++j) {
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
      step<false, Cols>(UNROLL * j + u, s, c);
  }
}

__global__ void __launch_bounds__(T, 1) heat_tt(int steps, int chunk, int n, const double *__restrict__ inA,
                                                double *__restrict__ outA, const double *__restrict__ inB,
                                                double *__restrict__ outB, int last) {
  extern __shared__ __align__(16) double smem[];
  const int tx = threadIdx.x % PX, ty = threadIdx.x / PX;
  Ctx c;
  c.o0 = (int)blockIdx.z * chunk - H;
  const int o1 = (int)blockIdx.y * (PY - 2 * H) - H, o2 = (int)blockIdx.x * (PX - 2 * H) - H;
  c.n = n, c.chunk = chunk, c.steps = steps, c.last = last;
  c.plane = (long long)n * n;
  c.at0 = ((long long)c.o0 * n + o1 + ty) * n + o2 + tx;
  c.in_ = o1 + ty >= 0 && o1 + ty < n && o2 + tx >= 0 && o2 + tx < n;
  c.jk = o1 + ty >= 1 && o1 + ty <= n - 2 && o2 + tx >= 1 && o2 + tx <= n - 2;
  c.mine = ty >= H && ty < PY - H && o1 + ty < n && tx >= H && tx < PX - H && o2 + tx < n;
  c.ring = smem + (ty + 1) * RX + tx + 1;
  c.inA = inA, c.inB = inB, c.outA = outA, c.outB = outB;
  State s = {};
  s.e = c.at0;
  {
    const int i = c.o0;
    if (i >= 0 && i < n && c.in_) {
      s.pfa = inA[c.at0];
      if (!(i >= 1 && i <= n - 2 && c.jk))
        s.pfb = inB[c.at0];
    }
  }
  const int total = chunk + EXTRA;
  int q = 0;
#if CLEAN
  // the clean steps: every level's row in 1..n-2, the loaded row inside the chunk and the array, the stored rows
  // inside the chunk's own rows and the array, every iteration running
  const int s1 = max(max(LV + H, 1 + LV - c.o0), -1 - c.o0);
  const int s2 = 1 + min(chunk + 2 * H - 2, min(n - 2 - c.o0, chunk + H + LV - 2));
  const int j0 = (s1 + UNROLL - 1) / UNROLL, j1 = s2 / UNROLL;
  if (steps == ITERS && j0 < j1) {
    for (; q < UNROLL * j0; ++q)
      step<true, false>(q, s, c);
    const bool cols = o1 >= 1 && o1 + PY - 1 <= n - 2 && o2 >= 1 && o2 + PX - 1 <= n - 2;
    if (cols)
      cleanSteps<true>(j0, j1, s, c);
    else
      cleanSteps<false>(j0, j1, s, c);
    q = UNROLL * j1;
  }
#endif
  for (; q < total; ++q)
    step<true, false>(q, s, c);
}

extern "C" void kernel_heat_3d_device(int tsteps, int n, double *A, double *B) {
  static bool once = false;
  const size_t bytes = (size_t)n * n * n * 8;
  const int smem = LV * 2 * PLANE * 8;
  CHECK(cudaFuncSetAttribute(heat_tt, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  int dev = 0, sms = 1, per = 1;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, heat_tt, T, smem));
  const long long bx = (n + PX - 2 * H - 1) / (PX - 2 * H), by = (n + PY - 2 * H - 1) / (PY - 2 * H);
  const long long chunks[] = {32, 48, 64, 96, 128, 192, 256};
  long long chunk = 32, best = -1, slots = (long long)sms * std::max(per, 1);
  for (long long ch : chunks) {
    long long nb = (n + ch - 1) / ch * bx * by, cost = (nb + slots - 1) / slots * (ch + EXTRA);
    if (best < 0 || cost <= best)
      best = cost, chunk = ch;
  }
  const long long bz = (n + chunk - 1) / chunk;
  if (!once) {
    std::printf("heat_tt ptr %d skip %d clean %d PX %d PY %d ITERS %d: %d threads, %d B shared, %d blocks/SM, grid %lld x %lld x %lld "
                "(chunk %lld)\n",
                PTR, SKIP, CLEAN, PX, PY, ITERS, T, smem, per, bx, by, bz, chunk);
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
