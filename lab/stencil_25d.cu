// Issue 14: 2.5-D blocking of the 7-point stencil, hand-written, to decide what the generator emits.
// A block owns a BX x BY tile of the xy-plane and marches along z through CZ planes: the current plane's tile
// and its one-point halo in shared memory (two buffers, one barrier per plane), the planes below and above in
// registers, the next plane's value loaded before the barrier. Beside it the register-only z-march of
// stencil_zmarch.cu (variant 5, 73.7% of copy in run 9) and copy bandwidth, fp32 and fp64, in one run.
// Self-contained: nvcc -O3 -arch=sm_90 -o s25 lab/stencil_25d.cu && ./s25 512
// Variants (printed by name): smem BXxBYxCZ [halo by edge threads | halo by a second pass of the block];
// ring BXxBYxCZ S (cp.async ring of S planes) vec|elem; zmarch xV (V consecutive x per thread, vector loads).
#include "../bench/drivers/common.h"
#include <cmath>
#include <cstring>

// Register-only z-march (each thread a column of CZ planes; in-plane neighbours through L1).
template <typename T, int BX, int BY, int CZ>
__global__ void __launch_bounds__(BX *BY) zmarch(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in,
                                                  T *__restrict__ out) {
  const int x = 1 + blockIdx.x * BX + threadIdx.x, y = 1 + blockIdx.y * BY + threadIdx.y;
  const int z0 = 1 + blockIdx.z * CZ;
  if (x >= nx - 1 || y >= ny - 1)
    return;
  const long long plane = (long long)ny * nx;
  long long idx = z0 * plane + (long long)y * nx + x;
  T below = in[idx - plane], centre = in[idx];
  const int planes = min(CZ, nz - 1 - z0);
#pragma unroll 4
  for (int c = 0; c < planes; ++c) {
    const T above = in[idx + plane];
    out[idx] = c0 * centre + c1 * (in[idx - 1] + in[idx + 1] + in[idx - nx] + in[idx + nx] + below + above);
    below = centre;
    centre = above;
    idx += plane;
  }
}

// 2.5-D blocking. HALO 0: edge threads load the halo after their own point; HALO 1: the block loads the whole
// (BY+2) x (BX+2) window with a linear loop (coalesced rows, no divergence by position).
template <typename T, int BX, int BY, int CZ, int HALO>
__global__ void __launch_bounds__(BX *BY) blocked(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in,
                                                   T *__restrict__ out) {
  __shared__ T tile[2][BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = 1 + blockIdx.x * BX, y0 = 1 + blockIdx.y * BY;
  const int x = x0 + tx, y = y0 + ty;
  const int z0 = 1 + blockIdx.z * CZ;
  const bool inside = x < nx - 1 && y < ny - 1;
  const long long plane = (long long)ny * nx;
  long long idx = z0 * plane + (long long)y * nx + x;
  T below = 0, centre = 0;
  if (inside) {
    below = in[idx - plane];
    centre = in[idx];
  }
  const int planes = min(CZ, nz - 1 - z0);
  for (int c = 0; c < planes; ++c) {
    T(*t)[BX + 2] = tile[c & 1];
    T above = 0;
    if (inside)
      above = in[idx + plane];
    if (HALO == 0) {
      if (inside) {
        t[ty + 1][tx + 1] = centre;
        if (tx == 0)
          t[ty + 1][0] = in[idx - 1];
        if (tx == BX - 1 || x == nx - 2)
          t[ty + 1][tx + 2] = in[idx + 1];
        if (ty == 0)
          t[0][tx + 1] = in[idx - nx];
        if (ty == BY - 1 || y == ny - 2)
          t[ty + 2][tx + 1] = in[idx + nx];
      }
    } else {
      const T *p = in + (z0 + c) * plane;
      for (int l = ty * BX + tx; l < (BY + 2) * (BX + 2); l += BX * BY) {
        const int r = l / (BX + 2), q = l % (BX + 2);
        const int gy = y0 - 1 + r, gx = x0 - 1 + q;
        if (gy < ny && gx < nx)
          t[r][q] = p[(long long)gy * nx + gx];
      }
    }
    __syncthreads();
    if (inside)
      out[idx] = c0 * centre + c1 * (t[ty + 1][tx] + t[ty + 1][tx + 2] + t[ty][tx + 1] + t[ty + 2][tx + 1] + below + above);
    below = centre;
    centre = above;
    idx += plane;
  }
}

template <typename T, int V> struct Vec;
template <> struct Vec<float, 2> { using type = float2; };
template <> struct Vec<float, 4> { using type = float4; };
template <> struct Vec<double, 2> { using type = double2; };
template <typename T, int V> __device__ inline void loadv(T (&r)[V], const T *p) {
  const typename Vec<T, V>::type v = *reinterpret_cast<const typename Vec<T, V>::type *>(p);
  const T *e = reinterpret_cast<const T *>(&v);
#pragma unroll
  for (int i = 0; i < V; ++i)
    r[i] = e[i];
}

// Register-only z-march with V consecutive x per thread in one vector load per row (aligned groups of V from
// x = 0; the boundary columns masked): V times fewer load and store instructions per byte.
template <typename T, int V, int BX, int BY, int CZ>
__global__ void __launch_bounds__(BX *BY) zmarchv(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in,
                                                   T *__restrict__ out) {
  const int xg = (blockIdx.x * BX + threadIdx.x) * V, y = 1 + blockIdx.y * BY + threadIdx.y;
  const int z0 = 1 + blockIdx.z * CZ;
  if (xg >= nx || y >= ny - 1)
    return;
  const long long plane = (long long)ny * nx;
  long long idx = z0 * plane + (long long)y * nx + xg;
  T below[V], centre[V], above[V], n[V], s[V];
  loadv<T, V>(below, in + idx - plane);
  loadv<T, V>(centre, in + idx);
  const int planes = min(CZ, nz - 1 - z0);
  const bool whole = xg >= 1 && xg + V <= nx - 1;
#pragma unroll 2
  for (int c = 0; c < planes; ++c) {
    loadv<T, V>(above, in + idx + plane);
    loadv<T, V>(n, in + idx - nx);
    loadv<T, V>(s, in + idx + nx);
    const T left = xg > 0 ? in[idx - 1] : T(0), right = xg + V < nx ? in[idx + V] : T(0);
    T r[V];
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const T w = i == 0 ? left : centre[i - 1], e = i == V - 1 ? right : centre[i + 1];
      r[i] = c0 * centre[i] + c1 * (w + e + n[i] + s[i] + below[i] + above[i]);
    }
    if (whole) {
      typename Vec<T, V>::type v;
      T *e = reinterpret_cast<T *>(&v);
#pragma unroll
      for (int i = 0; i < V; ++i)
        e[i] = r[i];
      *reinterpret_cast<typename Vec<T, V>::type *>(out + idx) = v;
    } else {
#pragma unroll
      for (int i = 0; i < V; ++i)
        if (xg + i >= 1 && xg + i < nx - 1)
          out[idx + i] = r[i];
    }
#pragma unroll
    for (int i = 0; i < V; ++i) {
      below[i] = centre[i];
      centre[i] = above[i];
    }
    idx += plane;
  }
}

// The shape a generator could emit without vector types: V consecutive x per thread (runs aligned to V from
// x = 0: the loop's first iteration shifted by 1), pointers assumed 16-byte aligned and the row pitch written as
// a multiple of V, so that nvcc's load/store vectorizer merges each run's loads and stores (a kernel version
// behind a host check of the alignment). 8 consecutive z per thread (CSE of the shared planes), block BX x BY.
template <typename T, int V, int BX, int BY>
__global__ void __launch_bounds__(BX *BY) lsv(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in0,
                                               T *__restrict__ out0) {
  const T *__restrict__ in = (const T *)__builtin_assume_aligned(in0, 16);
  T *__restrict__ out = (T *)__builtin_assume_aligned(out0, 16);
  const int nxv = nx / V;
  const long long trip0 = nz - 2, trip1 = ny - 2;
  const int shift = 1 % V;
  const long long trip2 = nx - 2 + shift;
  for (int t0 = blockIdx.z; t0 * 8 < trip0; t0 += gridDim.z)
    for (int t1 = blockIdx.y; t1 * BY < trip1; t1 += gridDim.y) {
      const int t2 = blockIdx.x;
      if ((t0 + 1) * 8 <= trip0 && (t1 + 1) * BY <= trip1 && t2 > 0 && (t2 + 1) * BX * V <= trip2) {
#pragma unroll
        for (int c0i = 0; c0i < 8; ++c0i)
#pragma unroll
          for (int c2 = 0; c2 < V; ++c2) {
            const int z = 1 + t0 * 8 + c0i;
            const int y = 1 + t1 * BY + threadIdx.y;
            const int x = 1 - shift + t2 * BX * V + threadIdx.x * V + c2;
            out[((z) * (ny) + (y)) * (nxv * V) + (x)] = c0 * in[((z) * (ny) + (y)) * (nxv * V) + (x)] + c1 * (in[((z) * (ny) + (y)) * (nxv * V) + (x - 1)] + in[((z) * (ny) + (y)) * (nxv * V) + (x + 1)] + in[((z) * (ny) + (y - 1)) * (nxv * V) + (x)] + in[((z) * (ny) + (y + 1)) * (nxv * V) + (x)] + in[((z - 1) * (ny) + (y)) * (nxv * V) + (x)] + in[((z + 1) * (ny) + (y)) * (nxv * V) + (x)]);
          }
      } else {
#pragma unroll
        for (int c0i = 0; c0i < 8; ++c0i)
#pragma unroll
          for (int c2 = 0; c2 < V; ++c2) {
            const int z = 1 + t0 * 8 + c0i;
            const int y = 1 + t1 * BY + threadIdx.y;
            const int x = 1 - shift + t2 * BX * V + threadIdx.x * V + c2;
            if (z < nz - 1 && y < ny - 1 && x >= 1 && x < nx - 1)
              out[((z) * (ny) + (y)) * (nx) + (x)] = c0 * in[((z) * (ny) + (y)) * (nx) + (x)] + c1 * (in[((z) * (ny) + (y)) * (nx) + (x - 1)] + in[((z) * (ny) + (y)) * (nx) + (x + 1)] + in[((z) * (ny) + (y - 1)) * (nx) + (x)] + in[((z) * (ny) + (y + 1)) * (nx) + (x)] + in[((z - 1) * (ny) + (y)) * (nx) + (x)] + in[((z + 1) * (ny) + (y)) * (nx) + (x)]);
          }
      }
    }
}

__device__ inline void cp_async(void *dst, const void *src, int bytes) {
  unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  if (bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(src));
  else if (bytes == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(d), "l"(src));
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(d), "l"(src));
}
__device__ inline void cp_commit() { asm volatile("cp.async.commit_group;"); }
template <int N> __device__ inline void cp_wait() { asm volatile("cp.async.wait_group %0;" ::"n"(N)); }

// 2.5-D blocking with a ring of S plane tiles in shared memory filled by cp.async S-3 planes ahead (one barrier
// per plane). VEC 1: 16-byte copies of each row's window from the aligned x = bx*BX (needs nx % (16/sizeof T)
// == 0 and an aligned base); VEC 0: element copies of the (BY+2) x (BX+2) window.
template <typename T, int BX, int BY, int CZ, int S, int VEC>
__global__ void __launch_bounds__(BX *BY) ring(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in,
                                                T *__restrict__ out) {
  static_assert(S >= 4, "below, centre, above and one in flight");
  constexpr int NT = BX * BY, E = VEC ? 16 / sizeof(T) : 1, W = BX + (VEC ? E : 2);
  constexpr int CH = VEC ? BX / E + 1 : BX + 2, NC = CH * (BY + 2), PER = (NC + NT - 1) / NT;
  __shared__ __align__(16) T tile[S][BY + 2][W];
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * BX + tx;
  const int x0 = 1 + blockIdx.x * BX, y0 = 1 + blockIdx.y * BY;
  const int x = x0 + tx, y = y0 + ty;
  const int z0 = 1 + blockIdx.z * CZ;
  const bool inside = x < nx - 1 && y < ny - 1;
  const long long plane = (long long)ny * nx;
  int soff[PER];
  long long goff[PER];
  bool ok[PER];
#pragma unroll
  for (int k = 0; k < PER; ++k) {
    const int l = tid + k * NT, r = l / CH, q = l % CH;
    const int gy = y0 - 1 + r, gx = (x0 - 1) + q * E;
    soff[k] = r * W + q * E;
    goff[k] = (long long)gy * nx + gx;
    ok[k] = l < NC && gy < ny && gx < nx;
  }
  const int planes = min(CZ, nz - 1 - z0);
  auto issue = [&](int p) { // plane z0 - 1 + p into buffer p % S
    if (p <= planes + 1) {
      const T *src = in + (z0 - 1 + p) * plane;
      T *dst = &tile[p % S][0][0];
#pragma unroll
      for (int k = 0; k < PER; ++k)
        if (ok[k])
          cp_async(dst + soff[k], src + goff[k], E * sizeof(T));
    }
    cp_commit();
  };
#pragma unroll
  for (int p = 0; p < S - 1; ++p)
    issue(p);
  long long idx = z0 * plane + (long long)y * nx + x;
  T below = 0, centre = 0;
  for (int c = 0; c < planes; ++c) {
    cp_wait<S - 4>();
    __syncthreads();
    issue(c + S - 1);
    T(*t)[W] = tile[(c + 1) % S];
    if (c == 0) {
      below = tile[0][ty + 1][tx + 1];
      centre = t[ty + 1][tx + 1];
    }
    const T above = tile[(c + 2) % S][ty + 1][tx + 1];
    if (inside)
      out[idx] = c0 * centre + c1 * (t[ty + 1][tx] + t[ty + 1][tx + 2] + t[ty][tx + 1] + t[ty + 2][tx + 1] + below + above);
    below = centre;
    centre = above;
    idx += plane;
  }
  cp_wait<0>();
}

template <typename T> __global__ void reference(int n, T c0, T c1, const T *in, T *out) {
  long long idx = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (idx >= (long long)n * n * n)
    return;
  int x = idx % n, y = idx / n % n, z = idx / n / n;
  if (x < 1 || y < 1 || z < 1 || x >= n - 1 || y >= n - 1 || z >= n - 1)
    return;
  auto at = [&](int zz, int yy, int xx) { return in[((long long)zz * n + yy) * n + xx]; };
  out[idx] = c0 * at(z, y, x) + c1 * (at(z, y, x - 1) + at(z, y, x + 1) + at(z, y - 1, x) + at(z, y + 1, x) +
                                      at(z - 1, y, x) + at(z + 1, y, x));
}

template <typename T> struct Bench {
  int n;
  size_t cells;
  T *in, *out, *ref;
  double copy;
  std::vector<T> want;
  explicit Bench(int n) : n(n), cells((size_t)n * n * n) {
    in = device_random<T>(cells, true);
    CHECK(cudaMalloc(&out, cells * sizeof(T)));
    CHECK(cudaMalloc(&ref, cells * sizeof(T)));
    CHECK(cudaMemset(ref, 0, cells * sizeof(T)));
    reference<T><<<(unsigned)((cells + 255) / 256), 256>>>(n, T(0.4), T(0.1), in, ref);
    CHECK(cudaDeviceSynchronize());
    want.resize(cells);
    CHECK(cudaMemcpy(want.data(), ref, cells * sizeof(T), cudaMemcpyDeviceToHost));
    copy = copy_gbs(cells * sizeof(T));
    std::printf("%s %d^3: copy %.0f GB/s\n", sizeof(T) == 4 ? "fp32" : "fp64", n, copy);
  }
  template <typename Launch> void run(const char *name, Launch launch) {
    CHECK(cudaMemset(out, 0, cells * sizeof(T)));
    double ms = median_ms([&] { launch(); });
    std::vector<T> got(cells);
    CHECK(cudaMemcpy(got.data(), out, cells * sizeof(T), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (size_t i = 0; i < cells; ++i)
      worst = std::max(worst, (double)std::fabs(got[i] - want[i]) / std::max(1.0, (double)std::fabs(want[i])));
    double bytes = 2.0 * sizeof(T) * (double)(n - 2) * (n - 2) * (n - 2);
    std::printf("  %-34s %.3f ms %5.0f GB/s %5.1f%% of copy  max rel diff %.1e %s\n", name, ms, bytes / ms / 1e6,
                100 * bytes / ms / 1e6 / copy, worst, worst < (sizeof(T) == 4 ? 1e-5 : 1e-12) ? "PASS" : "FAIL");
  }
  template <int BX, int BY, int CZ> void zm() {
    char name[64];
    std::snprintf(name, sizeof name, "zmarch %dx%dx%d", BX, BY, CZ);
    dim3 grid((n - 2 + BX - 1) / BX, (n - 2 + BY - 1) / BY, (n - 2 + CZ - 1) / CZ);
    run(name, [&] { zmarch<T, BX, BY, CZ><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int V, int BX, int BY, int CZ> void zv() {
    char name[64];
    std::snprintf(name, sizeof name, "zmarch x%d %dx%dx%d", V, BX, BY, CZ);
    dim3 grid((n + BX * V - 1) / (BX * V), (n - 2 + BY - 1) / BY, (n - 2 + CZ - 1) / CZ);
    run(name, [&] { zmarchv<T, V, BX, BY, CZ><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int V, int BX, int BY> void ls() {
    char name[64];
    std::snprintf(name, sizeof name, "lsv x%d %dx%dx8", V, BX, BY);
    dim3 grid((n - 1 + BX * V - 1) / (BX * V), (n - 2 + BY - 1) / BY, (n - 2 + 7) / 8);
    run(name, [&] { lsv<T, V, BX, BY><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int BX, int BY, int CZ, int HALO> void bl() {
    char name[64];
    std::snprintf(name, sizeof name, "smem %dx%dx%d halo %s", BX, BY, CZ, HALO ? "block" : "edges");
    dim3 grid((n - 2 + BX - 1) / BX, (n - 2 + BY - 1) / BY, (n - 2 + CZ - 1) / CZ);
    run(name, [&] { blocked<T, BX, BY, CZ, HALO><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int BX, int BY, int CZ, int S, int VEC> void rg() {
    char name[64];
    std::snprintf(name, sizeof name, "ring %dx%dx%d S%d %s", BX, BY, CZ, S, VEC ? "vec" : "elem");
    dim3 grid((n - 2 + BX - 1) / BX, (n - 2 + BY - 1) / BY, (n - 2 + CZ - 1) / CZ);
    run(name, [&] { ring<T, BX, BY, CZ, S, VEC><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  ~Bench() {
    cudaFree(in);
    cudaFree(out);
    cudaFree(ref);
  }
};

template <typename T> void all(int n) {
  Bench<T> b(n);
  b.template zm<128, 2, 8>();
  b.template zm<64, 4, 16>();
  b.template zv<2, 64, 2, 8>();
  b.template ls<2, 64, 2>();
  b.template ls<2, 32, 8>();
  b.template ls<16 / sizeof(T), 32, 8>();
  b.template ls<16 / sizeof(T), 32, 4>();
  b.template ls<16 / sizeof(T), 64, 2>();
  b.template zv<2, 64, 4, 8>();
  b.template zv<2, 32, 8, 8>();
  b.template zv<2, 64, 2, 16>();
  b.template zv<2, 128, 2, 8>();
  if constexpr (sizeof(T) == 4) {
    b.template zv<4, 32, 4, 8>();
    b.template zv<4, 32, 8, 8>();
    b.template zv<4, 64, 2, 8>();
    b.template zv<4, 32, 4, 16>();
    b.template zv<4, 64, 4, 8>();
  }
  b.template bl<64, 4, 32, 0>();
  b.template rg<64, 8, 32, 4, 1>();
  b.template rg<64, 8, 32, 6, 1>();

  b.template rg<128, 4, 32, 6, 1>();
  if constexpr (sizeof(T) == 4) { // 48 KiB of static shared memory at most
    b.template rg<64, 16, 32, 6, 1>();
    b.template rg<128, 8, 32, 6, 1>();
    b.template rg<64, 16, 32, 6, 0>();
  }

  b.template rg<64, 8, 16, 6, 1>();
  b.template rg<64, 8, 32, 6, 0>();
  b.template rg<32, 16, 32, 6, 0>();
}

#ifndef STENCIL25D_NO_MAIN
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  all<float>(n);
  all<double>(n);
  return 0;
}
#endif
