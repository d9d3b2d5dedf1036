// Issue 14 on the H200: the 7-point stencil at 512^3 reaches 79% (float) and 81% (double) of copy bandwidth
// there (86.5-88.8% on the H100, run 29), with the pencil every shape of run 35 call 5 tried. The H200 has the
// H100's multiprocessors and L2 with 1.4 times the DRAM bandwidth, so what bounded nothing on the H100 (L1 and
// L2 wavefronts per byte, load instructions per byte, bytes in flight) may bound it there. Variants of the
// register z-march, each a question:
//   RY  rows of y per thread (register tiling along y: RY + 2 row loads per plane for RY rows of output instead
//       of 3 RY through L1)
//   SH  the x neighbours by warp shuffles of the centre vectors (lanes 0 and 31 load theirs) instead of two
//       misaligned scalar loads per row through L1
//   ST  streaming stores (st.global.cs, evict first: the output's lines leave L2 before the input's)
// The whole next plane (RY + 2 rows) is loaded one plane ahead of its use. Beside them the generator's code shape
// with the same changes (lsvr, lsvb). bench/RESULTS.md run 43 has the figures. Self-contained:
//   nvcc -O3 -arch=sm_90 -o sh200 lab/stencil_h200.cu && ./sh200 512
#define STENCIL25D_NO_MAIN
#include "stencil_25d.cu"

template <typename T, int V> struct VecOf;
template <> struct VecOf<float, 2> { using type = float2; };
template <> struct VecOf<float, 4> { using type = float4; };
template <> struct VecOf<double, 2> { using type = double2; };
template <> struct VecOf<double, 1> { using type = double; };
template <> struct VecOf<float, 1> { using type = float; };

template <typename T, int V> struct Row {
  T v[V];
};
template <typename T, int V> __device__ inline Row<T, V> loadRow(const T *p) {
  using W = typename VecOf<T, V>::type;
  const W w = *reinterpret_cast<const W *>(p);
  Row<T, V> r;
  const T *e = reinterpret_cast<const T *>(&w);
#pragma unroll
  for (int i = 0; i < V; ++i)
    r.v[i] = e[i];
  return r;
}
template <typename T, int V, int ST> __device__ inline void storeRow(T *p, const T (&r)[V]) {
  using W = typename VecOf<T, V>::type;
  W w;
  T *e = reinterpret_cast<T *>(&w);
#pragma unroll
  for (int i = 0; i < V; ++i)
    e[i] = r[i];
  if (ST)
    __stcs(reinterpret_cast<W *>(p), w);
  else
    *reinterpret_cast<W *>(p) = w;
}

template <typename T, int V, int RY, int BX, int BY, int CZ, int SH, int ST>
__global__ void __launch_bounds__(BX *BY) zreg(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in,
                                                T *__restrict__ out) {
  static_assert(BX % 32 == 0, "warps along x");
  const int lane = threadIdx.x & 31;
  const int xg = (blockIdx.x * BX + threadIdx.x) * V;
  const int y0 = 1 + (blockIdx.y * BY + threadIdx.y) * RY;
  const int z0 = 1 + blockIdx.z * CZ;
  const bool xin = xg < nx; // whole warps stay for the shuffles
  const long long plane = (long long)ny * nx;
  const long long base = (long long)y0 * nx + xg;
  // cur[r] is row y0 - 1 + r of the current plane; below[r] row y0 + r of the plane below.
  Row<T, V> below[RY], cur[RY + 2], nxt[RY + 2];
  auto loadPlane = [&](Row<T, V>(&dst)[RY + 2], int z) {
#pragma unroll
    for (int r = 0; r < RY + 2; ++r) {
      const int yy = y0 - 1 + r;
      if (xin && yy < ny)
        dst[r] = loadRow<T, V>(in + z * plane + base + (long long)(r - 1) * nx);
      else
#pragma unroll
        for (int i = 0; i < V; ++i)
          dst[r].v[i] = T(0);
    }
  };
#pragma unroll
  for (int r = 0; r < RY; ++r) {
    const int yy = y0 + r;
    if (xin && yy < ny)
      below[r] = loadRow<T, V>(in + (z0 - 1) * plane + base + (long long)r * nx);
    else
#pragma unroll
      for (int i = 0; i < V; ++i)
        below[r].v[i] = T(0);
  }
  loadPlane(cur, z0);
  const int planes = min(CZ, nz - 1 - z0);
#pragma unroll
  for (int c = 0; c < CZ; ++c) {
    if (c >= planes)
      break;
    const int z = z0 + c;
    loadPlane(nxt, z + 1);
#pragma unroll
    for (int r = 0; r < RY; ++r) {
      const int y = y0 + r;
      const long long idx = z * plane + base + (long long)r * nx;
      T left, right;
      if (SH) {
        left = __shfl_up_sync(0xffffffffu, cur[r + 1].v[V - 1], 1);
        right = __shfl_down_sync(0xffffffffu, cur[r + 1].v[0], 1);
        if (lane == 0)
          left = xin && xg > 0 && y < ny ? in[idx - 1] : T(0);
        if (lane == 31)
          right = xin && xg + V < nx && y < ny ? in[idx + V] : T(0);
      } else {
        left = xin && xg > 0 && y < ny ? in[idx - 1] : T(0);
        right = xin && xg + V < nx && y < ny ? in[idx + V] : T(0);
      }
      T res[V];
#pragma unroll
      for (int i = 0; i < V; ++i) {
        const T w = i == 0 ? left : cur[r + 1].v[i - 1], e = i == V - 1 ? right : cur[r + 1].v[i + 1];
        res[i] = c0 * cur[r + 1].v[i] + c1 * (w + e + cur[r].v[i] + cur[r + 2].v[i] + below[r].v[i] + nxt[r + 1].v[i]);
      }
      if (xin && y < ny - 1) {
        if (xg >= 1 && xg + V <= nx - 1)
          storeRow<T, V, ST>(out + idx, res);
        else
#pragma unroll
          for (int i = 0; i < V; ++i)
            if (xg + i >= 1 && xg + i < nx - 1)
              out[idx + i] = res[i];
      }
    }
#pragma unroll
    for (int r = 0; r < RY; ++r)
      below[r] = cur[r + 1];
#pragma unroll
    for (int r = 0; r < RY + 2; ++r)
      cur[r] = nxt[r];
  }
}

// The generator's code shape (lsv of stencil_25d.cu: straight-line copies that nvcc's CSE and load/store
// vectorizer turn into the z-march) with two of zreg's changes: RY consecutive rows of y per thread (the copies
// of rows y and y + 1 share their loads of each other's rows), and XB 1: the full-tile test made per thread along
// x (the thread's own run inside the iteration space) instead of per block, so that the blocks on the x border
// take the vector path in every thread but the two at the ends (run 43 call 1's ncu: the block test's border
// tiles, 2 of 8 along x at 512, store each sector twice: 21.1 M L2 write sectors against 17.2 M).
#define AT(zz, yy, xx, row) in[((zz) * (ny) + (yy)) * (row) + (xx)]
#define POINT(row)                                                                                                \
  out[((z) * (ny) + (y)) * (row) + (x)] =                                                                         \
      c0 * AT(z, y, x, row) + c1 * (AT(z, y, x - 1, row) + AT(z, y, x + 1, row) + AT(z, y - 1, x, row) +           \
                                    AT(z, y + 1, x, row) + AT(z - 1, y, x, row) + AT(z + 1, y, x, row))
template <typename T, int V, int RY, int BX, int BY, int XB>
__global__ void __launch_bounds__(BX *BY) lsvr(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in0,
                                                T *__restrict__ out0) {
  const int nxv = nx / V;
  const long long trip0 = nz - 2, trip1 = ny - 2;
  const int shift = 1 % V;
  const long long trip2 = nx - 2 + shift;
  for (int t0 = blockIdx.z; t0 * 8 < trip0; t0 += gridDim.z)
    for (int t1 = blockIdx.y; t1 * BY * RY < trip1; t1 += gridDim.y) {
      const int t2 = blockIdx.x;
      const long long first2 = XB ? (long long)t2 * BX * V + threadIdx.x * V : (long long)t2 * BX * V;
      const long long end2 = XB ? first2 + V : ((long long)t2 + 1) * BX * V;
      if ((t0 + 1) * 8 <= trip0 && (t1 + 1) * BY * RY <= trip1 && first2 >= shift && end2 <= trip2) {
        const T *__restrict__ in = (const T *)__builtin_assume_aligned(in0, 16);
        T *__restrict__ out = (T *)__builtin_assume_aligned(out0, 16);
        const int row = nxv * V;
#pragma unroll
        for (int i0 = 0; i0 < 8; ++i0)
#pragma unroll
          for (int i1 = 0; i1 < RY; ++i1)
#pragma unroll
            for (int i2 = 0; i2 < V; ++i2) {
              const int z = 1 + t0 * 8 + i0;
              const int y = 1 + (t1 * BY + threadIdx.y) * RY + i1;
              const int x = 1 - shift + t2 * BX * V + threadIdx.x * V + i2;
              POINT(row);
            }
      } else {
        const T *__restrict__ in = in0;
        T *__restrict__ out = out0;
#pragma unroll
        for (int i0 = 0; i0 < 8; ++i0)
#pragma unroll
          for (int i1 = 0; i1 < RY; ++i1)
#pragma unroll
            for (int i2 = 0; i2 < V; ++i2) {
              const int z = 1 + t0 * 8 + i0;
              const int y = 1 + (t1 * BY + threadIdx.y) * RY + i1;
              const int x = 1 - shift + t2 * BX * V + threadIdx.x * V + i2;
              if (z < nz - 1 && y < ny - 1 && x >= 1 && x < nx - 1)
                POINT(nx);
            }
      }
    }
}
#undef POINT
#undef AT

// lsv with its border tiles split by run (the question for the generator's border path): a thread whose run
// along x lies inside the iteration space, in a tile full along z and y, computes it through the aligned
// pointers (vector loads and one vector store per row) and only the runs at the ends take the element checks.
// Run 43 call 3's ncu: lsv's border tiles store each sector twice (42.2 M L2 write sectors in double against
// zreg's 33.8 M) and time goes with L2 sectors (L2 throughput 94-96% in every variant).
#define AT(zz, yy, xx, row) in[((zz) * (ny) + (yy)) * (row) + (xx)]
#define POINT(row)                                                                                                \
  out[((z) * (ny) + (y)) * (row) + (x)] =                                                                         \
      c0 * AT(z, y, x, row) + c1 * (AT(z, y, x - 1, row) + AT(z, y, x + 1, row) + AT(z, y - 1, x, row) +           \
                                    AT(z, y + 1, x, row) + AT(z - 1, y, x, row) + AT(z + 1, y, x, row))
template <typename T, int V, int BX, int BY>
__global__ void __launch_bounds__(BX *BY) lsvb(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in0,
                                                T *__restrict__ out0) {
  const int nxv = nx / V;
  const long long trip0 = nz - 2, trip1 = ny - 2;
  const int shift = 1 % V;
  const long long trip2 = nx - 2 + shift;
  for (int t0 = blockIdx.z; t0 * 8 < trip0; t0 += gridDim.z)
    for (int t1 = blockIdx.y; t1 * BY < trip1; t1 += gridDim.y) {
      const int t2 = blockIdx.x;
      if ((t0 + 1) * 8 <= trip0 && (t1 + 1) * BY <= trip1 && t2 > 0 && (t2 + 1) * BX * V <= trip2) {
        const T *__restrict__ in = (const T *)__builtin_assume_aligned(in0, 16);
        T *__restrict__ out = (T *)__builtin_assume_aligned(out0, 16);
        const int row = nxv * V;
#pragma unroll
        for (int i0 = 0; i0 < 8; ++i0)
#pragma unroll
          for (int i2 = 0; i2 < V; ++i2) {
            const int z = 1 + t0 * 8 + i0;
            const int y = 1 + t1 * BY + threadIdx.y;
            const int x = 1 - shift + t2 * BX * V + threadIdx.x * V + i2;
            POINT(row);
          }
      } else {
        const long long r2 = (long long)t2 * BX * V + threadIdx.x * V; // the thread's run
#pragma unroll
        for (int i0 = 0; i0 < 8; ++i0) {
          const int z = 1 + t0 * 8 + i0;
          const int y = 1 + t1 * BY + threadIdx.y;
          if (t0 * 8 + i0 < trip0 && t1 * BY + threadIdx.y < trip1 && r2 >= shift && r2 + V <= trip2) {
            const T *__restrict__ in = (const T *)__builtin_assume_aligned(in0, 16);
            T *__restrict__ out = (T *)__builtin_assume_aligned(out0, 16);
            const int row = nxv * V;
#pragma unroll
            for (int i2 = 0; i2 < V; ++i2) {
              const int x = 1 - shift + r2 + i2;
              POINT(row);
            }
          } else {
            const T *__restrict__ in = in0;
            T *__restrict__ out = out0;
#pragma unroll
            for (int i2 = 0; i2 < V; ++i2) {
              const int x = 1 - shift + r2 + i2;
              if (z < nz - 1 && y < ny - 1 && x >= 1 && x < nx - 1)
                POINT(nx);
            }
          }
        }
      }
    }
}
#undef POINT
#undef AT

// lsv with its border tiles' stores combined by run: each copy of a run computed under its own check into a
// register, then one explicit vector store where the whole run is inside the iteration space (else the checked
// element stores). The question for the generator's border path: do the border tiles' doubled L2 write sectors
// (lsv's 42.2 M in double against zreg's 33.8 M) cost the gap to zreg, when the rest of the shape stays nvcc's?
#define AT(zz, yy, xx, row) in[((zz) * (ny) + (yy)) * (row) + (xx)]
#define VALUE(row)                                                                                                \
  (c0 * AT(z, y, x, row) + c1 * (AT(z, y, x - 1, row) + AT(z, y, x + 1, row) + AT(z, y - 1, x, row) +             \
                                 AT(z, y + 1, x, row) + AT(z - 1, y, x, row) + AT(z + 1, y, x, row)))
template <typename T, int V, int BX, int BY>
__global__ void __launch_bounds__(BX *BY) lsvc(int nz, int ny, int nx, T c0, T c1, const T *__restrict__ in0,
                                                T *__restrict__ out0) {
  const int nxv = nx / V;
  const long long trip0 = nz - 2, trip1 = ny - 2;
  const int shift = 1 % V;
  const long long trip2 = nx - 2 + shift;
  for (int t0 = blockIdx.z; t0 * 8 < trip0; t0 += gridDim.z)
    for (int t1 = blockIdx.y; t1 * BY < trip1; t1 += gridDim.y) {
      const int t2 = blockIdx.x;
      if ((t0 + 1) * 8 <= trip0 && (t1 + 1) * BY <= trip1 && t2 > 0 && (t2 + 1) * BX * V <= trip2) {
        const T *__restrict__ in = (const T *)__builtin_assume_aligned(in0, 16);
        T *__restrict__ out = (T *)__builtin_assume_aligned(out0, 16);
        const int row = nxv * V;
#pragma unroll
        for (int i0 = 0; i0 < 8; ++i0)
#pragma unroll
          for (int i2 = 0; i2 < V; ++i2) {
            const int z = 1 + t0 * 8 + i0;
            const int y = 1 + t1 * BY + threadIdx.y;
            const int x = 1 - shift + t2 * BX * V + threadIdx.x * V + i2;
            out[((z) * (ny) + (y)) * (row) + (x)] = VALUE(row);
          }
      } else {
        const T *__restrict__ in = in0;
        T *__restrict__ out = out0;
#pragma unroll
        for (int i0 = 0; i0 < 8; ++i0) {
          const int z = 1 + t0 * 8 + i0;
          const int y = 1 + t1 * BY + threadIdx.y;
          const int xr = 1 - shift + t2 * BX * V + threadIdx.x * V;
          T r[V];
          unsigned mask = 0;
#pragma unroll
          for (int i2 = 0; i2 < V; ++i2) {
            const int x = xr + i2;
            if (z < nz - 1 && y < ny - 1 && x >= 1 && x < nx - 1) {
              r[i2] = VALUE(nx);
              mask |= 1u << i2;
            }
          }
          T *p = out + ((long long)z * ny + y) * nx + xr;
          if (mask == (1u << V) - 1) {
            typename VecOf<T, V>::type w;
            T *e = reinterpret_cast<T *>(&w);
#pragma unroll
            for (int i2 = 0; i2 < V; ++i2)
              e[i2] = r[i2];
            *reinterpret_cast<typename VecOf<T, V>::type *>(p) = w;
          } else {
#pragma unroll
            for (int i2 = 0; i2 < V; ++i2)
              if (mask >> i2 & 1)
                p[i2] = r[i2];
          }
        }
      }
    }
}
#undef VALUE
#undef AT

template <typename T> struct BenchH200 : Bench<T> {
  using Bench<T>::Bench;
  template <int V, int BX, int BY> void lc() {
    char name[64];
    std::snprintf(name, sizeof name, "lsvc x%d %dx%dx8 border stores", V, BX, BY);
    const int n = this->n;
    dim3 grid((n - 1 + BX * V - 1) / (BX * V), (n - 2 + BY - 1) / BY, (n - 2 + 7) / 8);
    T *in = this->in, *out = this->out;
    this->run(name, [&] { lsvc<T, V, BX, BY><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int V, int BX, int BY> void lb() {
    char name[64];
    std::snprintf(name, sizeof name, "lsvb x%d %dx%dx8 border runs", V, BX, BY);
    const int n = this->n;
    dim3 grid((n - 1 + BX * V - 1) / (BX * V), (n - 2 + BY - 1) / BY, (n - 2 + 7) / 8);
    T *in = this->in, *out = this->out;
    this->run(name, [&] { lsvb<T, V, BX, BY><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int V, int RY, int BX, int BY, int XB> void lr() {
    char name[64];
    std::snprintf(name, sizeof name, "lsvr x%d ry%d %dx%dx8%s", V, RY, BX, BY, XB ? " thread-x" : "");
    const int n = this->n;
    dim3 grid((n - 1 + BX * V - 1) / (BX * V), (n - 2 + BY * RY - 1) / (BY * RY), (n - 2 + 7) / 8);
    T *in = this->in, *out = this->out;
    this->run(name, [&] { lsvr<T, V, RY, BX, BY, XB><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out); });
  }
  template <int V, int RY, int BX, int BY, int CZ, int SH, int ST> void zr() {
    char name[64];
    std::snprintf(name, sizeof name, "zreg x%d ry%d %dx%dx%d%s%s", V, RY, BX, BY, CZ, SH ? " shfl" : "",
                  ST ? " cs" : "");
    const int n = this->n;
    dim3 grid((n / V + BX - 1) / BX, (n - 2 + BY * RY - 1) / (BY * RY), (n - 2 + CZ - 1) / CZ);
    T *in = this->in, *out = this->out;
    this->run(name, [&] {
      zreg<T, V, RY, BX, BY, CZ, SH, ST><<<grid, dim3(BX, BY)>>>(n, n, n, T(0.4), T(0.1), in, out);
    });
  }
};

template <typename T> void h200(int n) {
  BenchH200<T> b(n);
  constexpr int V2 = 2, V4 = 16 / sizeof(T);
  b.template ls<2, 32, 8>(); // the generator's shape (run 29)
  b.template lb<2, 32, 8>();
  b.template lc<2, 32, 8>();
  b.template lr<2, 1, 32, 8, 0>(); // the same through lsvr
  b.template lr<2, 1, 32, 8, 1>();
  b.template lr<2, 2, 32, 4, 0>();
  b.template lr<2, 2, 32, 4, 1>();
  b.template lr<2, 2, 32, 8, 1>();
  b.template lr<2, 4, 32, 2, 1>();
  b.template lr<V4, 1, 32, 8, 1>();
  b.template lr<V4, 2, 32, 4, 1>();
  b.template zr<V2, 1, 32, 8, 8, 0, 0>();
  b.template zr<V2, 2, 32, 4, 8, 0, 0>();
  b.template zr<V2, 2, 32, 4, 8, 1, 0>(); // call 1's best double (86.3-86.5%)
  b.template zr<V2, 2, 32, 8, 8, 0, 0>();
  b.template zr<V2, 3, 32, 4, 8, 0, 0>();
  b.template zr<V4, 2, 32, 4, 8, 0, 0>();
  b.template zr<V4, 2, 32, 4, 8, 1, 0>(); // call 1's best float (81.3-81.7%)
  b.template zr<V4, 2, 32, 2, 8, 1, 0>();
  b.template zr<V4, 3, 32, 4, 8, 1, 0>();
  b.template zr<V2, 2, 32, 4, 16, 0, 0>();
  b.template zr<V4, 2, 32, 4, 16, 0, 0>();
}

// -DH200_REFS: only the references of later runs (lsv, lsvc, the best zreg of each type), beside the generator's
// kernels timed by bench/drivers/stencil.cu in the same call (run 44).
template <typename T> void refs(int n) {
  BenchH200<T> b(n);
  b.template ls<2, 32, 8>();
  b.template lc<2, 32, 8>();
  b.template zr<2, 2, 32, 4, 8, 0, 0>();
  b.template zr<16 / sizeof(T), 2, 32, 4, 8, 0, 0>();
}

// -DH200_ROWS (run 46): tiles as wide as the row. At 512 a warp of float4 covers 128 x, so a 4-warp-wide block
// covers a whole row and reads no x halo through L2; ncu of run 43 read 28.2 M sectors for 16.8 M of input with
// 128-wide tiles (x halo 2/16, y halo 2/8, z halo 2/8). Rows of 256 and 512 beside the best shapes of run 43.
template <typename T> void rows(int n) {
  BenchH200<T> b(n);
  constexpr int V4 = 16 / sizeof(T);
  b.template ls<2, 32, 8>();
  b.template zr<V4, 2, 32, 4, 8, 0, 0>();
  b.template zr<2, 2, 32, 4, 8, 0, 0>();
  b.template zr<V4, 2, 64, 4, 8, 0, 0>();
  b.template zr<V4, 2, 64, 2, 8, 0, 0>();
  b.template zr<V4, 1, 64, 4, 8, 0, 0>();
  b.template zr<V4, 2, 128, 2, 8, 0, 0>();
  b.template zr<V4, 2, 128, 4, 8, 0, 0>();
  b.template zr<V4, 1, 128, 4, 8, 0, 0>();
  b.template zr<V4, 1, 128, 8, 8, 0, 0>();
  b.template zr<V4, 2, 128, 2, 16, 0, 0>();
  b.template zr<V4, 2, 128, 4, 16, 0, 0>();
  b.template zr<V4, 1, 128, 2, 8, 0, 0>();
  b.template zr<V4, 4, 128, 2, 8, 0, 0>();
  b.template zr<2, 2, 128, 4, 8, 0, 0>();
  b.template zr<2, 2, 256, 2, 8, 0, 0>();
  b.template zr<2, 1, 256, 4, 8, 0, 0>();
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
#ifdef H200_ROWS
  rows<float>(n);
  rows<double>(n);
  return 0;
#endif
#ifdef H200_REFS
  refs<float>(n);
  refs<double>(n);
#else
  h200<float>(n);
  h200<double>(n);
#endif
  return 0;
}
