//===- CudaPrinter.cpp - Print the GPU plan as a CUDA file -----------------===//
//
// Walks the plan and the IR and prints; it decides nothing. Names in the
// output come from the source: kernels are <function>_nest<N>_kernel, loop
// iterators, arrays and scalars keep their names, device copies of host
// arrays are d_<name>.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/CudaPrinter.h"
#include "loopgpu/CodeGen/ElementCount.h"
#include "TimeTilePrinter.h"
#include "loopgpu/CodeGen/HostCode.h"
#include "loopgpu/CodeGen/CudaNames.h"
#include "loopgpu/IR/ExprPrinter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>

using llvm::raw_ostream;

namespace loopgpu {
namespace {

const char *const Prelude = R"(#include <cuda_runtime.h>
#include <algorithm>
#include <initializer_list>
#include <stdint.h>
#include <type_traits>
#include <vector>
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
inline __host__ __device__ unsigned loopgpu_blocks(long long trip, long long block, long long limit) {
  return (unsigned)loopgpu_min((trip + block - 1) / block, limit);
}
// Whether a grid-stride loop's tile tests fit in an int: trip iterations in
// tiles of tile, grid blocks (the last tile tested is below trip / tile + grid).
inline bool loopgpu_int_tiles(long long trip, long long grid, long long tile) {
  return trip + (grid + 1) * tile <= INT_MAX;
}
// Bytes of count elements (0 if count is not positive); an overflow stops.
inline size_t loopgpu_bytes(long long count, size_t element) {
  size_t bytes = 0;
  if (count > 0 && __builtin_mul_overflow((size_t)count, element, &bytes)) {
    fprintf(stderr, "loopgpu: an array's size in bytes overflows\n");
    exit(EXIT_FAILURE);
  }
  return bytes;
}
// LOOPGPU_TRACE=1 in the environment: the host function says what it chose at run time.
inline bool loopgpu_tracing() {
  static const bool on = getenv("LOOPGPU_TRACE") != NULL;
  return on;
}
// A planned number, or the value of the environment variable name where it
// is set (LOOPGPU_DEVICE_LOOP_BLOCKS below; the thresholds of run-time
// choices between two kernels, which tests force either way).
inline long long loopgpu_env_or(const char *name, long long planned) {
  const char *env = getenv(name);
  return env && *env ? atoll(env) : planned;
}
// The most blocks a launch may need for its iteration of a host loop to run
// inside the loop's kernel (-device-loop-blocks), or LOOPGPU_DEVICE_LOOP_BLOCKS
// from the environment (0: every iteration launches its kernels).
inline long long loopgpu_device_loop_blocks(long long planned) {
  return loopgpu_env_or("LOOPGPU_DEVICE_LOOP_BLOCKS", planned);
}
// Copies bytes of the caller's memory to the GPU. From 16 MiB on, the range is
// page-locked in pieces of up to 16 MiB (cut on 2 MiB addresses, so no two
// pieces share a page) and each piece is sent as soon as it is locked, while
// the next is locked; a piece is unlocked once sent, at the latest before this
// returns, and at most 8 pieces (128 MiB) are locked at a time. The copy
// engine then reads the caller's pages directly instead of through the
// driver's staging buffer: 1.3 to 2.3 times a pageable cudaMemcpy's bandwidth
// on the hosts measured (bench/RESULTS.md run 26). A piece the driver does not
// lock (already locked memory, read-only pages) is copied as it is.
inline void loopgpu_copy_in(void *dst, const void *src, size_t bytes) {
  const uintptr_t piece = (uintptr_t)16 << 20, cut = (uintptr_t)2 << 20;
  const size_t window = 8;
  if (bytes < piece) {
    if (bytes > 0)
      LOOPGPU_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
    return;
  }
  struct sent_piece {
    char *host;
    bool locked;
    cudaEvent_t done;
  };
  std::vector<sent_piece> pieces;
  size_t sent = 0, locked = 0; // pieces[sent..] are in flight
  auto finish = [&](sent_piece &p) {
    LOOPGPU_CHECK(cudaEventSynchronize(p.done));
    LOOPGPU_CHECK(cudaEventDestroy(p.done));
    if (p.locked)
      LOOPGPU_CHECK(cudaHostUnregister(p.host));
  };
  for (uintptr_t a = (uintptr_t)src, end = a + bytes; a < end;) {
    if (pieces.size() - sent == window)
      finish(pieces[sent++]);
    uintptr_t b = (a + piece) / cut * cut;
    size_t n = (size_t)((b < end ? b : end) - a);
    sent_piece p = {(char *)a, false, NULL};
    p.locked = cudaHostRegister(p.host, n, cudaHostRegisterDefault) == cudaSuccess;
    if (!p.locked)
      (void)cudaGetLastError(); // not an error: the piece goes through the staging buffer
    locked += p.locked;
    LOOPGPU_CHECK(cudaMemcpyAsync((char *)dst + (a - (uintptr_t)src), p.host, n, cudaMemcpyHostToDevice, 0));
    LOOPGPU_CHECK(cudaEventCreateWithFlags(&p.done, cudaEventDisableTiming));
    LOOPGPU_CHECK(cudaEventRecord(p.done, 0));
    pieces.push_back(p);
    a += n;
  }
  while (sent < pieces.size())
    finish(pieces[sent++]);
  if (loopgpu_tracing())
    fprintf(stderr, "loopgpu: %zu bytes to the GPU in %zu pieces, %zu of them page-locked\n", bytes, pieces.size(),
            locked);
}
// The run-time check of a nest version for arrays apart: the byte ranges
// [a, a + abytes) and [b, b + bbytes) do not overlap.
inline bool loopgpu_apart(const void *a, size_t abytes, const void *b, size_t bbytes) {
  uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
  return abytes == 0 || bbytes == 0 || x + abytes <= y || y + bbytes <= x;
}
// A struct member a nest reads once before it runs (or stores after it)
// must not lie in an array the nest accesses: stops the program where it
// does, since the nest would not compute what the C computes.
inline void loopgpu_member_apart(const void *member, size_t bytes, const void *array, size_t abytes,
                                 const char *what) {
  if (!loopgpu_apart(member, bytes, array, abytes)) {
    fprintf(stderr, "loopgpu: %s\n", what);
    exit(EXIT_FAILURE);
  }
}
// The check's outcome; LOOPGPU_TRACE=1 prints it.
inline bool loopgpu_version(bool apart, const char *nest, const char *arrays) {
  if (loopgpu_tracing())
    fprintf(stderr, "loopgpu: %s: %s %s: %s\n", nest, arrays, apart ? "apart" : "overlap",
            apart ? "the version for arrays apart runs" : "the nest as analysed runs");
  return apart;
}
// Host byte ranges [lo, hi) in groups that overlap, directly or through
// other ranges of the group; each group's indexes by start address.
struct loopgpu_span {
  uintptr_t lo, hi;
};
inline std::vector<std::vector<size_t>> loopgpu_overlapping(const std::vector<loopgpu_span> &spans) {
  std::vector<size_t> order(spans.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return spans[a].lo < spans[b].lo; });
  std::vector<std::vector<size_t>> groups;
  for (size_t i = 0; i < order.size();) {
    uintptr_t hi = spans[order[i]].hi;
    size_t j = i + 1;
    for (; j < order.size() && spans[order[j]].lo < hi; ++j)
      hi = std::max(hi, spans[order[j]].hi);
    groups.emplace_back(order.begin() + i, order.begin() + j);
    i = j;
  }
  return groups;
}
// The device memory of a call's array arguments: host ranges that overlap
// (aliasing arguments) share one buffer, each at its offset in it, so the
// kernels see the aliasing the C code sees. Freed when the call returns.
struct loopgpu_region {
  struct range {
    const void *host;
    size_t bytes;
  };
  loopgpu_region(std::initializer_list<range> list) : ranges(list), dev(list.size()), alone(list.size()) {
    std::vector<loopgpu_span> spans;
    for (const range &r : ranges)
      spans.push_back({(uintptr_t)r.host, (uintptr_t)r.host + r.bytes});
    for (const std::vector<size_t> &group : loopgpu_overlapping(spans)) {
      uintptr_t lo = spans[group[0]].lo, hi = lo;
      for (size_t k : group)
        hi = std::max(hi, spans[k].hi);
      void *buffer = NULL;
      LOOPGPU_CHECK(cudaMalloc(&buffer, hi > lo ? hi - lo : 1));
      buffers.push_back(buffer);
      for (size_t k : group) {
        dev[k] = (char *)buffer + (spans[k].lo - lo);
        alone[k] = group.size() == 1;
      }
    }
  }
  ~loopgpu_region() {
    for (void *b : buffers)
      cudaFree(b);
  }
  loopgpu_region(const loopgpu_region &) = delete;
  loopgpu_region &operator=(const loopgpu_region &) = delete;
  void *device(size_t i) const { return dev[i]; }
  size_t bytes(size_t i) const { return ranges[i].bytes; }
  bool shared(size_t i) const { return !alone[i]; }

private:
  std::vector<range> ranges;
  std::vector<void *> dev, buffers;
  std::vector<bool> alone;
};
// The device memory of the arrays a nest copies itself (struct members,
// pointer variables, arrays only the nest can size): host ranges that
// overlap share device memory at the same offsets, as in loopgpu_region,
// and so do they with the arrays already on the GPU for the call that may
// hold the same memory (resident: host range and device copy, the newest
// bytes). A group of overlapping ranges inside one resident array uses its
// device copy; any other group gets a buffer of its own, filled from the
// host, then from the resident copies it overlaps, and emptied back into
// them and into the host ranges the nest writes by finish(), after the
// nest. Freed at the end of the nest's block.
struct loopgpu_nest_region {
  struct range {
    const void *host;
    size_t bytes;
    bool written;
  };
  struct resident {
    const void *host;
    size_t bytes;
    void *device;
  };
  loopgpu_nest_region(std::initializer_list<range> own, std::initializer_list<resident> on_gpu)
      : ranges(own), residents(on_gpu), dev(ranges.size() + residents.size()) {
    std::vector<loopgpu_span> spans;
    for (const range &r : ranges)
      spans.push_back({(uintptr_t)r.host, (uintptr_t)r.host + r.bytes});
    for (const resident &r : residents)
      spans.push_back({(uintptr_t)r.host, (uintptr_t)r.host + r.bytes});
    const size_t n = ranges.size();
    for (const std::vector<size_t> &group : loopgpu_overlapping(spans)) {
      uintptr_t lo = spans[group[0]].lo, hi = lo;
      bool any_own = false;
      for (size_t k : group) {
        hi = std::max(hi, spans[k].hi);
        any_own = any_own || k < n;
      }
      char *base = NULL; // the resident copy that holds the whole group
      for (size_t k : group)
        if (k >= n && spans[k].lo == lo && spans[k].hi == hi)
          base = (char *)residents[k - n].device;
      if (!any_own) { // arrays of the call alone: their copies share memory as they must already
        for (size_t k : group)
          dev[k] = residents[k - n].device;
        continue;
      }
      if (!base) {
        LOOPGPU_CHECK(cudaMalloc((void **)&base, hi > lo ? hi - lo : 1));
        moved.push_back({base, group});
        for (size_t k : group)
          if (k < n)
            loopgpu_copy_in(base + (spans[k].lo - lo), ranges[k].host, ranges[k].bytes);
        for (size_t k : group)
          if (k >= n && residents[k - n].bytes > 0)
            LOOPGPU_CHECK(cudaMemcpy(base + (spans[k].lo - lo), residents[k - n].device, residents[k - n].bytes,
                                     cudaMemcpyDeviceToDevice));
      }
      for (size_t k : group)
        dev[k] = base + (spans[k].lo - lo);
    }
  }
  ~loopgpu_nest_region() {
    for (const buffer &b : moved)
      cudaFree(b.base);
  }
  loopgpu_nest_region(const loopgpu_nest_region &) = delete;
  loopgpu_nest_region &operator=(const loopgpu_nest_region &) = delete;
  // The device copy of the nest's own range i.
  void *device(size_t i) const { return dev[i]; }
  // Where resident array i is while the nest runs.
  void *on_gpu(size_t i) const { return dev[ranges.size() + i]; }
  // After the nest: resident arrays moved into a buffer of the nest back
  // to their own, and the ranges the nest writes back to the host.
  void finish() {
    const size_t n = ranges.size();
    for (const buffer &b : moved)
      for (size_t k : b.group)
        if (k >= n && residents[k - n].bytes > 0)
          LOOPGPU_CHECK(cudaMemcpy(residents[k - n].device, dev[k], residents[k - n].bytes,
                                   cudaMemcpyDeviceToDevice));
    for (size_t i = 0; i < n; ++i)
      if (ranges[i].written && ranges[i].bytes > 0)
        LOOPGPU_CHECK(cudaMemcpy((void *)ranges[i].host, dev[i], ranges[i].bytes, cudaMemcpyDeviceToHost));
  }

private:
  struct buffer {
    char *base;
    std::vector<size_t> group;
  };
  std::vector<range> ranges;
  std::vector<resident> residents;
  std::vector<void *> dev;
  std::vector<buffer> moved;
};
// Device memory a host function holds for the whole call: freed on return.
struct loopgpu_device_buffer {
  void *ptr = NULL;
  size_t bytes = 0;
  loopgpu_device_buffer(long long count, size_t element) {
    if (count > 0 && __builtin_mul_overflow((size_t)count, element, &bytes)) {
      fprintf(stderr, "loopgpu: an array's size in bytes overflows\n");
      exit(EXIT_FAILURE);
    }
    LOOPGPU_CHECK(cudaMalloc(&ptr, bytes > 0 ? bytes : 1));
  }
  ~loopgpu_device_buffer() { cudaFree(ptr); }
  loopgpu_device_buffer(const loopgpu_device_buffer &) = delete;
  loopgpu_device_buffer &operator=(const loopgpu_device_buffer &) = delete;
};
)";

const char *const MmaHelpers = R"(
// D += A B for a 16 x 8 x 4 tile of doubles, computed by the whole warp on
// FP64 tensor cores (PTX mma.sync m16n8k4 on sm_90; two m8n8k4 on sm_80 to
// sm_89). Lane l holds A's rows l / 4 and l / 4 + 8 at column l % 4 (a0, a1),
// B's row l % 4 at column l / 4 (b), and D's rows l / 4 (d0, d1) and l / 4 + 8
// (d2, d3) at columns 2 (l % 4) and 2 (l % 4) + 1. Without tensor cores (the
// CPU emulation, older GPUs) the same sums from shuffles, one FMA per term.
__device__ inline void loopgpu_dmma_m16n8k4(double &d0, double &d1, double &d2, double &d3, double a0, double a1,
                                            double b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
               : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
               : "d"(a0), "d"(a1), "d"(b));
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d0), "+d"(d1)
               : "d"(a0), "d"(b));
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(d2), "+d"(d3)
               : "d"(a1), "d"(b));
#else
  const int lane = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32;
  for (int k = 0; k < 4; ++k) {
    const double r0 = __shfl_sync(0xffffffffu, a0, lane / 4 * 4 + k);
    const double r1 = __shfl_sync(0xffffffffu, a1, lane / 4 * 4 + k);
    const double c0 = __shfl_sync(0xffffffffu, b, lane % 4 * 8 + k);
    const double c1 = __shfl_sync(0xffffffffu, b, lane % 4 * 8 + 4 + k);
    d0 = fma(r0, c0, d0);
    d1 = fma(r0, c1, d1);
    d2 = fma(r1, c0, d2);
    d3 = fma(r1, c1, d3);
  }
#endif
}

// D += A B for a 16 x 8 x 8 tile of doubles (PTX mma.sync m16n8k8 on sm_90;
// two m16n8k4 steps elsewhere). Lane l holds A's rows l / 4 and l / 4 + 8 at
// the instruction's columns l % 4 (a0, a1) and l % 4 + 4 (a2, a3), B's rows
// l % 4 (b0) and l % 4 + 4 (b1) at column l / 4, D as m16n8k4's.
__device__ inline void loopgpu_dmma_m16n8k8(double &d0, double &d1, double &d2, double &d3, double a0, double a1,
                                            double a2, double a3, double b0, double b1) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+d"(d0), "+d"(d1), "+d"(d2), "+d"(d3)
               : "d"(a0), "d"(a1), "d"(a2), "d"(a3), "d"(b0), "d"(b1));
#else
  loopgpu_dmma_m16n8k4(d0, d1, d2, d3, a0, a1, b0);
  loopgpu_dmma_m16n8k4(d0, d1, d2, d3, a2, a3, b1);
#endif
}
)";

const char *const AsyncCopyHelpers = R"(
// Asynchronous copies into shared memory (sm_80 and newer: cp.async, no
// registers): *dst = *src where ok, zeros where not (src is then not read);
// T of 4, 8 or 16 bytes, both addresses aligned to its size. A thread's copies
// since its last commit form a group; wait<N> returns once at most N of its
// groups are still in flight. Elsewhere (the CPU emulation, older GPUs) the
// copy happens at once and commit and wait do nothing.
template <typename T>
__device__ inline void loopgpu_cp_async(T *dst, const T *src, bool ok) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16, "cp.async copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned shared = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  if (sizeof(T) == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(shared), "l"(src), "r"(ok ? 16 : 0) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(shared), "l"(src), "n"(int(sizeof(T))),
                 "r"(ok ? int(sizeof(T)) : 0) : "memory");
#else
  *dst = ok ? *src : T{};
#endif
}
// The first `bytes` bytes of *src into *dst, the rest of *dst zeros (0 <=
// bytes <= 16: a vector whose tail is past the border).
template <typename T>
__device__ inline void loopgpu_cp_async_bytes(T *dst, const T *src, int bytes) {
  static_assert(sizeof(T) == 16, "a 16-byte vector");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned shared = static_cast<unsigned>(__cvta_generic_to_shared(dst));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(shared), "l"(src), "r"(bytes) : "memory");
#else
  if (bytes == 16) {
    *dst = *src;
    return;
  }
  unsigned char staged[16] = {};
  memcpy(staged, static_cast<const void *>(src), bytes);
  memcpy(static_cast<void *>(dst), staged, 16);
#endif
}
__device__ inline void loopgpu_cp_async_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int N>
__device__ inline void loopgpu_cp_async_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}
)";

const char *const SideStreamHelpers = R"(
// A second stream, for a launch that may run beside the default stream's
// next launch (the tiles on the border beside an exact version), created
// for the call and destroyed at its join (CUDA frees it once its work is
// done): nothing outlives the call, so a cudaDeviceReset between calls
// leaves no stale handle. loopgpu_fork_side makes it wait for the work the
// default stream has so far; loopgpu_join_side makes the default stream
// wait for the work it has so far.
struct loopgpu_side {
  cudaStream_t stream;
  cudaEvent_t fork, join;
};
inline loopgpu_side loopgpu_fork_side() {
  loopgpu_side s;
  LOOPGPU_CHECK(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking));
  LOOPGPU_CHECK(cudaEventCreateWithFlags(&s.fork, cudaEventDisableTiming));
  LOOPGPU_CHECK(cudaEventCreateWithFlags(&s.join, cudaEventDisableTiming));
  LOOPGPU_CHECK(cudaEventRecord(s.fork, 0));
  LOOPGPU_CHECK(cudaStreamWaitEvent(s.stream, s.fork, 0));
  return s;
}
inline void loopgpu_join_side(const loopgpu_side &s) {
  LOOPGPU_CHECK(cudaEventRecord(s.join, s.stream));
  LOOPGPU_CHECK(cudaStreamWaitEvent(0, s.join, 0));
  LOOPGPU_CHECK(cudaEventDestroy(s.fork));
  LOOPGPU_CHECK(cudaEventDestroy(s.join));
  LOOPGPU_CHECK(cudaStreamDestroy(s.stream));
}
)";

const char *const AtomicCombine = R"(
// Combines val into *addr with op atomically, for 4- and 8-byte types, by a
// compare-and-swap loop on the bit pattern (floating-point sums therefore
// depend on the order in which blocks finish).
template <typename T, typename Op>
static __device__ inline void loopgpu_atomic_combine(T *addr, T val, Op op) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "4- or 8-byte reduction variable");
  typedef typename std::conditional<sizeof(T) == 4, unsigned int, unsigned long long>::type Bits;
  Bits *bits = reinterpret_cast<Bits *>(addr);
  Bits old = *bits, assumed;
  do {
    assumed = old;
    T cur, next;
    memcpy(&cur, &assumed, sizeof(T));
    next = op(cur, val);
    Bits nextBits;
    memcpy(&nextBits, &next, sizeof(T));
    old = atomicCAS(bits, assumed, nextBits);
  } while (assumed != old);
}

// Sums use the hardware's atomic add where it has one: a compare-and-swap
// loop serializes the blocks that finish together.
template <typename T>
static __device__ inline void loopgpu_atomic_add(T *addr, T val) {
  loopgpu_atomic_combine(addr, val, [](T a, T b) { return a + b; });
}
inline __device__ void loopgpu_atomic_add(int *addr, int val) { atomicAdd(addr, val); }
inline __device__ void loopgpu_atomic_add(unsigned *addr, unsigned val) { atomicAdd(addr, val); }
inline __device__ void loopgpu_atomic_add(float *addr, float val) { atomicAdd(addr, val); }
inline __device__ void loopgpu_atomic_add(double *addr, double val) { atomicAdd(addr, val); }
// 64-bit integers: two's complement addition is the same on the unsigned bits.
inline __device__ void loopgpu_atomic_add(long long *addr, long long val) {
  atomicAdd(reinterpret_cast<unsigned long long *>(addr), static_cast<unsigned long long>(val));
}
inline __device__ void loopgpu_atomic_add(unsigned long long *addr, unsigned long long val) {
  atomicAdd(addr, val);
}
inline __device__ void loopgpu_atomic_add(long *addr, long val) {
  static_assert(sizeof(long) == sizeof(unsigned long long), "LP64");
  atomicAdd(reinterpret_cast<unsigned long long *>(addr), static_cast<unsigned long long>(val));
}
inline __device__ void loopgpu_atomic_add(unsigned long *addr, unsigned long val) {
  static_assert(sizeof(unsigned long) == sizeof(unsigned long long), "LP64");
  atomicAdd(reinterpret_cast<unsigned long long *>(addr), static_cast<unsigned long long>(val));
}
)";

const char *const ScanHelpers = R"(
// Scans (first-order linear recurrences) run as CUB's DeviceScan over
// random-access iterators: element k of a scan's sequence is computed from
// the nest's arrays when CUB loads it (S::loopgpu_element), its result k is
// stored where the loop stores it (S::loopgpu_result); in a scan of several
// segments (rows) the key of element k is its segment.
#include <cub/device/device_scan.cuh>
#include <iterator>
template <class S> struct loopgpu_scan_input {
  typedef typename S::value_type value_type;
  typedef long long difference_type;
  typedef value_type reference;
  typedef const value_type *pointer;
  typedef std::random_access_iterator_tag iterator_category;
  S s;
  long long k;
  __host__ __device__ value_type operator[](long long d) const { return s.loopgpu_element(k + d); }
  __host__ __device__ value_type operator*() const { return s.loopgpu_element(k); }
  __host__ __device__ loopgpu_scan_input operator+(long long d) const { return {s, k + d}; }
};
template <class S> struct loopgpu_scan_output {
  typedef typename S::value_type value_type;
  typedef long long difference_type;
  typedef value_type &reference;
  typedef value_type *pointer;
  typedef std::random_access_iterator_tag iterator_category;
  S s;
  long long k;
  __host__ __device__ value_type &operator[](long long d) const { return s.loopgpu_result(k + d); }
  __host__ __device__ value_type &operator*() const { return s.loopgpu_result(k); }
  __host__ __device__ loopgpu_scan_output operator+(long long d) const { return {s, k + d}; }
};
// Division by a divisor fixed for the whole scan (a segment's length, a
// loop's trip count), once or twice per element: in 32 bits by a multiply and
// a shift (Granlund and Montgomery's round-up method: m = 2^32 (2^s - d) / d
// + 1, s = ceil(log2 d)), a 64-bit division only past 2^32.
struct loopgpu_divider {
  long long d;
  unsigned long long m;
  unsigned s;
};
inline loopgpu_divider loopgpu_make_divider(long long d) {
  loopgpu_divider v = {d, 0, 0};
  while (v.s < 32 && (1ull << v.s) < (unsigned long long)d)
    ++v.s;
  if (d < 4294967296ll)
    v.m = ((1ull << 32) * ((1ull << v.s) - (unsigned long long)d)) / (unsigned long long)d + 1;
  return v;
}
inline __host__ __device__ void loopgpu_divmod(long long k, const loopgpu_divider &v, long long &q, long long &r) {
  if ((unsigned long long)k < 4294967296ull && v.d < 4294967296ll)
    q = (long long)(((((unsigned long long)k * v.m) >> 32) + (unsigned long long)k) >> v.s);
  else
    q = k / v.d;
  r = k - q * v.d;
}
struct loopgpu_scan_segment {
  typedef long long value_type;
  typedef long long difference_type;
  typedef long long reference;
  typedef const long long *pointer;
  typedef std::random_access_iterator_tag iterator_category;
  loopgpu_divider len;
  long long k;
  __host__ __device__ long long operator[](long long d) const {
    long long q, r;
    loopgpu_divmod(k + d, len, q, r);
    return q;
  }
  __host__ __device__ long long operator*() const { return (*this)[0]; }
  __host__ __device__ loopgpu_scan_segment operator+(long long d) const { return {len, k + d}; }
};
// The scans' operators: CUB's own for + and * (tuned for them), min and max
// of floating point as fminf/fmaxf.
struct loopgpu_scan_min {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
  __host__ __device__ float operator()(float a, float b) const { return fminf(a, b); }
  __host__ __device__ double operator()(double a, double b) const { return fmin(a, b); }
};
struct loopgpu_scan_max {
  template <class T> __host__ __device__ T operator()(const T &a, const T &b) const { return b > a ? b : a; }
  __host__ __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
  __host__ __device__ double operator()(double a, double b) const { return fmax(a, b); }
};
// Their temporary storage: one buffer for the process, grown when a scan
// needs more (allocating it per call costs as much as scanning ten million
// elements: bench/RESULTS.md, run 21). A launcher holds the lock from taking
// the buffer until its scan is enqueued on the default stream; later scans
// are ordered after it there, and cudaFree waits for the device.
#include <mutex>
inline std::mutex &loopgpu_scan_mutex() {
  static std::mutex m;
  return m;
}
inline void *loopgpu_scan_storage(size_t bytes) {
  static void *buffer = NULL;
  static size_t capacity = 0;
  if (bytes > capacity) {
    if (buffer)
      LOOPGPU_CHECK(cudaFree(buffer));
    buffer = NULL;
    LOOPGPU_CHECK(cudaMalloc(&buffer, bytes));
    capacity = bytes;
  }
  return buffer;
}
)";

/// The identity element of a reduction operator for type T.
std::string identity(const std::string &Op, ScalarType T) {
  using K = ScalarType::Kind;
  if (Op == "+" || Op == "|" || Op == "^")
    return "0";
  if (Op == "*")
    return "1";
  if (Op == "&")
    return "(" + typeStr(T) + ")~0ull";
  bool Min = Op == "min";
  if (T.K == K::Float)
    return Min ? "INFINITY" : "-INFINITY";
  if (T.K == K::Double)
    return Min ? "HUGE_VAL" : "-HUGE_VAL";
  const char *Lim = "INT";
  if (T.K == K::Long)
    Lim = "LONG";
  else if (T.K == K::LongLong)
    Lim = "LLONG";
  if (T.IsUnsigned)
    return Min ? std::string("U") + Lim + "_MAX" : "0";
  return std::string(Lim) + (Min ? "_MAX" : "_MIN");
}

/// `a op b` as C for a reduction operator.
std::string combine(const std::string &Op, const std::string &A, const std::string &B) {
  if (Op == "min")
    return "(" + B + " < " + A + " ? " + B + " : " + A + ")";
  if (Op == "max")
    return "(" + B + " > " + A + " ? " + B + " : " + A + ")";
  return A + " " + Op + " " + B;
}

class CudaNestPrinter {
public:
  CudaNestPrinter(const Nest &N, const GPUPlan &Plan, const std::string &File, DiagnosticSink &Diags)
      : N(N), Plan(Plan), File(File), Diags(Diags) {
    for (const Statement &S : N.Statements)
      if (S.IsDeclaration)
        HasDeclStmt.insert(S.Body->Ops[0]->Index);
    Written.assign(N.Arrays.size(), false);
    for (const Access &A : N.Accesses) {
      if (A.isArray() && A.IsWrite)
        Written[A.Index] = true;
      if (A.isScalar())
        UsedScalars.insert(A.Index);
    }
    collectDeviceLoops(Plan.Host);
  }

  bool failed() const { return Failed; }

  std::string launcherName() const {
    return N.symbolPrefix() + "_device";
  }

  /// Outer scalars that the nest writes live on the device, behind a pointer.
  bool isDeviceScalar(unsigned S) const {
    return !N.Scalars[S].declaredInside() && N.Scalars[S].IsWritten;
  }
  std::string scalarPointer(unsigned S) const { return "loopgpu_ptr_" + N.Scalars[S].Name; }
  std::string deviceArray(unsigned A) const { return "loopgpu_d_" + N.Arrays[A].Name; }

  /// Temporary array A exists when K is launched: the launcher allocates it
  /// at its start, or in the body of its innermost allocation loop, a loop
  /// on the host that then encloses K.
  bool existsAt(unsigned A, const KernelPlan &K) const {
    const std::vector<unsigned> &Loops = N.Arrays[A].AllocLoops;
    return Loops.empty() || llvm::is_contained(K.HostLoops, Loops.back());
  }

  /// The parameters shared by the launcher and the kernels. Kernels (K set)
  /// also take the temporary arrays that exist at their launch; the
  /// launcher allocates those itself.
  std::vector<std::string> parameterDecls(const KernelPlan *K = nullptr) const {
    std::vector<std::string> Out;
    for (const ParamInfo &P : N.Params)
      Out.push_back(typeStr(P.Type) + " " + P.Name);
    for (unsigned S = 0; S < N.Scalars.size(); ++S) {
      const ScalarInfo &Sc = N.Scalars[S];
      if (Sc.declaredInside())
        continue;
      Out.push_back(isDeviceScalar(S) ? typeStr(Sc.Type) + " *" + scalarPointer(S)
                                      : typeStr(Sc.Type) + " " + Sc.Name);
    }
    for (unsigned A = 0; A < N.Arrays.size(); ++A) {
      const ArrayInfo &Arr = N.Arrays[A];
      if (Arr.isTemporary() && (!K || !existsAt(A, *K)))
        continue;
      std::string Qual = Written[A] ? "" : "const ";
      std::string Restrict = Plan.NoAlias[A] ? "__restrict__ " : "";
      Out.push_back(Qual + typeStr(Arr.ElementType) + " *" + Restrict + Arr.Name);
    }
    return Out;
  }
  std::vector<std::string> parameterNames(const KernelPlan *K = nullptr) const {
    std::vector<std::string> Out;
    for (const ParamInfo &P : N.Params)
      Out.push_back(P.Name);
    for (unsigned S = 0; S < N.Scalars.size(); ++S)
      if (!N.Scalars[S].declaredInside())
        Out.push_back(isDeviceScalar(S) ? scalarPointer(S) : N.Scalars[S].Name);
    for (unsigned A = 0; A < N.Arrays.size(); ++A)
      if (!N.Arrays[A].isTemporary() || (K && existsAt(A, *K)))
        Out.push_back(N.Arrays[A].Name);
    return Out;
  }

  //===------------------------------------------------------------------===//
  // Expressions
  //===------------------------------------------------------------------===//
  std::string aff(const AffExpr &E) const { return E.str(N.namer(), "loopgpu_min", "loopgpu_max"); }

  /// Arrays linearized row-major, device scalars dereferenced; reduction
  /// accumulators (LocalScalars) keep the variable's own name. Self prints
  /// the sub-expressions (subscripts), with every override in force.
  std::optional<std::string> baseOverride(const Expr &E, const ExprPrinter &Self,
                                          const std::set<unsigned> &LocalScalars) {
    if (E.K == Expr::Kind::ScalarRef && isDeviceScalar(E.Index) && !LocalScalars.count(E.Index))
      return "(*" + scalarPointer(E.Index) + ")";
    if (E.K != Expr::Kind::ArrayRef)
      return std::nullopt;
    const ArrayInfo &A = N.Arrays[E.Index];
    // The subscripts as written; a delinearized pointer keeps its one
    // linear subscript (a pointer to structs: and the struct's scalar, its
    // last dimension), multi-dimensional arrays are linearized row-major.
    std::string Index;
    const size_t Skip = A.IsDelinearized && E.Ops.size() < A.Extents.size() ? A.Extents.size() - E.Ops.size() : 0;
    for (size_t D = 0; D < E.Ops.size(); ++D) {
      std::string Sub = Self.print(*E.Ops[D]);
      if (D == 0) {
        Index = Sub;
        continue;
      }
      // Temporaries are laid out with the sizes they are allocated with.
      std::optional<AffExpr> Extent;
      if (A.isTemporary() && D < A.AllocExtents.size())
        Extent = A.AllocExtents[D];
      else if (!A.isTemporary() && D + Skip < A.Extents.size())
        Extent = A.Extents[D + Skip];
      if (!Extent) {
        Diags.error(E.Loc, "cannot index array '" + CudaNames::cName(A.Name) + "' on the GPU: the extent of its dimension " +
                               std::to_string(D) + " is unknown");
        Failed = true;
        return std::string("0");
      }
      bool Aligned = alignedRun(E.Index);
      Index = "(" + Index + ") * (" + (Aligned && D + 1 == E.Ops.size() ? alignedRow(A) : aff(*Extent)) + ") + (" +
              Sub + ")";
    }
    return (alignedRun(E.Index) ? alignedPtr(A) : A.Name) + "[" + Index + "]";
  }

  /// Whether array Array is read through its aligned pointer here
  /// (ParallelCtx::RunsAligned).
  bool alignedRun(unsigned Array) const {
    return PC.RunsAligned && PC.K && PC.K->XRuns && llvm::is_contained(PC.K->XRuns->Arrays, Array);
  }
  static std::string alignedPtr(const ArrayInfo &A) { return "loopgpu_al_" + A.Name; }
  static std::string alignedRow(const ArrayInfo &A) { return "loopgpu_row_" + A.Name; }

  /// A printer with the base overrides; heap-allocated so that its override
  /// can refer to the printer itself.
  std::unique_ptr<ExprPrinter> exprPrinter(const std::set<unsigned> &LocalScalars) {
    auto P = std::make_unique<ExprPrinter>(N);
    ExprPrinter *Self = P.get();
    P->Override = [this, Self, LocalScalars](const Expr &E) { return baseOverride(E, *Self, LocalScalars); };
    return P;
  }

  //===------------------------------------------------------------------===//
  // Code inside a thread
  //===------------------------------------------------------------------===//
  void indent(raw_ostream &OS, unsigned D) { OS.indent(2 * D); }

  void declareScalarsOf(raw_ostream &OS, unsigned Depth, const std::vector<unsigned> &Loops) {
    // Scalars declared (without an initializer) in one of Loops' bodies.
    for (unsigned S = 0; S < N.Scalars.size(); ++S) {
      const ScalarInfo &Sc = N.Scalars[S];
      if (!Sc.declaredInside() || HasDeclStmt.count(S) || Sc.DeclLoops.empty() || PC.Copied.count(S) ||
          !UsedScalars.count(S))
        continue;
      if (std::find(Loops.begin(), Loops.end(), Sc.DeclLoops.back()) != Loops.end()) {
        indent(OS, Depth);
        OS << typeStr(Sc.Type) << " " << Sc.Name << ";\n";
      }
    }
  }

  /// `Var <= Hi` for a variable of L's iterator type, compared as numbers:
  /// an unsigned one in 64 bits (a negative Hi, `m - 1` at m = 0, would be a
  /// huge unsigned value), a 64-bit unsigned one after Hi's sign.
  static std::string atMost(const Loop &L, const std::string &Var, const std::string &Hi) {
    if (!L.IteratorType.IsUnsigned)
      return Var + " <= " + Hi;
    if (L.IteratorType.K == ScalarType::Kind::Long || L.IteratorType.K == ScalarType::Kind::LongLong)
      return "(" + Hi + ") >= 0 && " + Var + " <= (unsigned long long)(" + Hi + ")";
    return "(long long)" + Var + " <= (long long)(" + Hi + ")";
  }

  /// The inclusive bound is compared in 64 bits: `i < n` became `i <= n - 1`,
  /// which must not overflow int for n = INT_MIN (no iteration).
  /// A 64-bit unsigned iterator would compare with a negative bound (`i < 0`
  /// became `i <= -1`) as unsigned: the bound is checked for sign first.
  void printLoopHeader(raw_ostream &OS, const Loop &L) {
    std::string T = typeStr(L.IteratorType);
    std::string Cond = atMost(L, L.Iterator, affIn64Bits(N, L.Upper));
    if (L.Step > 0)
      OS << "for (" << T << " " << L.Iterator << " = " << aff(L.Lower) << "; " << Cond << "; " << L.Iterator
         << " += " << L.Step << ")";
    else
      OS << "for (" << T << " " << L.Iterator << " = " << aff(L.Upper) << "; " << L.Iterator
         << " >= " << affIn64Bits(N, L.Lower) << "; " << L.Iterator << " -= " << -L.Step << ")";
  }

  void printNodes(raw_ostream &OS, const std::vector<NodePtr> &Nodes, unsigned Depth, ExprPrinter &EP) {
    std::vector<const Node *> Ptrs;
    for (const NodePtr &Nd : Nodes)
      Ptrs.push_back(Nd.get());
    printNodes(OS, Ptrs, Depth, EP);
  }
  void printNodes(raw_ostream &OS, const std::vector<const Node *> &Nodes, unsigned Depth, ExprPrinter &EP) {
    if (!PC.lanesSplit()) {
      for (const Node *Nd : Nodes)
        printNode(OS, *Nd, Depth, EP);
      return;
    }
    std::vector<const Node *> Run; // consecutive nodes without a lane loop: lane 0's
    for (const Node *Nd : Nodes) {
      if (!holdsLaneLoop(*Nd)) {
        Run.push_back(Nd);
        continue;
      }
      printLaneZero(OS, Run, Depth, EP);
      Run.clear();
      printLaneNode(OS, *Nd, Depth, EP);
    }
    printLaneZero(OS, Run, Depth, EP);
  }

  void printNode(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP) {
    if (PC.lanesSplit()) {
      printNodes(OS, std::vector<const Node *>{&Nd}, Depth, EP);
      return;
    }
    switch (Nd.K) {
    case Node::Kind::Loop:
      printLoopNode(OS, Nd, Depth, EP, "sequential in this thread");
      break;
    case Node::Kind::If:
      printIfNode(OS, Nd, Depth, EP, "");
      break;
    case Node::Kind::Stmt: {
      const Statement &S = N.Statements[Nd.Id];
      indent(OS, Depth);
      if (PC.K && PC.K->AtomicUpdates.count(Nd.Id)) {
        if (const KernelPlan::SharedBin *B = binsOf(S)) { // the block's copy, where the element is in it
          const Expr &Target = *S.Body->Ops[0];
          OS << "// line " << S.Loc.Line << ": " << S.Text << " into the block's bins (threads may update the same "
             << "element)\n";
          indent(OS, Depth);
          OS << "if (const long long loopgpu_bin = &" << EP.print(Target) << " - " << firstElement(Target, EP)
             << "; loopgpu_bin >= 0 && loopgpu_bin < " << B->Elements << ")\n";
          indent(OS, Depth + 1);
          OS << atomicUpdate(S, EP, binsVar(*B) + "[loopgpu_bin]") << ";\n";
          indent(OS, Depth);
          OS << "else // past the bins\n";
          indent(OS, Depth + 1);
          OS << atomicUpdate(S, EP) << ";\n";
          break;
        }
        OS << atomicUpdate(S, EP) << "; // line " << S.Loc.Line << ": " << S.Text
           << " (threads may update the same element)\n";
        break;
      }
      if (S.IsDeclaration && !PC.Copied.count(S.Body->Ops[0]->Index))
        OS << typeStr(N.Scalars[S.Body->Ops[0]->Index].Type) << " ";
      if (S.isRegion()) { // a loop the IR does not model: as written
        OS << "// line " << S.Loc.Line << ": " << S.Text << ", as written, in this thread\n";
        indent(OS, Depth);
        OS << EP.statement(*S.Body, std::string(2 * Depth, ' ')) << "\n";
        break;
      }
      OS << EP.statement(*S.Body, std::string(2 * Depth, ' ')) << " // line " << S.Loc.Line << "\n";
      break;
    }
    }
  }

  /// An atomic scatter's update (`X[..] += e`, `-=`, `++`, `--`) as one
  /// atomicAdd on the element; 8-byte integers through CUDA's unsigned long
  /// long overload (two's complement: the same bits).
  std::string atomicUpdate(const Statement &S, ExprPrinter &EP, const std::string &Into = "") {
    const Expr &B = *S.Body;
    const Expr &Target = *B.Ops[0];
    ScalarType T = N.Arrays[Target.Index].ElementType;
    std::string Value;
    if (B.K == Expr::Kind::Assign)
      Value = B.Op == "-=" ? "-(" + EP.print(*B.Ops[1]) + ")" : EP.print(*B.Ops[1]);
    else
      Value = B.Op == "++pre" || B.Op == "post++" ? "1" : "-1";
    return atomicAddOf(T, "&" + (Into.empty() ? EP.print(Target) : Into), "(" + Value + ")");
  }

  /// atomicAdd(Address, Value) on an element of type T; 8-byte integers
  /// through CUDA's unsigned long long overload (the same bits).
  static std::string atomicAddOf(ScalarType T, const std::string &Address, const std::string &Value) {
    if (T.K == ScalarType::Kind::Long || T.K == ScalarType::Kind::LongLong)
      return "atomicAdd((unsigned long long *)" + Address + ", (unsigned long long)" + Value + ")";
    return "atomicAdd(" + Address + ", (" + typeStr(T) + ")" + Value + ")";
  }

  /// The shared bins of the array an atomic update scatters into, if any.
  const KernelPlan::SharedBin *binsOf(const Statement &S) const {
    for (const KernelPlan::SharedBin &B : PC.K->Bins)
      if (B.Array == S.Body->Ops[0]->Index)
        return &B;
    return nullptr;
  }

  std::string binsVar(const KernelPlan::SharedBin &B) const { return "loopgpu_bins_" + N.Arrays[B.Array].Name; }

  /// `&A[0][0]...` for the array Ref refers to, as the kernel spells it.
  std::string firstElement(const Expr &Ref, ExprPrinter &EP) const {
    ExprPtr First = Ref.clone();
    for (ExprPtr &Sub : First->Ops) {
      Sub = std::make_unique<Expr>(Expr::Kind::IntLiteral);
      Sub->Text = "0";
    }
    First->AccessId = -1;
    return "&" + EP.print(*First);
  }

  /// Shared bins (KernelPlan::Bins): the block's zeroed copies, first.
  void printBinsPrologue(raw_ostream &OS, const KernelPlan &K) {
    if (K.Bins.empty())
      return;
    OS << "  // shared bins: the block's own copies of the arrays its atomic updates scatter into, zeroed, then "
          "added to the arrays at its end\n";
    OS << "  const int loopgpu_bin_tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n";
    OS << "  const int loopgpu_bin_threads = blockDim.x * blockDim.y * blockDim.z;\n";
    for (const KernelPlan::SharedBin &B : K.Bins) {
      const ArrayInfo &A = N.Arrays[B.Array];
      OS << "  __shared__ " << typeStr(A.ElementType) << " " << binsVar(B) << "[" << B.Elements << "]; // "
         << A.Name << "'s " << B.Elements << " elements\n";
      OS << "  for (int loopgpu_b = loopgpu_bin_tid; loopgpu_b < " << B.Elements
         << "; loopgpu_b += loopgpu_bin_threads)\n";
      OS << "    " << binsVar(B) << "[loopgpu_b] = 0;\n";
    }
    OS << "  __syncthreads();\n";
  }

  /// Shared bins: after every thread's updates, the nonzero counts go to
  /// the arrays.
  void printBinsEpilogue(raw_ostream &OS, const KernelPlan &K, ExprPrinter &EP) {
    if (K.Bins.empty())
      return;
    OS << "  __syncthreads(); // every update of the block is in its bins\n";
    for (const KernelPlan::SharedBin &B : K.Bins) {
      const ArrayInfo &A = N.Arrays[B.Array];
      const Expr *Ref = nullptr;
      for (unsigned S : K.AtomicUpdates)
        if (N.Statements[S].Body->Ops[0]->Index == B.Array)
          Ref = N.Statements[S].Body->Ops[0].get();
      OS << "  for (int loopgpu_b = loopgpu_bin_tid; loopgpu_b < " << B.Elements
         << "; loopgpu_b += loopgpu_bin_threads)\n";
      OS << "    if (" << binsVar(B) << "[loopgpu_b] != 0)\n";
      OS << "      "
         << atomicAddOf(A.ElementType, "((" + firstElement(*Ref, EP) + ") + loopgpu_b)", binsVar(B) + "[loopgpu_b]")
         << ";\n";
    }
  }

  /// A loop inside a thread, run as written; What says who runs it.
  void printLoopNode(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP, const std::string &What) {
    const Loop &L = N.Loops[Nd.Id];
    indent(OS, Depth);
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << ", " << What << "\n";
    indent(OS, Depth);
    printLoopHeader(OS, L);
    OS << " {\n";
    declareScalarsOf(OS, Depth + 1, {L.Id});
    printNodes(OS, Nd.Body, Depth + 1, EP);
    indent(OS, Depth);
    OS << "}\n";
  }
  void printIfNode(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP, const std::string &Comment) {
    indent(OS, Depth);
    OS << "if (" << EP.print(*Nd.Condition) << ") {" << Comment << "\n";
    printNodes(OS, Nd.Body, Depth + 1, EP);
    indent(OS, Depth);
    OS << "}";
    if (!Nd.Else.empty()) {
      OS << " else {\n";
      printNodes(OS, Nd.Else, Depth + 1, EP);
      indent(OS, Depth);
      OS << "}";
    }
    OS << "\n";
  }

  //===------------------------------------------------------------------===//
  // Lane reductions (KernelPlan::LaneLoops)
  //===------------------------------------------------------------------===//
  bool holdsLaneLoop(const Node &Nd) const {
    if (Nd.K == Node::Kind::Loop && PC.LaneLoops.count(Nd.Id))
      return true;
    for (const std::vector<NodePtr> *Body : {&Nd.Body, &Nd.Else})
      for (const NodePtr &C : *Body)
        if (holdsLaneLoop(*C))
          return true;
    return false;
  }

  /// A node of a warp's thread body outside the lane loops that holds a
  /// lane loop: the lane loop is split over the lanes; the loops and (the
  /// planner's affine) conditions around it are followed by every lane.
  void printLaneNode(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP) {
    if (Nd.K == Node::Kind::Loop && PC.LaneLoops.count(Nd.Id))
      printLaneLoop(OS, Nd, Depth, EP);
    else if (Nd.K == Node::Kind::Loop)
      printLoopNode(OS, Nd, Depth, EP, "sequential, run by every lane of the warp");
    else if (Nd.K == Node::Kind::If)
      printIfNode(OS, Nd, Depth, EP, " // every lane");
  }

  /// Nodes of a warp's thread body without a lane loop: lane 0 alone runs
  /// them. The scalars they declare are declared for every lane before
  /// (a later lane loop may read them, after the broadcast from lane 0).
  void printLaneZero(raw_ostream &OS, const std::vector<const Node *> &Run, unsigned Depth, ExprPrinter &EP) {
    if (Run.empty())
      return;
    for (const Node *Nd : Run)
      if (Nd->K == Node::Kind::Stmt && N.Statements[Nd->Id].IsDeclaration)
        if (unsigned Sc = N.Statements[Nd->Id].Body->Ops[0]->Index; !PC.Copied.count(Sc)) {
          indent(OS, Depth);
          OS << typeStr(N.Scalars[Sc].Type) << " " << N.Scalars[Sc].Name << ";\n";
        }
    indent(OS, Depth);
    OS << "if (loopgpu_lane == 0) { // lane 0 alone\n";
    PC.LaneZero = true;
    for (const Node *Nd : Run) {
      if (Nd->K == Node::Kind::Stmt && N.Statements[Nd->Id].IsDeclaration) {
        const Statement &S = N.Statements[Nd->Id];
        indent(OS, Depth + 1);
        OS << EP.print(*S.Body) << "; // line " << S.Loc.Line << "\n";
        continue;
      }
      printNode(OS, *Nd, Depth + 1, EP);
    }
    PC.LaneZero = false;
    indent(OS, Depth);
    OS << "}\n";
  }

  /// Private scalars of the thread (declared inside the mapped loop) that
  /// the nodes under Nd read, lane partials aside.
  std::set<unsigned> privateScalarsRead(const Node &Nd) const {
    std::set<unsigned> Out;
    unsigned Mapped = PC.K->Mapped[0].Loop;
    std::function<void(const Node &)> Visit = [&](const Node &X) {
      auto InExpr = [&](const Expr &E) {
        E.walk([&](const Expr &R) {
          if (R.K != Expr::Kind::ScalarRef || PC.LaneScalars.count(R.Index))
            return;
          const std::vector<unsigned> &DL = N.Scalars[R.Index].DeclLoops;
          if (std::find(DL.begin(), DL.end(), Mapped) != DL.end() &&
              std::find(DL.begin(), DL.end(), Nd.Id) == DL.end())
            Out.insert(R.Index);
        });
      };
      if (X.K == Node::Kind::Stmt)
        InExpr(*N.Statements[X.Id].Body);
      if (X.K == Node::Kind::If)
        InExpr(*X.Condition);
      for (const std::vector<NodePtr> *Body : {&X.Body, &X.Else})
        for (const NodePtr &C : *Body)
          Visit(*C);
    };
    Visit(Nd);
    return Out;
  }

  /// A lane loop: lane l runs the iterations l, l + 32, ... into its own
  /// partials (from the identity), shuffles combine them into lane 0, which
  /// combines the result into the variable if the loop ran at all.
  void printLaneLoop(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP) {
    const Loop &L = N.Loops[Nd.Id];
    std::vector<const Reduction *> Reds;
    for (const Reduction &R : PC.K->Reductions)
      if (R.Loop == Nd.Id)
        Reds.push_back(&R);
    indent(OS, Depth);
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator
       << ", a reduction split over the warp's 32 lanes (lane l runs iterations l, l + 32, ...), combined by "
          "shuffles into lane 0\n";
    indent(OS, Depth);
    OS << "__syncwarp(); // lane 0's writes so far are visible to every lane\n";
    // The variables' values before the loop, printed before the partials
    // take their place.
    std::vector<std::string> Vars;
    for (const Reduction *R : Reds) {
      if (R->Memory.isScalar()) {
        Vars.push_back(N.Scalars[R->Memory.Index].Name);
        continue;
      }
      const Expr *Ref = nullptr;
      N.Statements[N.Accesses[R->Accesses[0]].Stmt].Body->walk([&](const Expr &E) {
        if (!Ref && E.K == Expr::Kind::ArrayRef && E.AccessId == static_cast<int>(R->Accesses[0]))
          Ref = &E;
      });
      Vars.push_back(EP.print(*Ref));
    }
    for (const Reduction *R : Reds) {
      std::string Part = "loopgpu_lane_" + (R->Memory.isScalar() ? N.Scalars[R->Memory.Index].Name
                                                                  : N.Arrays[R->Memory.Index].Name + "_" +
                                                                        std::to_string(R->Accesses[0]));
      if (R->Memory.isScalar())
        PC.LaneScalars[R->Memory.Index] = Part;
      else
        for (unsigned A : R->Accesses)
          PC.LaneElements[static_cast<int>(A)] = Part;
    }
    for (unsigned S : privateScalarsRead(Nd)) {
      indent(OS, Depth);
      OS << N.Scalars[S].Name << " = __shfl_sync(0xffffffffu, " << N.Scalars[S].Name << ", 0); // lane 0's value\n";
    }
    indent(OS, Depth);
    OS << "{\n";
    std::vector<std::string> Parts;
    for (const Reduction *R : Reds) {
      ScalarType T = redType(*R);
      Parts.push_back(R->Memory.isScalar() ? PC.LaneScalars[R->Memory.Index]
                                           : PC.LaneElements[static_cast<int>(R->Accesses[0])]);
      indent(OS, Depth + 1);
      OS << typeStr(T) << " " << Parts.back() << " = " << identity(R->Op, T) << "; // this lane's " << R->Text
         << " (" << R->Op << ")\n";
    }
    std::string T = "loopgpu_t" + std::to_string(L.Id), Trip = "loopgpu_trip" + std::to_string(L.Id);
    indent(OS, Depth + 1);
    OS << "const long long " << Trip << " = loopgpu_trip(" << affIn64Bits(N, L.Lower) << ", "
       << affIn64Bits(N, L.Upper) << ", " << L.Step << ");\n";
    indent(OS, Depth + 1);
    OS << "#pragma unroll 4 // independent loads in flight\n";
    indent(OS, Depth + 1);
    OS << "for (long long " << T << " = loopgpu_lane; " << T << " < " << Trip << "; " << T << " += 32) {\n";
    indent(OS, Depth + 2);
    OS << "const " << typeStr(L.IteratorType) << " " << L.Iterator << " = (" << typeStr(L.IteratorType) << ")("
       << (L.Step > 0 ? aff(L.Lower) : aff(L.Upper)) << " + " << T << " * " << L.Step << ");\n";
    declareScalarsOf(OS, Depth + 2, {L.Id});
    PC.InLane = true;
    printNodes(OS, Nd.Body, Depth + 2, EP);
    PC.InLane = false;
    indent(OS, Depth + 1);
    OS << "}\n";
    for (size_t I = 0; I < Reds.size(); ++I) {
      const Reduction &R = *Reds[I];
      indent(OS, Depth + 1);
      OS << "for (int loopgpu_off = 16; loopgpu_off > 0; loopgpu_off /= 2) {\n";
      indent(OS, Depth + 2);
      OS << "const " << typeStr(redType(R)) << " loopgpu_down = __shfl_down_sync(0xffffffffu, " << Parts[I]
         << ", loopgpu_off);\n";
      indent(OS, Depth + 2);
      OS << Parts[I] << " = " << combine(R.Op, Parts[I], "loopgpu_down") << ";\n";
      indent(OS, Depth + 1);
      OS << "}\n";
    }
    for (const Reduction *R : Reds) {
      if (R->Memory.isScalar())
        PC.LaneScalars.erase(R->Memory.Index);
      else
        for (unsigned A : R->Accesses)
          PC.LaneElements.erase(static_cast<int>(A));
    }
    indent(OS, Depth + 1);
    OS << "if (loopgpu_lane == 0 && " << Trip << " > 0) { // the loop ran: its result into the variables\n";
    for (size_t I = 0; I < Reds.size(); ++I) {
      indent(OS, Depth + 2);
      OS << Vars[I] << " = " << combine(Reds[I]->Op, Vars[I], Parts[I]) << ";\n";
    }
    indent(OS, Depth + 1);
    OS << "}\n";
    indent(OS, Depth);
    OS << "}\n";
  }

  //===------------------------------------------------------------------===//
  // Kernels
  //===------------------------------------------------------------------===//
  std::vector<std::string> kernelParamList(const KernelPlan &K) {
    std::vector<std::string> Decls;
    for (unsigned L : K.HostLoops)
      Decls.push_back(typeStr(N.Loops[L].IteratorType) + " " + N.Loops[L].Iterator);
    for (std::string &D : parameterDecls(&K))
      Decls.push_back(D);
    return Decls;
  }
  std::string kernelParams(const KernelPlan &K) { return llvm::join(kernelParamList(K), ", "); }

  /// A grid-stride loop over the iterations of a mapped loop.
  void openMappedLoop(raw_ostream &OS, const MappedLoop &M, unsigned Depth, unsigned Unroll = 0) {
    const Loop &L = N.Loops[M.Loop];
    std::string T = "loopgpu_t" + std::to_string(M.Loop);
    std::string D(1, M.Dim);
    indent(OS, Depth);
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << " -> " << D
       << " (grid-stride over its iterations)\n";
    indent(OS, Depth);
    OS << "const long long loopgpu_trip" << M.Loop << " = loopgpu_trip(" << affIn64Bits(N, L.Lower) << ", "
       << affIn64Bits(N, L.Upper) << ", " << L.Step << ");\n";
    if (Unroll) {
      indent(OS, Depth);
      OS << "#pragma unroll " << Unroll << " // independent loads in flight\n";
    }
    indent(OS, Depth);
    OS << "for (long long " << T << " = (long long)blockIdx." << D << " * blockDim." << D
       << " + threadIdx." << D << "; " << T << " < loopgpu_trip" << M.Loop << "; " << T
       << " += (long long)gridDim." << D << " * blockDim." << D << ") {\n";
    indent(OS, Depth + 1);
    OS << "const " << typeStr(L.IteratorType) << " " << L.Iterator << " = ("
       << typeStr(L.IteratorType) << ")(" << (L.Step > 0 ? aff(L.Lower) : aff(L.Upper)) << " + "
       << T << " * " << L.Step << ");\n";
  }

  void printKernel(raw_ostream &OS, const KernelPlan &K) {
    PC = ParallelCtx();
    if (K.K == KernelPlan::Kind::Scan) {
      printScanStruct(OS, K);
      return;
    }
    if (K.K == KernelPlan::Kind::Reduction)
      printReductionGlobals(OS, K);
    for (const std::string &Note : K.Notes)
      OS << "// " << Note << "\n";
    for (const ArrayInfo &A : N.Arrays)
      if (!A.StructType.empty() && !A.StructMembers.empty()) {
        std::string Members;
        for (const std::string &M : A.StructMembers)
          Members += (Members.empty() ? "" : " ") + M;
        OS << "// " << A.Name << ": an array of " << A.StructType << " as " << A.ElementType.cudaStr() << "["
           << A.StructMembers.size() << "] per element (" << Members << "): " << A.Name << "[...]"
           << A.StructMembers[0] << " is " << A.Name << "[...][0], linearized below\n";
      }
    std::string Global = "__global__ void ";
    if (K.K != KernelPlan::Kind::Serial)
      Global += "__launch_bounds__(" + std::to_string(K.threadsPerBlock()) +
                (K.MinBlocksPerSM ? ", " + std::to_string(K.MinBlocksPerSM) : std::string()) + ") ";
    auto Loop = DeviceLoopOf.find(&K);
    if (Loop != DeviceLoopOf.end()) {
      // The kernel's blocks also run inside the loop's kernel, one after the
      // other: its code takes the built-in indices (blockIdx, gridDim,
      // threadIdx, blockDim) as arguments.
      OS << "// Also run by " << Loop->second->Name << ", block after block: the built-in indices are arguments.\n";
      OS << "static __device__ __forceinline__ void " << bodyName(K)
         << "(const uint3 blockIdx, const dim3 gridDim, const uint3 threadIdx, const dim3 blockDim"
         << (kernelParamList(K).empty() ? "" : ", ") << kernelParams(K) << ") {\n";
    } else {
      if (aligned32(K))
        OS << "template <bool loopgpu_aligned32> // the host's test: true where the arrays are aligned to runs and "
              "the tile tests fit in 32 bits\n";
      OS << Global << K.Name << "(" << kernelParams(K) << ") {\n";
    }
    switch (K.K) {
    case KernelPlan::Kind::Serial: {
      auto EP = exprPrinter({});
      printNodes(OS, K.Nodes, 1, *EP);
      break;
    }
    case KernelPlan::Kind::Parallel:
      printParallelKernel(OS, K);
      break;
    case KernelPlan::Kind::Reduction:
      printReductionKernel(OS, K);
      break;
    case KernelPlan::Kind::Scan:
      break;
    }
    OS << "}\n";
    if (Loop != DeviceLoopOf.end()) {
      std::vector<std::string> Args = {"blockIdx", "gridDim", "threadIdx", "blockDim"};
      for (std::string &A : kernelArgs(K))
        Args.push_back(A);
      OS << Global << K.Name << "(" << kernelParams(K) << ") { " << bodyName(K) << "(" << llvm::join(Args, ", ")
         << "); }\n";
    }
    OS << "\n";
    if (K.Exact) {
      OS << "// The exact version of " << K.Name << ", launched "
         << (K.borderSplit() ? "on the full tiles (" : "where every tile is full (") << exactWhen(K)
         << "): " << exactLacks(K) << ", one tile per block, vector tile copies.\n";
      OS << Global << exactName(K) << "(" << kernelParams(K) << ") {\n";
      printParallelKernel(OS, K, /*Exact=*/true);
      OS << "}\n\n";
    }
    if (K.borderSplit()) {
      OS << "// " << K.Name << " on the tiles on the border only (the full ones are " << exactName(K)
         << "'s), launched beside it.\n";
      OS << Global << borderName(K) << "(" << kernelParams(K) << ") {\n";
      printParallelKernel(OS, K, /*Exact=*/false, /*Border=*/true);
      OS << "}\n\n";
    }
  }
  std::string exactName(const KernelPlan &K) const { return K.Name + "_exact"; }
  /// What the exact version of K leaves out, for comments.
  static std::string exactLacks(const KernelPlan &K) {
    return K.Exact->TailStrip ? "no range checks, whole strips in the loop and the partial one after it"
                              : "no range checks, no partial strip";
  }
  std::string borderName(const KernelPlan &K) const { return K.Name + "_border"; }
  /// In words: when the exact version of K runs.
  std::string exactWhen(const KernelPlan &K) const {
    std::vector<std::string> Parts;
    for (auto [L, By] : K.Exact->Multiples)
      if (!mappedIn(K, L) && K.Exact->TailStrip)
        Parts.push_back(N.Loops[L].Iterator + "'s trip count positive");
      else if (!K.Exact->Border || !mappedIn(K, L)) // else the border version runs the tiles on the border
        Parts.push_back(N.Loops[L].Iterator + "'s trip count a multiple of " + std::to_string(By));
    for (unsigned I : K.Exact->Aligned)
      Parts.push_back(N.Arrays[K.Staged[I].Array].Name + "'s rows aligned");
    return llvm::join(Parts, ", ");
  }
  /// The host's test for the exact version of K, inside a launch (after
  /// printGridTrips): the trip counts divide, a block per tile fits the
  /// grid, the vector-copied rows are aligned.
  std::string exactTest(const KernelPlan &K) const {
    std::vector<std::string> Conds;
    for (auto [L, By] : K.Exact->Multiples) {
      const MappedLoop *M = mappedIn(K, L);
      std::string Trip = M ? "loopgpu_trip_" + std::string(1, M->Dim)
                           : "loopgpu_trip(" + affIn64Bits(N, N.Loops[L].Lower) + ", " +
                                 affIn64Bits(N, N.Loops[L].Upper) + ", " + std::to_string(N.Loops[L].Step) + ")";
      if (M && K.Exact->Border) // a full tile, at least: the border version runs the others
        Conds.push_back(Trip + " >= " + std::to_string(By));
      else if (M || !K.Exact->TailStrip) // else the partial strip runs after the loop
        Conds.push_back(Trip + " % " + std::to_string(By) + " == 0");
      if (M) // a block per full tile
        Conds.push_back(Trip + " / " + std::to_string(By) + " <= " + std::to_string(K.maxBlocks(*M)));
      else // the strip loop: its first strip is loaded before the loop
        Conds.push_back(Trip + " > 0");
    }
    for (unsigned I : K.Exact->Aligned)
      for (std::string &C : vectorCheckConds(K.Staged[I]))
        Conds.push_back(std::move(C));
    return llvm::join(Conds, " && ");
  }

  //===------------------------------------------------------------------===//
  // Host loops whose iterations run inside one kernel (DeviceLoopPlan)
  //===------------------------------------------------------------------===//
  void collectDeviceLoops(const std::vector<HostStep> &Steps) {
    for (const HostStep &S : Steps) {
      if (S.TimeTiled)
        TimeTiled.push_back(&S);
      if (S.Device) {
        DeviceLoops.push_back(&S);
        for (unsigned K : S.Device->Kernels)
          DeviceLoopOf.emplace(&Plan.Kernels[K], &*S.Device);
      }
      collectDeviceLoops(S.Body);
      collectDeviceLoops(S.Else);
    }
  }
  std::string bodyName(const KernelPlan &K) const { return K.Name + "_body"; }

  /// A kernel's arguments at its launch: the host loops' iterators, then the
  /// parameters.
  std::vector<std::string> kernelArgs(const KernelPlan &K) const {
    std::vector<std::string> Args;
    for (unsigned L : K.HostLoops)
      Args.push_back(N.Loops[L].Iterator);
    for (std::string &A : parameterNames(&K))
      Args.push_back(A);
    return Args;
  }

  /// The device loop's kernel parameters and arguments: the union of its
  /// kernels', less its own iterator, in order of first use.
  std::pair<std::vector<std::string>, std::vector<std::string>> deviceLoopParams(const HostStep &S) {
    std::vector<std::string> Decls, Args;
    const std::string &It = N.Loops[S.Src->Id].Iterator;
    for (unsigned KI : S.Device->Kernels) {
      const KernelPlan &K = Plan.Kernels[KI];
      std::vector<std::string> D = kernelParamList(K), A = kernelArgs(K);
      for (size_t I = 0; I < A.size(); ++I)
        if (A[I] != It && !llvm::is_contained(Args, A[I])) {
          Args.push_back(A[I]);
          Decls.push_back(D[I]);
        }
    }
    return {Decls, Args};
  }

  /// `it <= hi` (upward) or `it >= lo` (downward) for a 64-bit value V of
  /// loop L's iterator.
  std::string inRange(const Loop &L, const std::string &V) const {
    return L.Step > 0 ? V + " <= " + affIn64Bits(N, L.Upper) : V + " >= " + affIn64Bits(N, L.Lower);
  }

  /// The kernel that runs iterations first..last of a device loop's host
  /// loop: one block, each kernel's grid block by block, a barrier between
  /// kernels.
  void printDeviceLoopKernel(raw_ostream &OS, const HostStep &S) {
    const DeviceLoopPlan &D = *S.Device;
    const Loop &L = N.Loops[S.Src->Id];
    auto [Decls, Args] = deviceLoopParams(S);
    int64_t Threads = D.Threads * D.Slots;
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << " on the GPU for iterations first..last: one block runs\n"
       << "// each iteration's kernels in order, each kernel's blocks one after the other";
    if (D.Slots > 1)
      OS << " (" << D.Slots << " at a time,\n// slot s of " << D.Threads << " threads taking blocks s, s + " << D.Slots
         << ", ...)";
    OS << ", with\n// __syncthreads() between kernels where the host would launch them one after the other.\n";
    OS << "__global__ void __launch_bounds__(" << Threads << ") " << D.Name
       << "(long long loopgpu_first, long long loopgpu_last" << (Decls.empty() ? "" : ", ")
       << llvm::join(Decls, ", ") << ") {\n";
    OS << "  for (long long loopgpu_it = loopgpu_first; " << (L.Step > 0 ? "loopgpu_it <= loopgpu_last" : "loopgpu_it >= loopgpu_last")
       << "; loopgpu_it += " << L.Step << ") {\n";
    OS << "    const " << typeStr(L.IteratorType) << " " << L.Iterator << " = (" << typeStr(L.IteratorType)
       << ")loopgpu_it;\n";
    std::string Tid = D.Slots > 1 ? "loopgpu_tid" : "threadIdx.x";
    if (D.Slots > 1)
      OS << "    const unsigned loopgpu_slot = threadIdx.x / " << D.Threads << ", loopgpu_tid = threadIdx.x % "
         << D.Threads << ";\n";
    for (size_t I = 0; I < D.Kernels.size(); ++I) {
      const KernelPlan &K = Plan.Kernels[D.Kernels[I]];
      std::vector<std::string> KArgs = kernelArgs(K);
      OS << "    {\n";
      if (D.Runs[I] == DeviceLoopPlan::Run::Thread0) {
        KArgs.insert(KArgs.begin(), {"uint3{0, 0, 0}", "dim3(1, 1, 1)", "uint3{0, 0, 0}", "dim3(1, 1, 1)"});
        OS << "      if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) // " << K.Name << ": 1 thread\n";
        OS << "        " << bodyName(K) << "(" << llvm::join(KArgs, ", ") << ");\n";
      } else {
        std::array<int64_t, 3> B = K.blockShape();
        std::string Thread = "threadIdx", Shape = "blockDim";
        if (D.LinearThreads[I]) {
          // The linear thread index as the kernel's (x, y, z), x fastest.
          std::string X = std::to_string(B[0]), XY = std::to_string(B[0] * B[1]);
          Thread = B[1] == 1 && B[2] == 1 ? "uint3{" + Tid + ", 0, 0}"
                                          : "uint3{" + Tid + " % " + X + ", " + Tid + " / " + X + " % " +
                                                std::to_string(B[1]) + ", " + Tid + " / " + XY + "}";
          Shape = "dim3(" + std::to_string(B[0]) + ", " + std::to_string(B[1]) + ", " + std::to_string(B[2]) + ")";
        }
        KArgs.insert(KArgs.begin(), {"uint3{loopgpu_v % loopgpu_grid.x, loopgpu_v / loopgpu_grid.x % loopgpu_grid.y, "
                                     "loopgpu_v / (loopgpu_grid.x * loopgpu_grid.y)}",
                                     "loopgpu_grid", Thread, Shape});
        printGridTrips(OS, K, 3);
        OS << "      if (loopgpu_trip_x > 0 && loopgpu_trip_y > 0 && loopgpu_trip_z > 0) { // " << K.Name << "\n";
        if (D.Runs[I] == DeviceLoopPlan::Run::OneBlock)
          OS << "        const dim3 loopgpu_grid(1); // a grid-stride loop: one block, one combine\n";
        else
          OS << "        const dim3 loopgpu_grid(" << gridExpr(K) << ");\n";
        OS << "        const unsigned loopgpu_blocks_all = loopgpu_grid.x * loopgpu_grid.y * loopgpu_grid.z;\n";
        OS << "        for (unsigned loopgpu_v = " << (D.Slots > 1 ? "loopgpu_slot" : "0")
           << "; loopgpu_v < loopgpu_blocks_all; loopgpu_v += " << D.Slots << ")\n";
        OS << "          " << bodyName(K) << "(" << llvm::join(KArgs, ", ") << ");\n";
        OS << "      }\n";
      }
      OS << "      __syncthreads();\n";
      OS << "    }\n";
    }
    OS << "  }\n}\n\n";
  }

  void printDeviceLoopKernels(raw_ostream &OS) {
    for (const HostStep *S : DeviceLoops)
      printDeviceLoopKernel(OS, *S);
    for (const HostStep *S : TimeTiled)
      printTimeTileKernel(OS, timeTileContext(*S));
  }

  /// What the time-tile printer (TimeTilePrinter.h) needs of this one.
  TimeTileContext timeTileContext(const HostStep &S) {
    TimeTileContext C{N, S, parameterDecls(), parameterNames(), nullptr};
    C.Base = [this](const Expr &E, const ExprPrinter &Self) { return baseOverride(E, Self, {}); };
    return C;
  }

  /// The host side of a device loop: before launching an iteration's
  /// kernels, the host looks for a run of two or more iterations from this
  /// one whose launches each need at most the limit of blocks, and hands
  /// the run to the loop's kernel.
  void printDeviceLoopDispatch(raw_ostream &OS, const HostStep &S, unsigned Depth) {
    const DeviceLoopPlan &D = *S.Device;
    const Loop &L = N.Loops[S.Src->Id];
    auto [Decls, Args] = deviceLoopParams(S);
    std::string Fits = "loopgpu_fits_" + L.Iterator;
    indent(OS, Depth);
    OS << "// Iterations whose launches each need at most this many blocks run inside " << D.Name << ".\n";
    indent(OS, Depth);
    OS << "const long long loopgpu_small_" << L.Iterator << " = loopgpu_device_loop_blocks(" << D.MaxBlocks << ");\n";
    indent(OS, Depth);
    OS << "auto " << Fits << " = [&](long long loopgpu_it) {\n";
    indent(OS, Depth + 1);
    OS << "const " << typeStr(L.IteratorType) << " " << L.Iterator << " = (" << typeStr(L.IteratorType)
       << ")loopgpu_it;\n";
    indent(OS, Depth + 1);
    OS << "(void)" << L.Iterator << ";\n";
    for (size_t I = 0; I < D.Kernels.size(); ++I) {
      const KernelPlan &K = Plan.Kernels[D.Kernels[I]];
      if (K.K == KernelPlan::Kind::Serial)
        continue;
      std::string Limit = D.PerThreadLoops[I] ? "1" : "loopgpu_small_" + L.Iterator;
      indent(OS, Depth + 1);
      OS << "{ // " << K.Name << (D.PerThreadLoops[I] ? ": its threads run loops, one block at most" : "") << "\n";
      printGridTrips(OS, K, Depth + 2);
      indent(OS, Depth + 2);
      OS << "if (loopgpu_trip_x > 0 && loopgpu_trip_y > 0 && loopgpu_trip_z > 0) {\n";
      indent(OS, Depth + 3);
      OS << "const dim3 loopgpu_grid(" << gridExpr(K) << ");\n";
      indent(OS, Depth + 3);
      OS << "if ((long long)loopgpu_grid.x * loopgpu_grid.y * loopgpu_grid.z > " << Limit << ")\n";
      indent(OS, Depth + 4);
      OS << "return false;\n";
      indent(OS, Depth + 2);
      OS << "}\n";
      indent(OS, Depth + 1);
      OS << "}\n";
    }
    indent(OS, Depth + 1);
    OS << "return loopgpu_small_" << L.Iterator << " > 0;\n";
    indent(OS, Depth);
    OS << "};\n";
    indent(OS, Depth);
    printLoopHeader(OS, L);
    OS << " {\n";
    indent(OS, Depth + 1);
    OS << "if (" << Fits << "(" << L.Iterator << ")) {\n";
    indent(OS, Depth + 2);
    OS << "long long loopgpu_last = " << L.Iterator << ";\n";
    indent(OS, Depth + 2);
    OS << "while (" << inRange(L, "loopgpu_last + " + std::to_string(L.Step)) << " && " << Fits << "(loopgpu_last + "
       << L.Step << "))\n";
    indent(OS, Depth + 3);
    OS << "loopgpu_last += " << L.Step << ";\n";
    indent(OS, Depth + 2);
    OS << "if (loopgpu_last != " << L.Iterator << ") {\n";
    indent(OS, Depth + 3);
    OS << "if (loopgpu_tracing())\n";
    indent(OS, Depth + 4);
    OS << "fprintf(stderr, \"loopgpu: " << D.Name << ": iterations %lld to %lld in one launch\\n\", (long long)"
       << L.Iterator << ", loopgpu_last);\n";
    std::vector<std::string> LArgs = {"(long long)" + L.Iterator, "loopgpu_last"};
    LArgs.insert(LArgs.end(), Args.begin(), Args.end());
    indent(OS, Depth + 3);
    OS << D.Name << "<<<1, " << D.Threads * D.Slots << ">>>(" << llvm::join(LArgs, ", ") << ");\n";
    indent(OS, Depth + 3);
    OS << "LOOPGPU_CHECK(cudaGetLastError());\n";
    indent(OS, Depth + 3);
    OS << L.Iterator << " = (" << typeStr(L.IteratorType) << ")loopgpu_last;\n";
    indent(OS, Depth + 3);
    OS << "continue;\n";
    indent(OS, Depth + 2);
    OS << "}\n";
    indent(OS, Depth + 1);
    OS << "}\n";
    printHostSteps(OS, S.Body, Depth + 1);
    indent(OS, Depth);
    OS << "}\n";
  }

  //===------------------------------------------------------------------===//
  // Scans: CUB's DeviceScan over the recurrence's operands
  //===------------------------------------------------------------------===//
  std::string scanLen() const { return "loopgpu_len"; }
  std::string segTrip(unsigned L) const { return "loopgpu_trip" + std::to_string(L); }

  /// Declares the iterators of element k: the segment loops' (the last
  /// fastest) and the scan loop's, the loop's lower bound - 1 at position 0.
  void printScanIterators(raw_ostream &OS, const KernelPlan &K) {
    if (K.ScanSegments.empty()) {
      OS << "    const long long loopgpu_pos = loopgpu_k;\n";
    } else {
      OS << "    long long loopgpu_seg, loopgpu_pos;\n";
      OS << "    loopgpu_divmod(loopgpu_k, " << scanLen() << "_div, loopgpu_seg, loopgpu_pos);\n";
    }
    // The segment number in the loops' iterations, the innermost fastest.
    for (auto It = K.ScanSegments.rbegin(); It != K.ScanSegments.rend(); ++It) {
      const Loop &L = N.Loops[*It];
      bool Outermost = std::next(It) == K.ScanSegments.rend();
      std::string Index = "loopgpu_seg";
      if (!Outermost) {
        OS << "    long long loopgpu_idx" << L.Id << ";\n";
        OS << "    loopgpu_divmod(loopgpu_seg, " << segTrip(L.Id) << "_div, loopgpu_seg, loopgpu_idx" << L.Id << ");\n";
        Index = "loopgpu_idx" + std::to_string(L.Id);
      }
      OS << "    const " << typeStr(L.IteratorType) << " " << L.Iterator << " = (" << typeStr(L.IteratorType) << ")("
         << (L.Step > 0 ? aff(L.Lower) : aff(L.Upper))
         << (L.Step == 1    ? " + " + Index
             : L.Step == -1 ? " - " + Index
                            : " + " + Index + " * " + std::to_string(L.Step))
         << ");\n";
    }
    const Loop &L = N.Loops[K.TheScan->Loop];
    OS << "    const " << typeStr(L.IteratorType) << " " << L.Iterator << " = (" << typeStr(L.IteratorType) << ")("
       << aff(AffExpr::add(L.Lower, AffExpr::constant(-1))) << " + loopgpu_pos);\n";
  }

  void printScanStruct(raw_ostream &OS, const KernelPlan &K) {
    const Scan &Sc = *K.TheScan;
    const Loop &L = N.Loops[K.TheScan->Loop];
    const ArrayInfo &X = N.Arrays[Sc.Array];
    std::string T = typeStr(X.ElementType);
    for (const std::string &Note : K.Notes)
      OS << "// " << Note << ".\n";
    OS << "// Element k of " << (K.ScanSegments.empty() ? "the scanned sequence" : "a segment")
       << " is, for k = 0, the element stored before the first iteration (read by it), and after that the "
          "recurrence's other operand at iteration k of loop "
       << L.Iterator << "; the scan's result k goes where that iteration stores.\n";
    OS << "struct " << K.Name << " {\n";
    OS << "  typedef " << T << " value_type;\n";
    for (std::string D : kernelParamList(K)) {
      size_t R = D.find("__restrict__ ");
      if (R != std::string::npos)
        D.erase(R, strlen("__restrict__ "));
      OS << "  " << D << ";\n";
    }
    OS << "  long long " << scanLen() << "; // elements per segment: loop " << L.Iterator << "'s iterations + 1\n";
    if (!K.ScanSegments.empty())
      OS << "  loopgpu_divider " << scanLen() << "_div; // dividing by it\n";
    for (unsigned S : K.ScanSegments)
      if (S != K.ScanSegments.front())
        OS << "  loopgpu_divider " << segTrip(S) << "_div; // dividing by loop " << N.Loops[S].Iterator
           << "'s iterations\n";
    const Statement &St = N.Statements[Sc.Stmt];
    auto EP = exprPrinter({});
    std::string Store = EP->print(*St.Body->Ops[0]);
    OS << "  __host__ __device__ " << T << " loopgpu_element(long long loopgpu_k) const {\n";
    printScanIterators(OS, K);
    OS << "    return loopgpu_pos == 0 ? " << Store << " : (" << T << ")(" << EP->print(*Sc.Element) << ");\n";
    OS << "  }\n";
    OS << "  __host__ __device__ " << T << " &loopgpu_result(long long loopgpu_k) const {\n";
    printScanIterators(OS, K);
    OS << "    return " << Store << ";\n";
    OS << "  }\n";
    OS << "};\n\n";
  }

  void printScanLaunch(raw_ostream &OS, const KernelPlan &K, const std::vector<std::string> &Args, unsigned Depth) {
    const Scan &Sc = *K.TheScan;
    const Loop &L = N.Loops[K.TheScan->Loop];
    std::string Op = Sc.Op == "+"   ? "::cuda::std::plus<>()"
                     : Sc.Op == "*" ? "::cuda::std::multiplies<>()"
                                    : "loopgpu_scan_" + Sc.Op + "()";
    auto Line = [&](unsigned D, const std::string &Text) {
      indent(OS, D);
      OS << Text << "\n";
    };
    Line(Depth + 1, "// line " + std::to_string(L.Loc.Line) + ": loop " + L.Iterator + ", an inclusive scan (" + Sc.Op +
                        ") of " + N.Arrays[Sc.Array].Name + ", by CUB's DeviceScan" +
                        (K.ScanSegments.empty() ? "" : "::InclusiveScanByKey, one segment per iteration of the loops around it"));
    Line(Depth + 1, "const long long " + scanLen() + " = loopgpu_trip(" + affIn64Bits(N, L.Lower) + ", " +
                        affIn64Bits(N, L.Upper) + ", 1) + 1;");
    std::string Cond = scanLen() + " > 1", Count = scanLen(), Init;
    for (const std::string &A : Args)
      Init += A + ", ";
    Init += scanLen();
    if (!K.ScanSegments.empty())
      Init += ", loopgpu_make_divider(" + scanLen() + ")";
    for (unsigned S : K.ScanSegments) {
      const Loop &SL = N.Loops[S];
      Line(Depth + 1, "const long long " + segTrip(S) + " = loopgpu_trip(" + affIn64Bits(N, SL.Lower) + ", " +
                          affIn64Bits(N, SL.Upper) + ", " + std::to_string(SL.Step) + ");");
      Cond += " && " + segTrip(S) + " > 0";
      Count += ", " + segTrip(S);
      if (S != K.ScanSegments.front())
        Init += ", loopgpu_make_divider(" + segTrip(S) + ")";
    }
    Line(Depth + 1, "if (" + Cond + ") {");
    Line(Depth + 2, "const " + K.Name + " loopgpu_scan = {" + Init + "};");
    Line(Depth + 2, "const long long loopgpu_items = loopgpu_count({" + Count + "});");
    Line(Depth + 2, "const loopgpu_scan_input<" + K.Name + "> loopgpu_in = {loopgpu_scan, 0};");
    Line(Depth + 2, "const loopgpu_scan_output<" + K.Name + "> loopgpu_out = {loopgpu_scan, 0};");
    std::string Call = K.ScanSegments.empty()
                           ? "cub::DeviceScan::InclusiveScan(loopgpu_temp, loopgpu_temp_bytes, loopgpu_in, loopgpu_out, "
                           : "cub::DeviceScan::InclusiveScanByKey(loopgpu_temp, loopgpu_temp_bytes, loopgpu_segment, "
                             "loopgpu_in, loopgpu_out, ";
    Call += Op + ", loopgpu_items)";
    if (!K.ScanSegments.empty())
      Line(Depth + 2, "const loopgpu_scan_segment loopgpu_segment = {loopgpu_scan." + scanLen() + "_div, 0};");
    Line(Depth + 2, "void *loopgpu_temp = NULL;");
    Line(Depth + 2, "size_t loopgpu_temp_bytes = 0;");
    Line(Depth + 2, "LOOPGPU_CHECK(" + Call + "); // asks for the temporary storage's size");
    Line(Depth + 2, "std::lock_guard<std::mutex> loopgpu_lock(loopgpu_scan_mutex());");
    Line(Depth + 2, "loopgpu_temp = loopgpu_scan_storage(loopgpu_temp_bytes > 0 ? loopgpu_temp_bytes : 1);");
    Line(Depth + 2, "LOOPGPU_CHECK(" + Call + ");");
    Line(Depth + 1, "}");
  }

  //===------------------------------------------------------------------===//
  // Parallel kernels: tiles, coarsening, staging
  //===------------------------------------------------------------------===//
  // The block walks tiles of the mapped loops (uniformly, so barriers are
  // safe); each thread owns Copies = product of the coarsening factors
  // iterations of each tile. Top-level sequential loops whose bounds do not
  // depend on the mapped iterators are shared by the copies (unroll-and-jam:
  // values the copies have in common are loaded once and stay in registers);
  // everything else runs once per copy, guarded by the copy's range check.
  // Scalars declared inside become register arrays [C0][C1] when Copies > 1.

  struct ParallelCtx {
    const KernelPlan *K = nullptr;
    int64_t Copies = 1;
    std::set<unsigned> Copied;    ///< scalars held per copy (JamPlan::PerCopyScalars)
    bool InStaged = false;        ///< printing inside the staged strip
    /// Printing inside the staged loop's guard (KernelPlan::StagedGuard):
    /// each copy's work runs under its condition.
    const Node *Guard = nullptr;
    /// printPerCopy sets loopgpu_any for a copy in range (and under Guard)
    /// instead of printing the nodes.
    bool AnyOnly = false;
    /// Lane reductions (KernelPlan::LaneLoops). Outside the lane loops only
    /// lane 0 runs statements (LaneZero: inside a subtree it alone runs);
    /// inside one (InLane) each lane accumulates into its partials,
    /// LaneElements (reduction accesses -> partial) and LaneScalars.
    std::set<unsigned> LaneLoops;
    bool LaneZero = false, InLane = false;
    std::map<int, std::string> LaneElements;
    std::map<unsigned, std::string> LaneScalars;
    bool lanesSplit() const { return !LaneLoops.empty() && !LaneZero && !InLane; }
    /// Printing a full tile of vector runs whose arrays passed the alignment
    /// check (KernelPlan::XRuns): their references go through the aligned
    /// pointers and row lengths (runsAlignedDecls).
    bool RunsAligned = false;
    /// Printing the kernel's exact version (KernelPlan::Exact): every tile
    /// full, so no range checks, full strips only, vector tile copies.
    bool Exact = false;
    /// Printing the exact version's partial strip after its loop
    /// (ExactTiles::TailStrip): copies range-checked along the strip loop.
    bool Tail = false;
    /// Printing the kernel's border version (ExactTiles::Border): the
    /// kernel, skipping the full tiles.
    bool Border = false;
  };
  ParallelCtx PC;

  std::string copyIndex() const {
    std::string S;
    if (PC.Copies == 1)
      return S;
    for (size_t I = 0; I < PC.K->Mapped.size(); ++I)
      if (PC.K->Mapped[I].Coarsen > 1)
        S += "[loopgpu_c" + std::to_string(I) + "]";
    return S;
  }
  std::string tileVar(const MappedLoop &M) const { return "loopgpu_tile" + std::to_string(M.Loop); }
  std::string tVar(const MappedLoop &M) const { return "loopgpu_t" + std::to_string(M.Loop); }
  std::string tripVar(const MappedLoop &M) const { return "loopgpu_trip" + std::to_string(M.Loop); }
  std::string offVar(const MappedLoop &M) const { return "loopgpu_off" + std::to_string(M.Loop); }

  /// The type of a mapped loop's index arithmetic (thread offset, tile, trip
  /// position): the iterator's type widened to a signed int at least, so
  /// that `threadIdx.x` and `tile * 256` fit (a char offset would wrap to
  /// negative indices past 127); the iterator itself keeps its C type.
  std::string indexType(const Loop &L) const {
    using SK = ScalarType::Kind;
    switch (L.IteratorType.K) {
    case SK::Bool: case SK::Char: case SK::Short:
      return "int";
    case SK::Int:
      return L.IteratorType.IsUnsigned ? "long long" : "int";
    default:
      return "long long";
    }
  }

  /// The mapped loop of K that maps Loop, if any. The host's tests name the
  /// kernel they launch: PC.K is the kernel being printed, null or another
  /// kernel when the host code is printed.
  static const MappedLoop *mappedIn(const KernelPlan &K, unsigned Loop) {
    for (const MappedLoop &M : K.Mapped)
      if (M.Loop == Loop)
        return &M;
    return nullptr;
  }
  const MappedLoop *mappedFor(unsigned Loop) const { return mappedIn(*PC.K, Loop); }
  const StagedArray *stagedFor(unsigned Array) const {
    for (const StagedArray &S : PC.K->Staged)
      if (S.Array == Array)
        return &S;
    return nullptr;
  }
  /// The tile that holds the element E (an ArrayRef) reads: of E's array,
  /// with E's subscripts on the tile's loops (one tile per set of loops).
  const StagedArray *stagedFor(const Expr &E) const {
    for (const StagedArray &S : PC.K->Staged) {
      if (S.Array != E.Index || S.DimLoops.size() != E.Ops.size())
        continue;
      bool Match = true;
      for (size_t D = 0; D < E.Ops.size(); ++D) {
        std::set<unsigned> Its;
        E.Ops[D]->walk([&](const Expr &X) {
          if (X.K == Expr::Kind::IteratorRef)
            Its.insert(X.Index);
        });
        Match &= S.DimLoops[D] == ~0u ? Its.empty() : Its == std::set<unsigned>{S.DimLoops[D]};
      }
      if (Match)
        return &S;
    }
    return nullptr;
  }
  const StagedArray *haloFor(unsigned Array) const {
    for (const StagedArray &S : PC.K->Halo)
      if (S.Array == Array)
        return &S;
    return nullptr;
  }
  std::string baseVar(unsigned Loop) const { return "loopgpu_base" + std::to_string(Loop); }

  std::unique_ptr<ExprPrinter> parallelPrinter() {
    auto P = std::make_unique<ExprPrinter>(N);
    ExprPrinter *Self = P.get();
    P->Override = [this, Self](const Expr &E) -> std::optional<std::string> {
      if (E.K == Expr::Kind::ArrayRef)
        if (auto It = PC.LaneElements.find(E.AccessId); It != PC.LaneElements.end())
          return It->second;
      if (E.K == Expr::Kind::ScalarRef)
        if (auto It = PC.LaneScalars.find(E.Index); It != PC.LaneScalars.end())
          return It->second;
      if (E.K == Expr::Kind::ScalarRef && PC.Copied.count(E.Index))
        return N.Scalars[E.Index].Name + copyIndex();
      if (E.K == Expr::Kind::ArrayRef && PC.K->Transposed && E.Index == PC.K->Transposed->Array) {
        const TransposedWrite &T = *PC.K->Transposed;
        return "loopgpu_sh_" + N.Arrays[T.Array].Name + "[" + N.Loops[T.RowLoop].Iterator + " - loopgpu_base" +
               std::to_string(T.RowLoop) + "][" + N.Loops[T.ColLoop].Iterator + " - loopgpu_base" +
               std::to_string(T.ColLoop) + "]";
      }
      if (E.K == Expr::Kind::ArrayRef)
        if (const StagedArray *S = haloFor(E.Index)) {
          // The tile's element 0 along dimension D is the array's
          // loopgpu_base<L> + Offsets[D].
          std::string Idx;
          for (size_t D = 0; D < E.Ops.size(); ++D)
            Idx += "[(" + Self->print(*E.Ops[D]) + ") - " + plusConst(baseVar(S->DimLoops[D]), -S->Offsets[D]) + "]";
          return "loopgpu_sh_" + N.Arrays[E.Index].Name + Idx;
        }
      if (E.K == Expr::Kind::ArrayRef && PC.InStaged)
        if (const StagedArray *S = stagedFor(E)) {
          std::vector<std::string> Idx;
          for (size_t D = 0; D < S->DimLoops.size(); ++D) {
            unsigned L = S->DimLoops[D];
            if (const MappedLoop *M = mappedFor(L))
              Idx.push_back("[" + N.Loops[L].Iterator + " - loopgpu_base" + std::to_string(M->Loop) + "]");
            else if (L == *PC.K->StagedLoop)
              Idx.push_back("[" + N.Loops[L].Iterator + " - loopgpu_kk]");
            else
              Idx.push_back("[0]");
          }
          if (S->Transposed)
            std::reverse(Idx.begin(), Idx.end());
          return shVar(*S) + llvm::join(Idx, "");
        }
      return baseOverride(E, *Self, {});
    };
    return P;
  }

  void declareCopied(raw_ostream &OS, unsigned Depth, unsigned DeclLoop) {
    for (unsigned S : PC.Copied)
      if (N.Scalars[S].DeclLoops.back() == DeclLoop ||
          (DeclLoop == PC.K->Mapped.back().Loop && // the band's body: also those of its outer loops
           llvm::any_of(PC.K->Mapped, [&](const MappedLoop &M) { return M.Loop == N.Scalars[S].DeclLoops.back(); }))) {
        indent(OS, Depth);
        OS << typeStr(N.Scalars[S].Type) << " " << N.Scalars[S].Name;
        if (PC.Copies > 1)
          for (const MappedLoop &M : PC.K->Mapped)
            if (M.Coarsen > 1)
              OS << "[" << M.Coarsen << "]";
        OS << ";\n";
      }
  }

  /// The offset of copy C (an unrolled loop counter) from the thread's
  /// first iteration along M (MappedLoop's formula).
  std::string copyOffset(const MappedLoop &M, const std::string &C) const {
    if (PC.K && PC.K->Mma) // the accumulator layout: rows g, g + 8 per 16; columns 2t, 2t + 1 per 8
      return M.Loop == PC.K->Mma->RowLoop
                 ? "(" + C + " / 2) * " + std::to_string(MmaPlan::M) + " + (" + C + " % 2) * 8"
                 : "(" + C + " / 2) * " + std::to_string(MmaPlan::N) + " + " + C + " % 2";
    if (M.Vector == 1)
      return C + " * " + std::to_string(M.Stride);
    if (M.Vector == M.Coarsen) // a single run
      return C;
    return "(" + C + " / " + std::to_string(M.Vector) + ") * " + std::to_string(M.Stride * M.Vector) + " + " + C +
           " % " + std::to_string(M.Vector);
  }

  /// A copy's indices: loopgpu_t per mapped loop (where Guard or Readers
  /// need it) and the iterators Readers use, declared at depth D; returns
  /// the range checks of the copy.
  std::vector<std::string> printCopyIndices(raw_ostream &OS, const std::vector<const Node *> &Readers, unsigned D,
                                            bool Guard) {
    const KernelPlan &K = *PC.K;
    std::vector<std::string> Conds;
    for (const MappedLoop &M : K.Mapped) {
      const Loop &L = N.Loops[M.Loop];
      size_t I = &M - &K.Mapped[0];
      if (!Guard && !usesIterator(Readers, M.Loop))
        continue;
      indent(OS, D);
      OS << "const " << indexType(L) << " " << tVar(M) << " = " << tileVar(M) << " * " << M.tile()
         << " + " << offVar(M);
      if (M.Coarsen > 1)
        OS << " + " << copyOffset(M, "loopgpu_c" + std::to_string(I));
      OS << ";\n";
      bool Runs = K.XRuns && K.XRuns->Loop == M.Loop;
      if (usesIterator(Readers, M.Loop)) {
        indent(OS, D);
        OS << "const " << typeStr(L.IteratorType) << " " << L.Iterator << " = (" << typeStr(L.IteratorType) << ")(";
        if (Runs) // numbered from the aligned start (step 1)
          OS << runsStart(M) << " + " << tVar(M) << ");\n";
        else
          OS << (L.Step > 0 ? aff(L.Lower) : aff(L.Upper)) << " + " << tVar(M) << " * " << L.Step << ");\n";
      }
      if (Runs)
        Conds.push_back(tVar(M) + " >= " + shiftVar(M));
      Conds.push_back(tVar(M) + " < " + tripVar(M));
    }
    return Conds;
  }

  /// The border tiles' copies of a run (VectorRuns::BorderStore): each of
  /// the run's values computed under its range check into a register, then
  /// one vector store where the whole run is in range and the arrays are
  /// aligned, else the element stores of those in range.
  void printRunStore(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP,
                     std::optional<unsigned> DeclLoop) {
    const KernelPlan &K = *PC.K;
    const VectorRuns &R = *K.XRuns;
    const Statement &S = N.Statements[Nd.Id];
    const ArrayInfo &W = N.Arrays[R.BorderStore->Array];
    const size_t XI = K.Mapped.size() - 1; // the runs' loop is the innermost mapped one
    const std::string C = "loopgpu_c" + std::to_string(XI), V = std::to_string(R.V);
    const std::string Elem = W.ElementType.cudaStr(), Vec = vectorTypeName(W.ElementType, R.V);
    unsigned D = Depth;
    for (size_t I = 0; I < XI; ++I) {
      const MappedLoop &M = K.Mapped[I];
      if (M.Coarsen == 1)
        continue;
      indent(OS, D);
      OS << "#pragma unroll\n";
      indent(OS, D++);
      OS << "for (int loopgpu_c" << I << " = 0; loopgpu_c" << I << " < " << M.Coarsen << "; ++loopgpu_c" << I
         << ") {\n";
    }
    indent(OS, D);
    OS << "// the run's " << V << " values of " << W.Name << ", each under its range check, then stored together: "
       << "one " << Vec << " store where the whole run is in range (element stores would write each sector "
       << V << " times)\n";
    indent(OS, D);
    OS << Elem << " loopgpu_run[" << V << "];\n";
    indent(OS, D);
    OS << "unsigned loopgpu_in_run = 0;\n";
    indent(OS, D);
    OS << Elem << " *loopgpu_run_at = nullptr;\n";
    indent(OS, D);
    OS << "#pragma unroll\n";
    indent(OS, D++);
    OS << "for (int " << C << " = 0; " << C << " < " << V << "; ++" << C << ") {\n";
    std::vector<std::string> Conds = printCopyIndices(OS, {&Nd}, D, /*Guard=*/true);
    indent(OS, D);
    OS << "if (" << C << " == 0)\n";
    indent(OS, D + 1);
    OS << "loopgpu_run_at = &" << EP.print(*S.Body->Ops[0]) << "; // the run's first element\n";
    indent(OS, D++);
    OS << "if (" << llvm::join(Conds, " && ") << ") {\n";
    if (DeclLoop)
      declareScalarsOf(OS, D, {*DeclLoop});
    indent(OS, D);
    OS << "loopgpu_run[" << C << "] = " << EP.print(*S.Body->Ops[1]) << "; // line " << S.Loc.Line << "\n";
    indent(OS, D);
    OS << "loopgpu_in_run |= 1u << " << C << ";\n";
    indent(OS, --D);
    OS << "}\n";
    indent(OS, --D);
    OS << "}\n";
    std::vector<std::string> Lanes;
    for (int64_t E = 0; E < R.V; ++E)
      Lanes.push_back("loopgpu_run[" + std::to_string(E) + "]");
    indent(OS, D);
    OS << "if (loopgpu_in_run == " << ((1u << R.V) - 1) << "u && loopgpu_runs_aligned) {\n";
    indent(OS, D + 1);
    OS << "*reinterpret_cast<" << Vec << " *>(loopgpu_run_at) = make_" << Vec << "(" << llvm::join(Lanes, ", ")
       << ");\n";
    indent(OS, D);
    OS << "} else {\n";
    indent(OS, D + 1);
    OS << "#pragma unroll\n";
    indent(OS, D + 1);
    OS << "for (int loopgpu_e = 0; loopgpu_e < " << V << "; ++loopgpu_e)\n";
    indent(OS, D + 2);
    OS << "if (loopgpu_in_run >> loopgpu_e & 1u)\n";
    indent(OS, D + 3);
    OS << "loopgpu_run_at[loopgpu_e] = loopgpu_run[loopgpu_e];\n";
    indent(OS, D);
    OS << "}\n";
    while (D > Depth) {
      indent(OS, --D);
      OS << "}\n";
    }
  }

  /// Prints Nodes once per copy of the thread's iterations.
  void printPerCopy(raw_ostream &OS, const std::vector<const Node *> &Nodes, unsigned Depth,
                    ExprPrinter &EP, std::optional<unsigned> DeclLoop, bool Guard = true) {
    const KernelPlan &K = *PC.K;
    Guard &= !PC.Exact; // every copy of the exact version is in range
    if (Guard && K.FullTiles && K.XRuns && K.XRuns->BorderStore && !PC.Guard && !PC.AnyOnly && Nodes.size() == 1 &&
        Nodes[0]->K == Node::Kind::Stmt && Nodes[0]->Id == K.XRuns->BorderStore->Stmt)
      return printRunStore(OS, *Nodes[0], Depth, EP, DeclLoop);
    unsigned D = Depth;
    if (PC.Copies == 1) { // one iteration per thread: a scope for its names
      indent(OS, D++);
      OS << "{\n";
    }
    for (size_t I = 0; I < K.Mapped.size(); ++I) {
      const MappedLoop &M = K.Mapped[I];
      if (M.Coarsen == 1)
        continue; // one iteration per thread along this dimension
      indent(OS, D);
      OS << "#pragma unroll\n";
      indent(OS, D++);
      OS << "for (int loopgpu_c" << I << " = 0; loopgpu_c" << I << " < " << M.Coarsen << "; ++loopgpu_c" << I
         << ") {\n";
    }
    // The iterators the nodes (or the guard around them) read.
    std::vector<const Node *> Readers = Nodes;
    std::optional<Node> GuardCond;
    if (PC.Guard) {
      GuardCond.emplace(Node::Kind::If);
      GuardCond->Condition = PC.Guard->Condition->clone();
      Readers.push_back(&*GuardCond);
    }
    std::vector<std::string> Conds = printCopyIndices(OS, Readers, D, Guard);
    if (Guard) {
      indent(OS, D);
      OS << "if (" << llvm::join(Conds, " && ") << ") {\n";
      ++D;
    }
    if (PC.Guard) {
      indent(OS, D++);
      OS << "if (" << EP.print(*PC.Guard->Condition) << ") { // line " << PC.Guard->Loc.Line << "\n";
    }
    if (PC.AnyOnly) {
      indent(OS, D);
      OS << "loopgpu_any = 1;\n";
    } else {
      if (DeclLoop)
        declareScalarsOf(OS, D, {*DeclLoop});
      for (const Node *Nd : Nodes)
        printNode(OS, *Nd, D, EP);
    }
    if (PC.Guard) {
      indent(OS, --D);
      OS << "}\n";
    }
    if (Guard) {
      indent(OS, --D);
      OS << "}\n";
    }
    while (D > Depth) {
      indent(OS, --D);
      OS << "}\n";
    }
  }

  /// Does any of Nodes use loop Loop's iterator?
  bool usesIterator(const std::vector<const Node *> &Nodes, unsigned Loop) const {
    bool Uses = false;
    auto InExpr = [&](const Expr &E) {
      E.walk([&](const Expr &X) { Uses |= X.K == Expr::Kind::IteratorRef && X.Index == Loop; });
    };
    std::function<void(const Node &)> Visit = [&](const Node &Nd) {
      switch (Nd.K) {
      case Node::Kind::Stmt:
        InExpr(*N.Statements[Nd.Id].Body);
        break;
      case Node::Kind::If:
        InExpr(*Nd.Condition);
        break;
      case Node::Kind::Loop:
        Uses |= N.Loops[Nd.Id].Lower.uses(AffVar::iterator(Loop)) ||
                N.Loops[Nd.Id].Upper.uses(AffVar::iterator(Loop));
        break;
      }
      for (const NodePtr &C : Nd.Body)
        Visit(*C);
      for (const NodePtr &C : Nd.Else)
        Visit(*C);
    };
    for (const Node *Nd : Nodes)
      Visit(*Nd);
    return Uses;
  }

  /// A loop the copies share (JamPlan::SharedLoops), or the guard that
  /// holds the staged loop (printed by printStagedGuard).
  bool jammable(const Node &Nd) const {
    return &Nd == PC.K->StagedGuard || (Nd.K == Node::Kind::Loop && PC.K->Jam.SharedLoops.count(Nd.Id));
  }

  /// Top-level nodes of the thread's work: jam shared loops, copy the rest.
  void printJammed(raw_ostream &OS, const std::vector<NodePtr> &Nodes, unsigned Depth, ExprPrinter &EP,
                   unsigned DeclLoop) {
    std::vector<const Node *> Run; // consecutive nodes printed per copy together
    auto Flush = [&]() {
      if (!Run.empty())
        printPerCopy(OS, Run, Depth, EP, std::nullopt);
      Run.clear();
    };
    for (const NodePtr &P : Nodes) {
      const Node &Nd = *P;
      if (&Nd == PC.K->StagedGuard) {
        Flush();
        printStagedGuard(OS, Nd, Depth, EP, DeclLoop);
        continue;
      }
      if (!jammable(Nd)) {
        Run.push_back(&Nd);
        continue;
      }
      Flush();
      const Loop &L = N.Loops[Nd.Id];
      if (PC.K->StagedLoop && *PC.K->StagedLoop == L.Id) {
        printStagedLoop(OS, Nd, Depth, EP);
        continue;
      }
      indent(OS, Depth);
      OS << "// line " << L.Loc.Line << ": loop " << L.Iterator
         << ", sequential, shared by the thread's iterations (unroll-and-jam)\n";
      indent(OS, Depth);
      printLoopHeader(OS, L);
      OS << " {\n";
      declareCopied(OS, Depth + 1, L.Id);
      printJammed(OS, Nd.Body, Depth + 1, EP, L.Id);
      indent(OS, Depth);
      OS << "}\n";
    }
    Flush();
    (void)DeclLoop;
  }

  /// The guard that holds the staged loop (KernelPlan::StagedGuard): a
  /// block none of whose copies passes it skips its body; otherwise the
  /// whole block runs the body (the strips' loads and barriers), each copy's
  /// work under the guard.
  void printStagedGuard(raw_ostream &OS, const Node &Guard, unsigned Depth, ExprPrinter &EP, unsigned DeclLoop) {
    indent(OS, Depth);
    OS << "// line " << Guard.Loc.Line << ": the guard '" << EP.print(*Guard.Condition)
       << "' goes inside the staged strips (the whole block loads the tiles); a block whose threads all fail it "
          "skips them\n";
    indent(OS, Depth);
    OS << "int loopgpu_any = 0;\n";
    PC.Guard = &Guard;
    PC.AnyOnly = true;
    printPerCopy(OS, {}, Depth, EP, std::nullopt);
    PC.AnyOnly = false;
    indent(OS, Depth);
    OS << "if (__syncthreads_or(loopgpu_any)) {\n";
    printJammed(OS, Guard.Body, Depth + 1, EP, DeclLoop);
    indent(OS, Depth);
    OS << "}\n";
    PC.Guard = nullptr;
  }

  /// The vector type of S's 16-byte tile loads.
  std::string vectorType(const StagedArray &S) const { return vector16(N.Arrays[S.Array].ElementType)->first; }
  static const char *lane(int64_t C) { return C == 0 ? "x" : C == 1 ? "y" : C == 2 ? "z" : "w"; }

  /// How the block copies S's footprint: a constant number of rounds of
  /// Threads loads, each of V consecutive elements of the last dimension.
  struct CopyShape {
    int64_t Elems = 1, V = 1, Threads = 1, Loads = 1, Rounds = 1;
  };
  CopyShape copyShape(const StagedArray &S) const {
    CopyShape C;
    C.Elems = S.elements();
    C.V = S.GlobalVector;
    C.Threads = PC.K->threadsPerBlock();
    C.Loads = S.CopyLoads;
    C.Rounds = S.CopyRounds;
    return C;
  }
  std::string pfVar(const StagedArray &S) const { return "loopgpu_pf_" + N.Arrays[S.Array].Name + S.Suffix; }
  std::string vecFlag(const StagedArray &S) const { return "loopgpu_vec_" + N.Arrays[S.Array].Name + S.Suffix; }
  std::string shVar(const StagedArray &S) const { return "loopgpu_sh_" + N.Arrays[S.Array].Name + S.Suffix; }
  std::string stagesVar(const StagedArray &S) const {
    return "loopgpu_stages_" + N.Arrays[S.Array].Name + S.Suffix;
  }

  /// Opens the copy's unrolled loop over rounds: loopgpu_e is the first
  /// footprint element (row-major, the last dimension fastest) of this
  /// thread's load in the round. Returns the depth of its body.
  unsigned openCopyRounds(raw_ostream &OS, const CopyShape &C, unsigned D) {
    indent(OS, D);
    OS << "#pragma unroll\n";
    indent(OS, D);
    OS << "for (int loopgpu_r = 0; loopgpu_r < " << C.Rounds << "; ++loopgpu_r) {\n";
    indent(OS, D + 1);
    OS << "const int loopgpu_e = " << (C.V > 1 ? "(" : "") << "loopgpu_tid + loopgpu_r * " << C.Threads
       << (C.V > 1 ? ") * " + std::to_string(C.V) : "") << ";\n";
    if (C.Loads % C.Threads == 0)
      return D + 1;
    indent(OS, D + 1);
    OS << "if (loopgpu_e < " << C.Elems << ") {\n";
    return D + 2;
  }
  void closeCopyRounds(raw_ostream &OS, const CopyShape &C, unsigned D) {
    if (C.Loads % C.Threads != 0) {
      indent(OS, D + 1);
      OS << "}\n";
    }
    indent(OS, D);
    OS << "}\n";
  }
  /// The footprint index of loopgpu_e (plus Lane along the last dimension)
  /// along dimension Dim, as an expression.
  std::string copyIndex(const StagedArray &S, unsigned Dim, int64_t Lane, const std::string &E = "loopgpu_e") const {
    int64_t Below = 1;
    for (unsigned D2 = Dim + 1; D2 < S.Extents.size(); ++D2)
      Below *= S.Extents[D2];
    std::string R = "(" + E + " / " + std::to_string(Below) + " % " + std::to_string(S.Extents[Dim]) + ")";
    return Lane ? "(" + R + " + " + std::to_string(Lane) + ")" : R;
  }
  using ElementFn = llvm::function_ref<std::pair<std::string, std::string>(unsigned, const std::string &)>;
  /// The global element of the footprint at loopgpu_e (+ Lane along the
  /// last dimension): its subscript expression and its load condition.
  std::pair<std::string, std::string> copySource(const StagedArray &S, int64_t Lane, ElementFn Element,
                                                 const std::string &E = "loopgpu_e") const {
    const ArrayInfo &A = N.Arrays[S.Array];
    std::vector<std::string> Subs, Ok;
    for (unsigned D2 = 0; D2 < S.Extents.size(); ++D2) {
      auto [Sub, Cond] = Element(D2, copyIndex(S, D2, D2 + 1 == S.Extents.size() ? Lane : 0, E));
      if (!Cond.empty())
        Ok.push_back(Cond);
      Subs.push_back(Sub);
    }
    std::string Linear = Subs[0];
    for (size_t D2 = 1; D2 < Subs.size(); ++D2)
      Linear = "(" + Linear + ") * (" + aff(*A.Extents[D2]) + ") + " + Subs[D2];
    return {Linear, llvm::join(Ok, " && ")};
  }

  /// First half of the block's cooperative, coalesced copy of S's footprint
  /// into shared memory: each thread loads its elements into registers
  /// (loopgpu_pf_<A>), a constant number of them, unrolled so that all its
  /// loads are in flight together. Element(D, R) gives the array subscript
  /// along dimension D of footprint index R and the condition (or "") under
  /// which it is loaded; elements failing it are 0. With 16-byte loads, a
  /// vector loads at once when the kernel's alignment check passed and its
  /// last element is in range (the conditions only bound indices from
  /// above), else element by element.
  void printTileLoad(raw_ostream &OS, const StagedArray &S, unsigned D, const std::string &What, ElementFn Element) {
    const ArrayInfo &A = N.Arrays[S.Array];
    CopyShape C = copyShape(S);
    std::string Zero = "(" + typeStr(A.ElementType) + ")0";
    indent(OS, D);
    OS << "// " << What << " of " << A.Name << " into registers: " << C.Rounds
       << (C.V > 1 ? " 16-byte load" : " element") << (C.Rounds == 1 ? "" : "s") << " per thread\n";
    unsigned B = openCopyRounds(OS, C, D);
    if (PC.Exact) { // every element in range, every row aligned
      auto [Linear, Ok] = copySource(S, 0, Element);
      assert(Ok.empty() && "the exact version loads out of range");
      indent(OS, B);
      if (C.V == 1)
        OS << pfVar(S) << "[loopgpu_r] = " << A.Name << "[" << Linear << "];\n";
      else
        OS << pfVar(S) << "[loopgpu_r] = *reinterpret_cast<const " << vectorType(S) << " *>(&" << A.Name << "["
           << Linear << "]);\n";
    } else if (C.V == 1) {
      auto [Linear, Ok] = copySource(S, 0, Element);
      indent(OS, B);
      OS << pfVar(S) << "[loopgpu_r] = " << (Ok.empty() ? "true" : Ok) << " ? " << A.Name << "[" << Linear
         << "] : " << Zero << ";\n";
    } else {
      auto [Linear, Ok] = copySource(S, 0, Element);
      std::string LastOk = copySource(S, C.V - 1, Element).second;
      indent(OS, B);
      OS << "if (" << vecFlag(S) << (LastOk.empty() ? "" : " && " + LastOk) << ") {\n";
      indent(OS, B + 1);
      OS << pfVar(S) << "[loopgpu_r] = *reinterpret_cast<const " << vectorType(S) << " *>(&"
         << A.Name << "[" << Linear << "]);\n";
      indent(OS, B);
      OS << "} else { // unaligned rows, or the vector crosses the border\n";
      for (int64_t L = 0; L < C.V; ++L) {
        auto [LinearL, OkL] = copySource(S, L, Element);
        indent(OS, B + 1);
        OS << pfVar(S) << "[loopgpu_r]." << lane(L) << " = " << (OkL.empty() ? "true" : OkL) << " ? " << A.Name
           << "[" << LinearL << "] : " << Zero << ";\n";
      }
      indent(OS, B);
      OS << "}\n";
    }
    closeCopyRounds(OS, C, D);
  }

  /// Second half of the copy: the registers loaded by printTileLoad go to
  /// loopgpu_sh_<A> (a transposed tile gets its dimensions swapped).
  void printTileStore(raw_ostream &OS, const StagedArray &S, unsigned D) {
    const ArrayInfo &A = N.Arrays[S.Array];
    CopyShape C = copyShape(S);
    auto Target = [&](int64_t Lane) {
      std::vector<std::string> Idx;
      for (unsigned D2 = 0; D2 < S.Extents.size(); ++D2)
        Idx.push_back("[" + copyIndex(S, D2, D2 + 1 == S.Extents.size() ? Lane : 0) + "]");
      if (S.Transposed) // read along the array's rows, stored by columns
        std::reverse(Idx.begin(), Idx.end());
      return shVar(S) + llvm::join(Idx, "");
    };
    indent(OS, D);
    OS << "// " << A.Name << "'s tile from registers into shared memory" << (S.Transposed ? ", transposed" : "")
       << "\n";
    unsigned B = openCopyRounds(OS, C, D);
    if (C.V == 1) {
      indent(OS, B);
      OS << Target(0) << " = " << pfVar(S) << "[loopgpu_r];\n";
    } else if (!S.Transposed && S.sharedShape().back() % C.V == 0) { // rows of whole, aligned vectors
      indent(OS, B);
      OS << "*reinterpret_cast<" << vectorType(S) << " *>(&" << Target(0) << ") = " << pfVar(S)
         << "[loopgpu_r];\n";
    } else {
      for (int64_t L = 0; L < C.V; ++L) {
        indent(OS, B);
        OS << Target(L) << " = " << pfVar(S) << "[loopgpu_r]." << lane(L) << ";\n";
      }
    }
    closeCopyRounds(OS, C, D);
  }

  /// The kernel's run-time check that S's footprint rows load as aligned
  /// vectors: the array is aligned, its rows hold whole vectors, and every
  /// tile (or strip) starts on a vector (tiles and strips are whole vectors
  /// long, so the first one decides).
  void printVectorCheck(raw_ostream &OS, const StagedArray &S) {
    OS << "  // rows of " << N.Arrays[S.Array].Name << "'s tiles load as " << S.GlobalVector
       << "-element (16-byte) vectors where aligned\n";
    OS << "  const bool " << vecFlag(S) << " = " << llvm::join(vectorCheckConds(S), " && ") << ";\n";
  }
  std::vector<std::string> vectorCheckConds(const StagedArray &S) const {
    const ArrayInfo &A = N.Arrays[S.Array];
    const int64_t V = S.GlobalVector;
    const unsigned Last = S.Extents.size() - 1;
    std::vector<std::string> Conds = {"reinterpret_cast<unsigned long long>(" + A.Name + ") % 16 == 0"};
    if (Last > 0)
      Conds.push_back("(" + aff(*A.Extents[Last]) + ") % " + std::to_string(V) + " == 0");
    const AffExpr &Lower = N.Loops[S.DimLoops[Last]].Lower;
    if (!Lower.isConstant()) // a constant start was checked by the planner
      Conds.push_back("(" + plusConst(aff(Lower), S.Offsets[Last]) + ") % " + std::to_string(V) + " == 0");
    return Conds;
  }

  /// Declares the registers of S's copy.
  void declareTileRegisters(raw_ostream &OS, const StagedArray &S, unsigned D) {
    const ArrayInfo &A = N.Arrays[S.Array];
    CopyShape C = copyShape(S);
    indent(OS, D);
    OS << (C.V > 1 ? vectorType(S) : typeStr(A.ElementType)) << " " << pfVar(S) << "["
       << C.Rounds << "];\n";
  }

  /// Pointer copies (the pipelined exact version, printMmaPipelinedStrips):
  /// every strip full and in range, each thread's copies of a strip a
  /// constant number of rows apart (a round of the block's copies covers
  /// whole rows of the tile), so that its sources are a pointer advanced by
  /// a strip's distance after each strip plus a round's distance per copy,
  /// its destinations a pointer plus constants, computed once per tile
  /// (H200, bench/RESULTS.md run 40: PolyBench gemm 4096^3 the loop's 285
  /// instructions per strip 212, 1-2% faster). False where S's copies are
  /// not so (then printTileCopyAsync's).
  bool pointerCopies(const StagedArray &S, bool Vectors) const {
    CopyShape C = copyShape(S);
    int64_t Row = 1;
    for (size_t D = 1; D < S.Extents.size(); ++D)
      Row *= S.Extents[D];
    return (C.V == 1 || (Vectors && S.PrefixVectors)) && C.Loads % C.Threads == 0 && (C.Threads * C.V) % Row == 0;
  }
  std::string srcPtr(const StagedArray &S) const { return "loopgpu_src_" + N.Arrays[S.Array].Name + S.Suffix; }
  std::string dstPtr(const StagedArray &S) const { return "loopgpu_dst_" + N.Arrays[S.Array].Name + S.Suffix; }
  /// Declares S's pointer copies: the thread's first source in strip 0, the
  /// distances of a round and of a strip (from Strip0's and Strip1's
  /// elements), its first destination in stage 0.
  void declareCopyPointers(raw_ostream &OS, unsigned D, const StagedArray &S, ElementFn Strip0, ElementFn Strip1) {
    const ArrayInfo &A = N.Arrays[S.Array];
    CopyShape C = copyShape(S);
    const std::string T = typeStr(A.ElementType), First = "(loopgpu_tid * " + std::to_string(C.V) + ")",
                      Next = "(loopgpu_tid * " + std::to_string(C.V) + " + " + std::to_string(C.Threads * C.V) + ")";
    auto At = [&](ElementFn E, const std::string &El) { return "&" + A.Name + "[" + copySource(S, 0, E, El).first + "]"; };
    std::vector<std::string> Idx;
    for (unsigned D2 = 0; D2 < S.Extents.size(); ++D2)
      Idx.push_back("[" + copyIndex(S, D2, 0, First) + "]");
    indent(OS, D);
    OS << "// " << A.Name << "'s copies: from a pointer advanced a strip at a time, a round's copies "
       << std::to_string(C.Threads * C.V / (C.Elems / S.Extents[0])) << " rows of the tile apart\n";
    indent(OS, D);
    OS << "const " << T << " *" << srcPtr(S) << " = " << At(Strip0, First) << ";\n";
    indent(OS, D);
    OS << "const long long " << srcPtr(S) << "_round = " << At(Strip0, Next) << " - " << srcPtr(S) << ", "
       << srcPtr(S) << "_strip = " << At(Strip1, First) << " - " << srcPtr(S) << ";\n";
    indent(OS, D);
    OS << T << " *const " << dstPtr(S) << " = &" << stagesVar(S) << "[0]" << llvm::join(Idx, "") << ";\n";
  }
  /// S's copies of the next strip into stage Stage from its pointers, which
  /// then advance a strip.
  void printPointerCopy(raw_ostream &OS, unsigned D, const StagedArray &S, const std::string &What,
                        const std::string &Stage) {
    const ArrayInfo &A = N.Arrays[S.Array];
    CopyShape C = copyShape(S);
    std::vector<int64_t> Shape = S.sharedShape();
    int64_t StageElems = 1, PaddedRow = 1;
    for (size_t I = 0; I < Shape.size(); ++I) {
      StageElems *= Shape[I];
      if (I > 0)
        PaddedRow *= Shape[I];
    }
    const int64_t RoundRows = C.Threads * C.V / (C.Elems / S.Extents[0]);
    indent(OS, D);
    OS << "// " << What << " of " << A.Name << " into stage " << Stage << ", asynchronously: " << C.Rounds
       << (C.V > 1 ? " 16-byte copies" : " elements") << " per thread\n";
    indent(OS, D);
    OS << "#pragma unroll\n";
    indent(OS, D);
    OS << "for (int loopgpu_r = 0; loopgpu_r < " << C.Rounds << "; ++loopgpu_r)\n";
    indent(OS, D + 1);
    std::string Dst = dstPtr(S) + " + " + Stage + " * " + std::to_string(StageElems) + " + loopgpu_r * " +
                      std::to_string(RoundRows * PaddedRow);
    std::string Src = srcPtr(S) + " + loopgpu_r * " + srcPtr(S) + "_round";
    if (C.V > 1) {
      std::string V = vectorType(S);
      OS << "loopgpu_cp_async_bytes(reinterpret_cast<" << V << " *>(" << Dst << "), reinterpret_cast<const " << V
         << " *>(" << Src << "), " << C.V * elementBytes(A.ElementType) << ");\n";
    } else {
      OS << "loopgpu_cp_async(" << Dst << ", " << Src << ", true);\n";
    }
    indent(OS, D);
    OS << srcPtr(S) << " += " << srcPtr(S) << "_strip;\n";
  }

  /// Copies S's footprint (the strip's tile) into stage Stage of its tiles
  /// in dynamic shared memory with cp.async (KernelPlan::Stages), each
  /// thread its constant share: 16-byte vectors where the kernel's alignment
  /// check passed and the vector is in range, else element by element;
  /// elements out of range become 0. Element as for printTileLoad.
  void printTileCopyAsync(raw_ostream &OS, const StagedArray &S, unsigned D, const std::string &What,
                          const std::string &Stage, bool Vectors, ElementFn Element) {
    const ArrayInfo &A = N.Arrays[S.Array];
    CopyShape C = copyShape(S);
    std::vector<std::string> Idx;
    for (unsigned D2 = 0; D2 < S.Extents.size(); ++D2)
      Idx.push_back("[" + copyIndex(S, D2, 0) + "]");
    const std::string Dst = "&" + stagesVar(S) + "[" + Stage + "]" + llvm::join(Idx, "");
    // Element by element: 4- or 8-byte copies, zeros where out of range.
    auto Elements = [&](unsigned B) {
      unsigned In = openCopyRounds(OS, C, B);
      indent(OS, In);
      OS << typeStr(A.ElementType) << " *const loopgpu_dst = " << Dst << ";\n";
      for (int64_t L = 0; L < C.V; ++L) {
        auto [LinearL, OkL] = copySource(S, L, Element);
        indent(OS, In);
        OS << "loopgpu_cp_async(loopgpu_dst" << (C.V > 1 ? " + " + std::to_string(L) : "") << ", "
           << (OkL.empty() ? "&" + A.Name + "[" + LinearL + "], true"
                           : OkL + " ? &" + A.Name + "[" + LinearL + "] : " + A.Name + ", " + OkL)
           << ");\n";
      }
      closeCopyRounds(OS, C, B);
    };
    indent(OS, D);
    OS << "// " << What << " of " << A.Name << " into stage " << Stage << ", asynchronously: " << C.Rounds
       << (C.V > 1 ? (C.Rounds == 1 ? " 16-byte copy" : " 16-byte copies") : (C.Rounds == 1 ? " element" : " elements"))
       << " per thread\n";
    if (!Vectors || !S.PrefixVectors) {
      if (C.V > 1) {
        indent(OS, D);
        OS << (Vectors ? "// (element by element: the range condition bounds the vectors' lanes from below)\n"
                       : "// (element by element: rows not aligned to 16 bytes)\n");
      }
      Elements(D);
      return;
    }
    // A vector's lanes in range are a prefix of it (the conditions bound
    // indices from above): one copy of that many bytes, zeros after them.
    unsigned In = openCopyRounds(OS, C, D);
    auto [Linear, Ok0] = copySource(S, 0, Element);
    std::vector<std::string> Lanes;
    for (int64_t L = 0; L < C.V; ++L) {
      std::string OkL = copySource(S, L, Element).second;
      Lanes.push_back(OkL.empty() ? "1" : "(" + OkL + ")");
    }
    std::string V = vectorType(S), E = std::to_string(elementBytes(A.ElementType));
    indent(OS, In);
    OS << "loopgpu_cp_async_bytes(reinterpret_cast<" << V << " *>(" << Dst << "), reinterpret_cast<const " << V
       << " *>(" << (Ok0.empty() ? "&" + A.Name + "[" + Linear + "]" : Ok0 + " ? &" + A.Name + "[" + Linear + "] : " + A.Name)
       << "), (" << llvm::join(Lanes, " + ") << ") * " << E << ");\n";
    closeCopyRounds(OS, C, D);
  }


  /// The array subscript along dimension Dim of S's footprint index R in the
  /// strip of loop L starting at KK, and its load condition (printTileLoad's
  /// Element).
  std::pair<std::string, std::string> stripElement(const StagedArray &S, const Loop &L, const std::string &KK,
                                                   unsigned Dim, const std::string &R) const {
    const KernelPlan &K = *PC.K;
    unsigned Lp = S.DimLoops[Dim];
    std::string Value, Ok;
    if (const MappedLoop *M = mappedFor(Lp)) {
      std::string T = "(" + tileVar(*M) + " * " + std::to_string(M->tile()) + " + " + R + ")";
      if (!PC.Exact) // else inside: the tile is full
        Ok = T + " < " + tripVar(*M);
      Value = "(" + aff(N.Loops[Lp].Lower) + " + " + T + ")";
      if (K.StagedGuard) { // the box may reach past the elements the guard lets be read
        std::string Sub = plusConst(Value, S.Offsets[Dim]);
        if (S.LowerBounded[Dim])
          Ok += " && " + Sub + " >= 0";
        Ok += " && " + Sub + " < " + aff(*N.Arrays[S.Array].Extents[Dim]);
      }
    } else if (Lp == L.Id) {
      Value = "(" + KK + " + " + R + ")";
      if (!PC.Exact || PC.Tail) // else inside: the strip is full
        Ok = Value + " <= " + aff(L.Upper);
    } else {
      Value = "0";
    }
    return std::make_pair(Value + " + " + std::to_string(S.Offsets[Dim]), Ok);
  }

  /// The staged loop with KernelPlan::Stages > 1: strips of KTile in a ring
  /// of Stages tiles, strip s + Stages - 1 copied by cp.async while strip s
  /// is computed. Per strip: wait for this thread's copies of strip s (at
  /// most Stages - 2 groups younger than it in flight), a barrier (every
  /// thread's copies are in; every thread is done with strip s - 1, whose
  /// stage the next copy overwrites), the next copy, the arithmetic.
  /// With tiles copied by 16-byte vectors where rows are aligned, the loop
  /// comes in two versions, vector copies and element copies, chosen once by
  /// the kernel's alignment checks: the copies of one version carry none of
  /// the other's code (H100, bench/RESULTS.md run 28: PolyBench gemm with
  /// both kinds of copy in each round, the element ones never taken, 65.7%
  /// of cuBLAS DGEMM; without them 71.4%).
  void printAsyncStagedLoop(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP) {
    const KernelPlan &K = *PC.K;
    std::vector<std::string> Flags;
    for (const StagedArray &S : K.Staged)
      if (S.PrefixVectors)
        Flags.push_back(vecFlag(S));
    if (Flags.empty() || PC.Exact) // the exact version runs where the rows are aligned
      return printAsyncStagedVersion(OS, Nd, Depth, EP, !Flags.empty());
    indent(OS, Depth);
    OS << "if (" << llvm::join(Flags, " && ") << ") { // rows 16-byte aligned: the loop with vector copies\n";
    printAsyncStagedVersion(OS, Nd, Depth + 1, EP, true);
    indent(OS, Depth);
    OS << "} else { // the loop with element copies\n";
    printAsyncStagedVersion(OS, Nd, Depth + 1, EP, false);
    indent(OS, Depth);
    OS << "}\n";
  }
  void printAsyncStagedVersion(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP, bool Vectors) {
    const KernelPlan &K = *PC.K;
    const Loop &L = N.Loops[Nd.Id];
    const std::string IT = typeStr(L.IteratorType), ST = std::to_string(K.Stages);
    // Strip's tiles into stage Stage (by default Strip % Stages).
    auto Copy = [&](unsigned D, const std::string &Strip, const std::string &What, const std::string &Stage = "") {
      std::string KK = "(" + IT + ")(" + aff(L.Lower) + " + (" + Strip + ") * " + std::to_string(K.KTile) + ")";
      for (const StagedArray &S : K.Staged)
        printTileCopyAsync(OS, S, D, What, Stage.empty() ? "(" + Strip + ") % " + ST : Stage, Vectors,
                           [&](unsigned Dim, const std::string &R) { return stripElement(S, L, KK, Dim, R); });
    };
    indent(OS, Depth);
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << ", strip-mined by " << K.KTile << "; " << ST
       << " strips' tiles in shared memory, each copied by cp.async " << K.Stages - 1
       << " strips ahead of its arithmetic\n";
    const bool Tail = PC.Exact && K.Exact->TailStrip;
    const std::string Trip =
        "loopgpu_trip(" + affIn64Bits(N, L.Lower) + ", " + affIn64Bits(N, L.Upper) + ", " + std::to_string(L.Step) + ")";
    indent(OS, Depth);
    if (Tail) // whole strips in the loop, the partial one after it
      OS << "const long long loopgpu_strips = " << Trip << " / " << K.KTile << "; // the whole strips\n";
    else
      OS << "const long long loopgpu_strips = loopgpu_trip(" << affIn64Bits(N, L.Lower) << ", "
         << affIn64Bits(N, L.Upper) << ", " << K.KTile << ");\n";
    const bool Pipelined = PC.Exact && K.Mma && K.Mma->Pipelined && K.KTile % (2 * MmaPlan::K) == 0;
    const bool Pointers = Pipelined && llvm::all_of(K.Staged, [&](const StagedArray &S) {
      return pointerCopies(S, Vectors);
    });
    if (Pointers)
      for (const StagedArray &S : K.Staged) {
        auto Strip = [&](const std::string &No) {
          return "(" + IT + ")(" + aff(L.Lower) + " + " + No + " * " + std::to_string(K.KTile) + ")";
        };
        std::string KK0 = Strip("0"), KK1 = Strip("1");
        declareCopyPointers(
            OS, Depth, S, [&](unsigned Dim, const std::string &R) { return stripElement(S, L, KK0, Dim, R); },
            [&](unsigned Dim, const std::string &R) { return stripElement(S, L, KK1, Dim, R); });
      }
    // The strip's copies: from the pointers, or as printTileCopyAsync's.
    auto StripCopy = [&](unsigned D, const std::string &Strip, const std::string &What, const std::string &Stage) {
      if (!Pointers)
        return Copy(D, Strip, What, Stage);
      for (const StagedArray &S : K.Staged)
        printPointerCopy(OS, D, S, What, Stage.empty() ? "(" + Strip + ") % " + ST : Stage);
    };
    indent(OS, Depth);
    OS << "#pragma unroll\n";
    indent(OS, Depth);
    OS << "for (int loopgpu_s = 0; loopgpu_s < " << K.Stages - 1 << "; ++loopgpu_s) { // the first "
       << K.Stages - 1 << " strips\n";
    indent(OS, Depth + 1);
    OS << "if (loopgpu_s < loopgpu_strips) {\n";
    StripCopy(Depth + 2, "loopgpu_s", "strip loopgpu_s's tile", "");
    indent(OS, Depth + 1);
    OS << "}\n";
    indent(OS, Depth + 1);
    OS << "loopgpu_cp_async_commit(); // one group per strip, empty past the last\n";
    indent(OS, Depth);
    OS << "}\n";
    if (Pipelined) {
      printMmaPipelinedStrips(OS, Nd, Depth, EP, StripCopy);
    } else {
      printStripLoop(OS, Nd, Depth, EP, Copy);
    }
    indent(OS, Depth);
    OS << "loopgpu_cp_async_wait<0>();\n";
    indent(OS, Depth);
    OS << "__syncthreads(); // before another tile's copies overwrite the stages\n";
    if (Tail)
      printTailStrip(OS, Nd, Depth, EP, Trip, Copy);
  }

  using CopyFn = llvm::function_ref<void(unsigned, const std::string &, const std::string &, const std::string &)>;

  /// The loop over the whole strips: per strip, wait for this thread's
  /// copies of strip s (at most Stages - 2 groups younger than it in
  /// flight), a barrier, the copy of strip s + Stages - 1, the arithmetic.
  void printStripLoop(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP, CopyFn Copy) {
    const KernelPlan &K = *PC.K;
    const Loop &L = N.Loops[Nd.Id];
    const std::string IT = typeStr(L.IteratorType), ST = std::to_string(K.Stages);
    indent(OS, Depth);
    OS << "for (long long loopgpu_s = 0; loopgpu_s < loopgpu_strips; ++loopgpu_s) {\n";
    unsigned D = Depth + 1;
    indent(OS, D);
    OS << "const " << IT << " loopgpu_kk = (" << IT << ")(" << aff(L.Lower) << " + loopgpu_s * " << K.KTile
       << ");\n";
    indent(OS, D);
    OS << "loopgpu_cp_async_wait<" << K.Stages - 2 << ">(); // this thread's copies of strip loopgpu_s are in\n";
    indent(OS, D);
    OS << "__syncthreads(); // every thread's are, and strip loopgpu_s - 1's stage is free\n";
    indent(OS, D);
    OS << "if (loopgpu_s + " << K.Stages - 1 << " < loopgpu_strips) {\n";
    Copy(D + 1, "loopgpu_s + " + std::to_string(K.Stages - 1), "strip loopgpu_s + " + std::to_string(K.Stages - 1) + "'s tile", "");
    indent(OS, D);
    OS << "}\n";
    indent(OS, D);
    OS << "loopgpu_cp_async_commit();\n";
    printStagePointers(OS, D, "loopgpu_s % " + ST);
    printStripArithmetic(OS, Nd, D, EP);
    indent(OS, Depth);
    OS << "}\n";
  }

  /// The exact version's whole strips on tensor cores with the operands
  /// double-buffered in registers: the operands of each step of 8
  /// iterations are read from the tiles while the previous step's products
  /// run, and the barrier that makes strip s + 1's tiles visible comes
  /// before strip s's last step, so that the products of that step cover
  /// the reads of strip s + 1's first operands (H200, bench/RESULTS.md run
  /// 40: PolyBench gemm 4096^3 from 73% to 78% of cuBLAS DGEMM; with the
  /// pointer copies 80-82%). Stage indices rotate (loopgpu_rd, loopgpu_wr)
  /// rather than being computed.
  /// Strip s + Stages - 1 is copied into the stage of strip s - 1, whose
  /// last reads precede strip s - 1's barrier.
  void printMmaPipelinedStrips(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP, CopyFn Copy) {
    const KernelPlan &K = *PC.K;
    const Loop &L = N.Loops[Nd.Id];
    const int64_t Steps = K.KTile / MmaPlan::K, Last = K.Stages - 1;
    const std::string IT = typeStr(L.IteratorType), Wait = std::to_string(K.Stages - 2);
    auto Rotate = [&](unsigned D, const std::string &V) {
      indent(OS, D);
      OS << V << " = " << V << " == " << Last << " ? 0 : " << V << " + 1;\n";
    };
    auto Operands = [&](unsigned D, int64_t Set, const std::string &Strip, int64_t Step) {
      indent(OS, D);
      OS << "{ // " << (Step == 0 ? "strip " + Strip + "'s first" : "step " + std::to_string(Step) + "'s")
         << " operands into set " << Set << "\n";
      indent(OS, D + 1);
      OS << "const " << IT << " loopgpu_kk = (" << IT << ")(" << aff(L.Lower) << " + (" << Strip << ") * " << K.KTile
         << ");\n";
      printStagePointers(OS, D + 1, "loopgpu_rd");
      printMmaOperands(OS, L, D + 1, EP, std::to_string(Set), std::to_string(Step * MmaPlan::K));
      indent(OS, D);
      OS << "}\n";
    };
    PC.InStaged = true;
    const Statement &S = N.Statements[K.Mma->Stmt];
    indent(OS, Depth);
    OS << "// line " << S.Loc.Line << " on FP64 tensor cores: per " << MmaPlan::K << " iterations of " << L.Iterator
       << ", " << mmaTilesText() << "; every strip is full, the operands double-buffered in registers\n";
    indent(OS, Depth);
    OS << "int loopgpu_rd = 0, loopgpu_wr = " << Last << "; // the stages read and written\n";
    indent(OS, Depth);
    OS << "double " << mmaFragments("0") << ", " << mmaFragments("1") << ";\n";
    indent(OS, Depth);
    OS << "loopgpu_cp_async_wait<" << Wait << ">(); // this thread's copies of strip 0 are in\n";
    indent(OS, Depth);
    OS << "__syncthreads(); // every thread's are\n";
    indent(OS, Depth);
    OS << "if (loopgpu_strips > 0) {\n";
    Operands(Depth + 1, 0, "0", 0);
    indent(OS, Depth);
    OS << "}\n";
    indent(OS, Depth);
    OS << "for (long long loopgpu_s = 0; loopgpu_s < loopgpu_strips; ++loopgpu_s) {\n";
    unsigned D = Depth + 1;
    indent(OS, D);
    OS << "if (loopgpu_s + " << Last << " < loopgpu_strips) {\n";
    Copy(D + 1, "loopgpu_s + " + std::to_string(Last), "strip loopgpu_s + " + std::to_string(Last) + "'s tile",
         "loopgpu_wr");
    indent(OS, D);
    OS << "}\n";
    indent(OS, D);
    OS << "loopgpu_cp_async_commit();\n";
    for (int64_t Step = 0; Step + 1 < Steps; ++Step) {
      Operands(D, (Step + 1) % 2, "loopgpu_s", Step + 1);
      indent(OS, D);
      OS << "// step " << Step << "'s products\n";
      printMmaProducts(OS, D, std::to_string(Step % 2));
    }
    indent(OS, D);
    OS << "loopgpu_cp_async_wait<" << Wait << ">(); // this thread's copies of strip loopgpu_s + 1 are in\n";
    indent(OS, D);
    OS << "__syncthreads(); // every thread's are, and every thread is done reading strip loopgpu_s, whose stage the "
          "next copy overwrites\n";
    Rotate(D, "loopgpu_rd");
    Rotate(D, "loopgpu_wr");
    indent(OS, D);
    OS << "if (loopgpu_s + 1 < loopgpu_strips) {\n";
    Operands(D + 1, 0, "loopgpu_s + 1", 0);
    indent(OS, D);
    OS << "}\n";
    indent(OS, D);
    OS << "// step " << Steps - 1 << "'s products\n";
    printMmaProducts(OS, D, std::to_string((Steps - 1) % 2));
    indent(OS, Depth);
    OS << "}\n";
    PC.InStaged = false;
  }

  /// `T (*const loopgpu_sh_<A>)[...] = loopgpu_stages_<A>[Stage];`: each
  /// staged array's tile for this strip, in stage Stage of its ring.
  void printStagePointers(raw_ostream &OS, unsigned D, const std::string &Stage) {
    for (const StagedArray &S : PC.K->Staged) {
      const ArrayInfo &A = N.Arrays[S.Array];
      std::vector<int64_t> Shape = S.sharedShape();
      std::string Rest;
      for (size_t I = 1; I < Shape.size(); ++I)
        Rest += "[" + std::to_string(Shape[I]) + "]";
      indent(OS, D);
      OS << typeStr(A.ElementType) << " (*const " << shVar(S) << ")" << Rest << " = " << stagesVar(S) << "["
         << Stage << "]; // this strip's tile\n";
    }
  }

  /// The exact version's last, partial strip after its loop of whole strips
  /// (ExactTiles::TailStrip): copied range-checked along the strip loop
  /// (zeros past its end), its iterations one by one.
  void printTailStrip(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP, const std::string &Trip,
                      CopyFn Copy) {
    const KernelPlan &K = *PC.K;
    const Loop &L = N.Loops[Nd.Id];
    const std::string IT = typeStr(L.IteratorType), ST = std::to_string(K.Stages);
    indent(OS, Depth);
    OS << "if (loopgpu_strips * " << K.KTile << " < " << Trip << ") { // the last, partial strip (ExactTiles::TailStrip)\n";
    unsigned D = Depth + 1;
    indent(OS, D);
    OS << "const " << IT << " loopgpu_kk = (" << IT << ")(" << aff(L.Lower) << " + loopgpu_strips * " << K.KTile
       << ");\n";
    PC.Tail = true;
    Copy(D, "loopgpu_strips", "the partial strip's tile", "");
    PC.Tail = false;
    indent(OS, D);
    OS << "loopgpu_cp_async_commit();\n";
    indent(OS, D);
    OS << "loopgpu_cp_async_wait<0>();\n";
    indent(OS, D);
    OS << "__syncthreads(); // the tiles are complete\n";
    printStagePointers(OS, D, "loopgpu_strips % " + ST);
    printStripArithmetic(OS, Nd, D, EP, /*PartialOnly=*/true);
    indent(OS, D);
    OS << "__syncthreads(); // before another tile's copies overwrite the stages\n";
    indent(OS, Depth);
    OS << "}\n";
  }

  void printStagedLoop(raw_ostream &OS, const Node &Nd, unsigned Depth, ExprPrinter &EP) {
    const KernelPlan &K = *PC.K;
    if (K.Stages > 1)
      return printAsyncStagedLoop(OS, Nd, Depth, EP);
    const Loop &L = N.Loops[Nd.Id];
    std::string Hi = aff(L.Upper);
    // The loads of the strip starting at KK.
    auto Load = [&](unsigned D, const std::string &KK, const std::string &What) {
      for (const StagedArray &S : K.Staged)
        printTileLoad(OS, S, D, What, [&](unsigned Dim, const std::string &R) {
          return stripElement(S, L, KK, Dim, R);
        });
    };
    indent(OS, Depth);
    OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << ", strip-mined by " << K.KTile
       << "; each strip's tiles are staged in shared memory, through registers\n";
    for (const StagedArray &S : K.Staged)
      declareTileRegisters(OS, S, Depth);
    if (K.Prefetch)
      Load(Depth, aff(L.Lower), "the first strip's tile");
    indent(OS, Depth);
    OS << "for (" << typeStr(L.IteratorType) << " loopgpu_kk = " << aff(L.Lower) << "; " << atMost(L, "loopgpu_kk", Hi)
       << "; loopgpu_kk += " << K.KTile << ") {\n";
    unsigned D = Depth + 1;
    if (!K.Prefetch)
      Load(D, "loopgpu_kk", "this strip's tile");
    for (const StagedArray &S : K.Staged)
      printTileStore(OS, S, D);
    indent(OS, D);
    OS << "__syncthreads(); // the tiles are complete\n";
    if (K.Prefetch) {
      indent(OS, D);
      OS << "if (loopgpu_kk + " << K.KTile << " <= " << Hi
         << ") { // software pipelining: the next strip's loads are in flight during this strip's arithmetic\n";
      Load(D + 1, "loopgpu_kk + " + std::to_string(K.KTile), "the next strip's tile");
      indent(OS, D);
      OS << "}\n";
    }
    printStripArithmetic(OS, Nd, D, EP);
    indent(OS, D);
    OS << "__syncthreads(); // before the next strip overwrites the tiles\n";
    indent(OS, Depth);
    OS << "}\n";
  }

  /// The arithmetic of the staged strip starting at loopgpu_kk (its tiles in
  /// loopgpu_sh_<A>): a full strip unrolled (on tensor cores with
  /// KernelPlan::Mma), the last, partial one as a loop.
  void printStripArithmetic(raw_ostream &OS, const Node &Nd, unsigned D, ExprPrinter &EP, bool PartialOnly = false) {
    const KernelPlan &K = *PC.K;
    const Loop &L = N.Loops[Nd.Id];
    const std::string Hi = aff(L.Upper);
    std::vector<const Node *> Body;
    for (const NodePtr &C : Nd.Body)
      Body.push_back(C.get());
    PC.InStaged = true;
    auto StripLoop = [&](unsigned D2, const std::string &Upper) {
      indent(OS, D2);
      OS << "for (" << typeStr(L.IteratorType) << " " << L.Iterator << " = loopgpu_kk; " << atMost(L, L.Iterator, Upper)
         << "; ++" << L.Iterator << ") {\n";
      declareCopied(OS, D2 + 1, L.Id);
      // A body that only reads the tiles and writes registers runs for every
      // copy, also those outside the iteration space or the guard (their
      // registers are never stored): no branch per copy and iteration.
      const Node *Guard = PC.Guard;
      if (PC.K->StagedBodyUnguarded) {
        indent(OS, D2 + 1);
        OS << "// no range check" << (Guard ? " and no guard" : "")
           << ": this body only reads the tiles and writes registers\n";
        PC.Guard = nullptr;
      }
      printPerCopy(OS, Body, D2 + 1, EP, L.Id, !PC.K->StagedBodyUnguarded);
      PC.Guard = Guard;
      indent(OS, D2);
      OS << "}\n";
    };
    // A full strip has a constant trip count: unrolled by JamPlan::StripUnroll,
    // its shared loads can be scheduled ahead of the arithmetic. The last
    // strip may be partial.
    int64_t Unroll = K.Jam.StripUnroll;
    if (PartialOnly) {
      StripLoop(D, Hi);
      PC.InStaged = false;
      return;
    }
    if (PC.Exact) {
      indent(OS, D);
      OS << "// every strip is full\n";
      if (K.Mma) {
        printMmaStrip(OS, L, D, EP);
      } else {
        indent(OS, D);
        OS << "#pragma unroll " << Unroll << "\n";
        StripLoop(D, "loopgpu_kk + " + std::to_string(K.KTile - 1));
      }
      PC.InStaged = false;
      return;
    }
    indent(OS, D);
    OS << "if (loopgpu_kk + " << K.KTile - 1 << " <= " << Hi << ") { // a full strip\n";
    if (K.Mma) {
      printMmaStrip(OS, L, D + 1, EP);
    } else {
      indent(OS, D + 1);
      OS << "#pragma unroll " << Unroll << "\n";
      StripLoop(D + 1, "loopgpu_kk + " + std::to_string(K.KTile - 1));
    }
    indent(OS, D);
    OS << "} else { // the last, partial strip\n";
    StripLoop(D + 1, Hi);
    indent(OS, D);
    OS << "}\n";
    PC.InStaged = false;
  }

  /// The first iteration of M (from the tile's) of this thread in the
  /// tensor cores' layout (MmaPlan): warp w = tid / 32 covers part
  /// w % WarpsRow of the tile's rows and w / WarpsRow of its columns; lane l
  /// holds row l / 4 (+ 8) and columns 2 (l % 4) (+ 1) of the accumulators,
  /// or (Fragment) column l / 4 of the column operand's fragment.
  std::string mmaOffset(const KernelPlan &K, const MappedLoop &M, bool Fragment) const {
    const MmaPlan &P = *K.Mma;
    if (M.Loop == P.RowLoop)
      return "((loopgpu_tid / 32) % " + std::to_string(P.WarpsRow) + ") * " + std::to_string(M.tile() / P.WarpsRow) +
             " + (loopgpu_tid % 32) / 4";
    return "((loopgpu_tid / 32) / " + std::to_string(P.WarpsRow) + ") * " + std::to_string(M.tile() / P.WarpsCol) +
           (Fragment ? " + (loopgpu_tid % 32) / 4" : " + (loopgpu_tid % 4) * 2");
  }

  /// A full strip of KernelPlan::Mma: per 8 iterations of the staged loop,
  /// each lane computes its elements of the row operand (one per row of its
  /// outputs) and of the column operand (one per 8-column tile) at its two
  /// iterations, 2 (lane % 4) and 2 (lane % 4) + 1 (MmaPlan: the
  /// instruction's k order permuted alike for both operands), and the warp
  /// accumulates its 16 x 8 tiles with loopgpu_dmma_m16n8k8.
  void printMmaStrip(raw_ostream &OS, const Loop &L, unsigned D, ExprPrinter &EP) {
    const KernelPlan &K = *PC.K;
    const MmaPlan &P = *K.Mma;
    indent(OS, D);
    OS << "// line " << N.Statements[P.Stmt].Loc.Line << " on FP64 tensor cores: per " << MmaPlan::K
       << " iterations of " << L.Iterator << ", " << mmaTilesText() << "\n";
    indent(OS, D);
    OS << "#pragma unroll\n";
    indent(OS, D);
    OS << "for (int loopgpu_ks = 0; loopgpu_ks < " << K.KTile << "; loopgpu_ks += " << MmaPlan::K << ") {\n";
    indent(OS, D + 1);
    OS << "double " << mmaFragments("") << "; // the operands at this lane's rows and columns, at its two iterations\n";
    printMmaOperands(OS, L, D + 1, EP, "", "loopgpu_ks");
    printMmaProducts(OS, D + 1, "");
    indent(OS, D);
    OS << "}\n";
  }

  /// Where MmaPlan's loops are among the mapped ones, a thread's rows of
  /// outputs and its 8-column tiles.
  struct MmaGeometry {
    size_t RowPos = 0, ColPos = 0;
    int64_t RowCopies = 0, ColTiles = 0;
  };
  MmaGeometry mmaGeometry() const {
    const KernelPlan &K = *PC.K;
    MmaGeometry G;
    for (size_t I = 0; I < K.Mapped.size(); ++I)
      (K.Mapped[I].Loop == K.Mma->RowLoop ? G.RowPos : G.ColPos) = I;
    G.RowCopies = K.Mapped[G.RowPos].Coarsen;
    G.ColTiles = K.Mapped[G.ColPos].Coarsen / 2;
    return G;
  }

  /// The warp's tiles of MmaPlan, in words.
  std::string mmaTilesText() const {
    const auto [RowPos, ColPos, RowCopies, ColTiles] = mmaGeometry();
    return "the warp's " + std::to_string(RowCopies / 2) + " x " + std::to_string(ColTiles) + " tiles of " +
           std::to_string(MmaPlan::M) + " x " + std::to_string(MmaPlan::N) +
           " outputs (mma.sync m16n8k8; lane l's iterations are 2 (l % 4) and 2 (l % 4) + 1 of the 8)";
  }

  /// The declarators of a set of operand registers: `loopgpu_row<Set>[R][2],
  /// loopgpu_col<Set>[C][2]`.
  std::string mmaFragments(const std::string &Set) const {
    const auto [RowPos, ColPos, RowCopies, ColTiles] = mmaGeometry();
    return "loopgpu_row" + Set + "[" + std::to_string(RowCopies) + "][2], loopgpu_col" + Set + "[" +
           std::to_string(ColTiles) + "][2]";
  }

  /// Operand set Set (loopgpu_row<Set>, loopgpu_col<Set>) at iterations
  /// loopgpu_kk + Ks + 2 (lane % 4) (+ 1) of the staged loop, read from the
  /// strip's tiles (loopgpu_sh_<A>): each lane computes its elements of the
  /// row operand (one per row of its outputs) and of the column operand
  /// (one per 8-column tile) at its two iterations (MmaPlan: the
  /// instruction's k order permuted alike for both operands).
  void printMmaOperands(raw_ostream &OS, const Loop &L, unsigned D, ExprPrinter &EP, const std::string &Set,
                        const std::string &Ks) {
    const KernelPlan &K = *PC.K;
    const MmaPlan &P = *K.Mma;
    const auto [RowPos, ColPos, RowCopies, ColTiles] = mmaGeometry();
    const MappedLoop &Row = K.Mapped[RowPos], &Col = K.Mapped[ColPos];
    auto Product = [&](const std::vector<const Expr *> &Fs) {
      std::vector<std::string> Parts;
      for (const Expr *F : Fs)
        Parts.push_back(F->Type.K == ScalarType::Kind::Double ? EP.print(*F) : "(double)(" + EP.print(*F) + ")");
      return llvm::join(Parts, " * ");
    };
    auto Iterator = [&](const MappedLoop &M, unsigned Depth) {
      const Loop &ML = N.Loops[M.Loop];
      indent(OS, Depth);
      OS << "const " << typeStr(ML.IteratorType) << " " << ML.Iterator << " = (" << typeStr(ML.IteratorType) << ")("
         << (ML.Step > 0 ? aff(ML.Lower) : aff(ML.Upper)) << " + " << tVar(M) << " * " << ML.Step << ");\n";
    };
    indent(OS, D);
    OS << "#pragma unroll\n";
    indent(OS, D);
    OS << "for (int loopgpu_h = 0; loopgpu_h < 2; ++loopgpu_h) {\n";
    indent(OS, D + 1);
    OS << "const " << typeStr(L.IteratorType) << " " << L.Iterator << " = loopgpu_kk + " << Ks
       << " + 2 * (loopgpu_tid % 4) + loopgpu_h;\n";
    indent(OS, D + 1);
    OS << "#pragma unroll\n";
    indent(OS, D + 1);
    std::string RC = "loopgpu_c" + std::to_string(RowPos);
    OS << "for (int " << RC << " = 0; " << RC << " < " << RowCopies << "; ++" << RC << ") {\n";
    indent(OS, D + 2);
    OS << "const " << indexType(N.Loops[Row.Loop]) << " " << tVar(Row) << " = " << tileVar(Row) << " * " << Row.tile()
       << " + " << offVar(Row) << " + " << copyOffset(Row, RC) << ";\n";
    Iterator(Row, D + 2);
    indent(OS, D + 2);
    OS << "loopgpu_row" << Set << "[" << RC << "][loopgpu_h] = "
       << (P.Subtract ? "-(" + Product(P.RowFactors) + ")" : Product(P.RowFactors)) << ";"
       << (P.Subtract ? " // -= : the row operand negated" : "") << "\n";
    indent(OS, D + 1);
    OS << "}\n";
    indent(OS, D + 1);
    OS << "#pragma unroll\n";
    indent(OS, D + 1);
    OS << "for (int loopgpu_n = 0; loopgpu_n < " << ColTiles << "; ++loopgpu_n) {\n";
    indent(OS, D + 2);
    OS << "const " << indexType(N.Loops[Col.Loop]) << " " << tVar(Col) << " = " << tileVar(Col) << " * " << Col.tile()
       << " + " << mmaOffset(K, Col, /*Fragment=*/true) << " + loopgpu_n * " << MmaPlan::N << ";\n";
    Iterator(Col, D + 2);
    indent(OS, D + 2);
    OS << "loopgpu_col" << Set << "[loopgpu_n][loopgpu_h] = " << Product(P.ColFactors) << ";\n";
    indent(OS, D + 1);
    OS << "}\n";
    indent(OS, D);
    OS << "}\n";
  }

  /// The warp's 16 x 8 tiles accumulated with loopgpu_dmma_m16n8k8 from
  /// operand set Set.
  void printMmaProducts(raw_ostream &OS, unsigned D, const std::string &Set) {
    const MmaPlan &P = *PC.K->Mma;
    const auto [RowPos, ColPos, RowCopies, ColTiles] = mmaGeometry();
    auto Acc = [&](const std::string &R, const std::string &C) {
      return N.Scalars[P.Acc].Name + (RowPos < ColPos ? "[" + R + "][" + C + "]" : "[" + C + "][" + R + "]");
    };
    const std::string Row = "loopgpu_row" + Set, Col = "loopgpu_col" + Set;
    indent(OS, D);
    OS << "#pragma unroll\n";
    indent(OS, D);
    OS << "for (int loopgpu_m = 0; loopgpu_m < " << RowCopies / 2 << "; ++loopgpu_m) {\n";
    indent(OS, D + 1);
    OS << "#pragma unroll\n";
    indent(OS, D + 1);
    OS << "for (int loopgpu_n = 0; loopgpu_n < " << ColTiles << "; ++loopgpu_n) {\n";
    indent(OS, D + 2);
    OS << "loopgpu_dmma_m16n8k8(" << Acc("2 * loopgpu_m", "2 * loopgpu_n") << ", "
       << Acc("2 * loopgpu_m", "2 * loopgpu_n + 1") << ", " << Acc("2 * loopgpu_m + 1", "2 * loopgpu_n") << ", "
       << Acc("2 * loopgpu_m + 1", "2 * loopgpu_n + 1") << ",\n";
    indent(OS, D + 2);
    OS << "                     " << Row << "[2 * loopgpu_m][0], " << Row << "[2 * loopgpu_m + 1][0], " << Row
       << "[2 * loopgpu_m][1], " << Row << "[2 * loopgpu_m + 1][1],\n";
    indent(OS, D + 2);
    OS << "                     " << Col << "[loopgpu_n][0], " << Col << "[loopgpu_n][1]);\n";
    indent(OS, D + 1);
    OS << "}\n";
    indent(OS, D);
    OS << "}\n";
  }

  void printParallelKernel(raw_ostream &OS, const KernelPlan &K, bool Exact = false, bool Border = false) {
    PC = ParallelCtx();
    PC.Exact = Exact;
    PC.Border = Border;
    PC.K = &K;
    PC.Copies = K.copies();
    const Node *Inner = K.innermostMapped();
    unsigned InnerLoop = Inner->Id;
    PC.Copied = K.Jam.PerCopyScalars;
    auto EPPtr = parallelPrinter();
    ExprPrinter &EP = *EPPtr;
    PC.LaneLoops.insert(K.LaneLoops.begin(), K.LaneLoops.end());
    if (!K.LaneLoops.empty())
      OS << "  const int loopgpu_lane = threadIdx.x; // a warp per iteration of "
         << N.Loops[K.Mapped[0].Loop].Iterator << "; its lanes split the reduction loops\n";
    printParallelPrologue(OS, K);
    unsigned Depth = 1;
    // MmaPlan::GroupRows: the exact version's blocks take the tiles a group
    // of rows (along y) at a time, a column of the group after another.
    const bool Grouped = PC.Exact && K.Mma && K.Mma->Pipelined && K.Mapped.size() == 2;
    if (Grouped) {
      const std::string G = std::to_string(MmaPlan::GroupRows);
      OS << "  // the blocks in launch order take the tiles " << G << " rows at a time, column by column: "
            "consecutive blocks share rows and columns of the operands in L2\n";
      OS << "  const long long loopgpu_block = (long long)blockIdx.y * gridDim.x + blockIdx.x;\n";
      OS << "  const long long loopgpu_group = loopgpu_block / (" << G << "LL * gridDim.x), loopgpu_in_group = "
         << "loopgpu_block % (" << G << "LL * gridDim.x);\n";
      OS << "  const long long loopgpu_group_rows = min(" << G << "LL, (long long)gridDim.y - loopgpu_group * " << G
         << ");\n";
    }
    for (const MappedLoop &M : K.Mapped) {
      std::string D(1, M.Dim);
      indent(OS, Depth++);
      if (PC.Exact) { // the host launched a block per tile, every tile full
        OS << "{ // the block's tile along " << D << "\n";
        indent(OS, Depth);
        OS << "const " << indexType(N.Loops[M.Loop]) << " " << tileVar(M) << " = ";
        if (!Grouped)
          OS << "blockIdx." << D << ";\n";
        else if (M.Dim == 'y')
          OS << "(" << indexType(N.Loops[M.Loop]) << ")(loopgpu_group * " << MmaPlan::GroupRows
             << " + loopgpu_in_group % loopgpu_group_rows);\n";
        else
          OS << "(" << indexType(N.Loops[M.Loop]) << ")(loopgpu_in_group / loopgpu_group_rows);\n";
        continue;
      }
      if (M.OneTilePerBlock) {
        // The launcher's grid covers every tile along x: one per block, no
        // grid-stride loop (H100 run 13: SGEMM 81.0% -> 85.5% of cuBLAS;
        // runs 11-12: the 7-point stencil with 4x64 planes from 40 to 32
        // registers, 64% -> 74% of copy bandwidth).
        OS << "if (const " << indexType(N.Loops[M.Loop]) << " " << tileVar(M) << " = blockIdx.x; ("
           << countType(K) << ")" << tileVar(M) << " * " << M.tile() << " < " << tripVar(M) << ") { // one tile per block along x\n";
        continue;
      }
      OS << "for (" << indexType(N.Loops[M.Loop]) << " " << tileVar(M) << " = blockIdx." << D
         << "; (" << countType(K) << ")" << tileVar(M) << " * " << M.tile() << " < " << tripVar(M) << "; " << tileVar(M)
         << " += gridDim." << D << ") {\n";
    }
    if (PC.Border) {
      std::vector<std::string> Border;
      for (const MappedLoop &M : K.Mapped)
        Border.push_back("(" + countType(K) + ")" + tileVar(M) + " >= " + tripVar(M) + " / " +
                         std::to_string(M.tile()));
      indent(OS, Depth++);
      OS << "if (" << llvm::join(Border, " || ") << ") { // else " << exactName(K) << " runs this full tile\n";
    }
    // Staged tiles are indexed relative to the tile's first iteration.
    for (const MappedLoop &M : K.Mapped)
      if (K.Transposed || llvm::any_of(llvm::concat<const StagedArray>(K.Staged, K.Halo), [&](const StagedArray &S) {
            return llvm::is_contained(S.DimLoops, M.Loop);
          })) {
        indent(OS, Depth);
        OS << "const " << typeStr(N.Loops[M.Loop].IteratorType) << " " << baseVar(M.Loop) << " = "
           << aff(N.Loops[M.Loop].Lower) << " + " << tileVar(M) << " * " << M.tile() << ";\n";
      }
    if (!K.Halo.empty())
      printHaloCopy(OS, K, Depth);
    declareCopied(OS, Depth, InnerLoop);
    if (K.FullTiles) {
      // A tile entirely inside the iteration space needs no range checks;
      // its copies then sit in one block of straight-line code, where nvcc
      // shares the loads they have in common (a stencil's z-pencil reads each
      // plane once for three outputs). Tiles on the border keep the checks.
      std::vector<std::string> Full;
      for (const MappedLoop &M : K.Mapped) {
        if (K.XRuns && K.XRuns->Loop == M.Loop) // not the iterations before the loop's first
          Full.push_back("(" + countType(K) + ")" + tileVar(M) + " * " + std::to_string(M.tile()) + " >= " +
                         shiftVar(M));
        Full.push_back("((" + countType(K) + ")" + tileVar(M) + " + 1) * " + std::to_string(M.tile()) +
                       " <= " + tripVar(M));
      }
      std::vector<const Node *> Body;
      for (const NodePtr &C : Inner->Body)
        Body.push_back(C.get());
      indent(OS, Depth);
      OS << "if (" << llvm::join(Full, " && ") << ") { // a full tile: no range checks\n";
      if (K.XRuns) {
        indent(OS, Depth + 1);
        OS << "if (loopgpu_runs_aligned) { // runs of " << K.XRuns->V
           << " on aligned elements: nvcc loads and stores each run's row as one vector\n";
        printRunsAlignedDecls(OS, K, Depth + 2);
        PC.RunsAligned = true;
        printPerCopy(OS, Body, Depth + 2, EP, InnerLoop, /*Guard=*/false);
        PC.RunsAligned = false;
        indent(OS, Depth + 1);
        OS << (aligned32(K) ? "} else { // not in the aligned 32-bit instance\n" : "} else {\n");
        printPerCopy(OS, Body, Depth + 2, EP, InnerLoop, /*Guard=*/false);
        indent(OS, Depth + 1);
        OS << "}\n";
      } else {
        printPerCopy(OS, Body, Depth + 1, EP, InnerLoop, /*Guard=*/false);
      }
      indent(OS, Depth);
      OS << "} else { // a tile on the border of the iteration space\n";
      printPerCopy(OS, Body, Depth + 1, EP, InnerLoop, /*Guard=*/true);
      indent(OS, Depth);
      OS << "}\n";
    } else {
      printJammed(OS, Inner->Body, Depth, EP, InnerLoop);
    }
    if (K.Transposed)
      printTransposedStore(OS, *K.Transposed, Depth);
    if (!K.Halo.empty()) {
      indent(OS, Depth);
      OS << "__syncthreads(); // before the next tile overwrites the halo'd tiles\n";
    }
    while (Depth > 1) {
      indent(OS, --Depth);
      OS << "}\n";
    }
    printBinsEpilogue(OS, K, EP);
  }

  /// The start of a parallel kernel: its shared memory, the thread's
  /// linear index and the vector checks where tiles are staged, and per
  /// mapped loop its trip count and the thread's first iteration in a tile.
  void printParallelPrologue(raw_ostream &OS, const KernelPlan &K) {
    if (K.Stages > 1) {
      OS << "  // the staged tiles' " << K.Stages << " stages (cp.async pipeline), " << K.SharedBytes
         << " bytes of dynamic shared memory\n";
      OS << "  extern __shared__ __align__(16) unsigned char loopgpu_smem[];\n";
      int64_t Offset = 0;
      for (const StagedArray &S : K.Staged) {
        const ArrayInfo &A = N.Arrays[S.Array];
        std::string Shape;
        for (int64_t E : S.sharedShape())
          Shape += "[" + std::to_string(E) + "]";
        std::string T = typeStr(A.ElementType);
        OS << "  " << T << " (*const " << stagesVar(S) << ")" << Shape << " = reinterpret_cast<" << T << " (*)"
           << Shape << ">(loopgpu_smem" << (Offset ? " + " + std::to_string(Offset) : "") << ");\n";
        Offset += K.Stages * S.bytes(elementBytes(A.ElementType));
      }
    }
    for (const StagedArray &S : llvm::concat<const StagedArray>(K.Staged, K.Halo)) {
      if (K.Stages > 1) // in dynamic shared memory (Halo is empty with a staged loop)
        continue;
      const ArrayInfo &A = N.Arrays[S.Array];
      bool Vectors = S.GlobalVector > 1 ||
                     std::any_of(K.Mapped.begin(), K.Mapped.end(), [](const MappedLoop &M) { return M.Vector > 1; });
      OS << "  __shared__ " << (Vectors ? "__align__(16) " : "") << typeStr(A.ElementType) << " " << shVar(S);
      for (int64_t E : S.sharedShape())
        OS << "[" << E << "]";
      OS << ";\n";
    }
    if (K.Transposed) {
      const TransposedWrite &T = *K.Transposed;
      const ArrayInfo &A = N.Arrays[T.Array];
      OS << "  __shared__ " << typeStr(A.ElementType) << " loopgpu_sh_" << A.Name << "["
         << mappedFor(T.RowLoop)->tile() << "][" << mappedFor(T.ColLoop)->tile() + T.Padding << "];\n";
    }
    if (!K.Staged.empty() || !K.Halo.empty()) {
      OS << "  const int loopgpu_tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n";
    }
    printBinsPrologue(OS, K);
    for (const StagedArray &S : K.Staged)
      if (S.GlobalVector > 1 && !PC.Exact) // the exact version runs where they hold
        printVectorCheck(OS, S);
    if (K.XRuns)
      printRunsCheck(OS, K);
    for (const MappedLoop &M : K.Mapped) {
      const Loop &L = N.Loops[M.Loop];
      std::string D(1, M.Dim);
      OS << "  // line " << L.Loc.Line << ": loop " << L.Iterator << " -> " << D << "; a block covers "
         << M.tile() << " iterations";
      if (M.Coarsen > 1 && K.Mma)
        OS << ", " << M.Coarsen << " per thread in the tensor cores' accumulator layout";
      else if (M.Coarsen > 1 && M.Vector > 1)
        OS << ", " << M.Coarsen << " per thread in runs of " << M.Vector;
      else if (M.Coarsen > 1)
        OS << ", " << M.Coarsen << " per thread at stride " << M.Stride;
      OS << "\n";
      bool Runs = K.XRuns && K.XRuns->Loop == M.Loop;
      if (Runs) {
        OS << "  // runs of " << K.XRuns->V << " consecutive iterations start on elements aligned to " << K.XRuns->V
           << ": iterations numbered from " << runsStart(M) << ", the first " << shiftVar(M) << " masked\n";
        OS << "  const " << countType(K) << " " << shiftVar(M) << " = " << runsShift(M) << ";\n";
      }
      if (!PC.Exact) // the exact version's tiles are all inside
        OS << "  const " << countType(K) << " " << tripVar(M) << " = loopgpu_trip(" << affIn64Bits(N, L.Lower) << ", "
           << affIn64Bits(N, L.Upper) << ", " << L.Step << ")" << (Runs ? " + " + shiftVar(M) : std::string())
           << ";\n";
      OS << "  const " << indexType(L) << " " << offVar(M) << " = ";
      std::string T = "threadIdx." + D, V = M.Vector > 1 ? " * " + std::to_string(M.Vector) : "";
      if (K.Mma) // warp w's part of the tile, then the lane's row (lane / 4) or column pair (lane % 4)
        OS << mmaOffset(K, M, /*Fragment=*/false) << ";\n";
      else if (M.Stride == M.BlockSize) // (t / Stride) is 0
        OS << T << V << ";\n";
      else
        OS << "(" << T << " / " << M.Stride << ") * " << M.Stride * M.Coarsen << " + (" << T << " % " << M.Stride
           << ")" << V << ";\n";
    }
  }

  /// Vector runs (KernelPlan::XRuns): the first iteration a run may hold
  /// (the loop's lower bound rounded down to a multiple of V) and how many
  /// iterations it lies before the lower bound.
  std::string runsStart(const MappedLoop &M) const {
    const Loop &L = N.Loops[M.Loop];
    int64_t V = PC.K->XRuns->V;
    if (L.Lower.isConstant()) {
      int64_t C = L.Lower.constantValue();
      return std::to_string(C - ((C % V) + V) % V);
    }
    return "loopgpu_floord(" + affIn64Bits(N, L.Lower) + ", " + std::to_string(V) + ") * " + std::to_string(V);
  }
  std::string runsShift(const MappedLoop &M) const {
    const Loop &L = N.Loops[M.Loop];
    int64_t V = PC.K->XRuns->V;
    if (L.Lower.isConstant())
      return std::to_string(((L.Lower.constantValue() % V) + V) % V);
    return affIn64Bits(N, L.Lower) + " - " + runsStart(M);
  }
  std::string shiftVar(const MappedLoop &M) const { return "loopgpu_shift" + std::to_string(M.Loop); }

  /// The test whether the runs' arrays are aligned for vectors: each array
  /// aligned to V elements, its rows whole vectors (kernel parameters and
  /// launch arguments have the same names).
  std::string runsAlignedTest(const KernelPlan &K) const {
    const VectorRuns &R = *K.XRuns;
    std::vector<std::string> Conds;
    for (unsigned AId : R.Arrays) {
      const ArrayInfo &A = N.Arrays[AId];
      Conds.push_back("reinterpret_cast<unsigned long long>(" + A.Name + ") % " +
                      std::to_string(R.V * elementBytes(A.ElementType)) + " == 0");
      if (A.Extents.size() < 2)
        continue;
      std::string Rows = "(" + aff(*A.Extents.back()) + ") % " + std::to_string(R.V) + " == 0";
      if (!llvm::is_contained(Conds, Rows))
        Conds.push_back(Rows);
    }
    return llvm::join(Conds, " && ");
  }
  std::string runsArrayNames(const KernelPlan &K) const {
    std::vector<std::string> Names;
    for (unsigned AId : K.XRuns->Arrays)
      Names.push_back(N.Arrays[AId].Name);
    return llvm::join(Names, ", ");
  }
  static bool aligned32(const KernelPlan &K) { return K.XRuns && K.XRuns->Aligned32; }
  /// The type of the kernel's trips and tile tests: int in the aligned
  /// 32-bit instance (VectorRuns::Aligned32), else long long.
  static std::string countType(const KernelPlan &K) { return aligned32(K) ? "loopgpu_trip_t" : "long long"; }

  /// The check that decides whether full tiles read the runs' arrays as
  /// vectors (in the aligned 32-bit instance: true, the host tested it).
  void printRunsCheck(raw_ostream &OS, const KernelPlan &K) {
    const VectorRuns &R = *K.XRuns;
    OS << "  // " << runsArrayNames(K) << ": aligned to " << R.V << " elements, rows whole multiples of " << R.V
       << " elements long\n";
    if (aligned32(K)) {
      OS << "  // loopgpu_aligned32: the host found them so, and its trips and tile tests in int\n";
      OS << "  using loopgpu_trip_t = std::conditional_t<loopgpu_aligned32, int, long long>;\n";
      OS << "  const bool loopgpu_runs_aligned = loopgpu_aligned32 || (" << runsAlignedTest(K) << ");\n";
      return;
    }
    OS << "  const bool loopgpu_runs_aligned = " << runsAlignedTest(K) << ";\n";
  }

  /// The aligned pointers and row lengths full tiles of vector runs read
  /// the arrays through (what the alignment check showed, said to nvcc).
  void printRunsAlignedDecls(raw_ostream &OS, const KernelPlan &K, unsigned Depth) {
    const VectorRuns &R = *K.XRuns;
    for (unsigned AId : R.Arrays) {
      const ArrayInfo &A = N.Arrays[AId];
      indent(OS, Depth);
      OS << "const decltype(" << A.Name << ") " << alignedPtr(A) << " = static_cast<decltype(" << A.Name
         << ")>(__builtin_assume_aligned(" << A.Name << ", " << R.V * elementBytes(A.ElementType) << "));\n";
      if (A.Extents.size() > 1) {
        indent(OS, Depth);
        OS << "const auto " << alignedRow(A) << " = (" << aff(*A.Extents.back()) << ") / " << R.V << " * " << R.V
           << "; // equal to the row length\n";
      }
    }
  }

  /// Halo staging: the block copies each halo array's tile, widened by the
  /// halo, then synchronizes; the body reads the tiles. Elements outside the
  /// array's extents (the border tile's footprint exceeds the iteration
  /// space) are not loaded; the planner showed that the body never reads them.
  void printHaloCopy(raw_ostream &OS, const KernelPlan &K, unsigned Depth) {
    const Loop &Outer = N.Loops[K.Nodes[0]->Id];
    indent(OS, Depth);
    OS << "// line " << Outer.Loc.Line << ": halo staging (-shared-staging=halo, opt-in: slower than the caches "
       << "on the H100): the tile of each stencil input, with its halo, in shared memory\n";
    for (const StagedArray &S : K.Halo) {
      const ArrayInfo &A = N.Arrays[S.Array];
      indent(OS, Depth);
      OS << "{\n";
      declareTileRegisters(OS, S, Depth + 1);
      printTileLoad(OS, S, Depth + 1, "this tile, with its halo,", [&](unsigned Dim, const std::string &R) {
        std::string Sub = "(" + plusConst(baseVar(S.DimLoops[Dim]), S.Offsets[Dim]) + " + " + R + ")";
        return std::make_pair(Sub, Sub + " >= 0 && " + Sub + " < " + aff(*A.Extents[Dim]));
      });
      printTileStore(OS, S, Depth + 1);
      indent(OS, Depth);
      OS << "}\n";
    }
    indent(OS, Depth);
    OS << "__syncthreads(); // the halo'd tiles are complete\n";
  }

  /// The second half of a TransposedWrite: the block's tile, complete after
  /// the barrier, is stored with threads along x walking the row loop (the
  /// array's fastest-varying subscript), so the stores coalesce.
  void printTransposedStore(raw_ostream &OS, const TransposedWrite &T, unsigned Depth) {
    const MappedLoop &Row = *mappedFor(T.RowLoop), &Col = *mappedFor(T.ColLoop);
    const Loop &RL = N.Loops[T.RowLoop], &CL = N.Loops[T.ColLoop];
    const Statement &S = N.Statements[T.Stmt];
    std::string Sh = "loopgpu_sh_" + N.Arrays[T.Array].Name;
    auto I = [&](unsigned D) { indent(OS, Depth + D); };
    I(0);
    OS << "__syncthreads();\n";
    I(0);
    OS << "// line " << S.Loc.Line << ": the tile of " << N.Arrays[T.Array].Name
       << " stored with x and y swapped: consecutive threads store consecutive elements\n";
    I(0);
    OS << "for (int loopgpu_wc = threadIdx.y; loopgpu_wc < " << Col.tile() << "; loopgpu_wc += blockDim.y) {\n";
    I(1);
    OS << "for (int loopgpu_wr = threadIdx.x; loopgpu_wr < " << Row.tile() << "; loopgpu_wr += blockDim.x) {\n";
    I(2);
    OS << "if ((long long)" << tileVar(Row) << " * " << Row.tile() << " + loopgpu_wr < " << tripVar(Row)
       << " && (long long)" << tileVar(Col) << " * " << Col.tile() << " + loopgpu_wc < " << tripVar(Col)
       << ") {\n";
    I(3);
    OS << "const " << typeStr(RL.IteratorType) << " " << RL.Iterator << " = loopgpu_base" << RL.Id
       << " + loopgpu_wr;\n";
    I(3);
    OS << "const " << typeStr(CL.IteratorType) << " " << CL.Iterator << " = loopgpu_base" << CL.Id
       << " + loopgpu_wc;\n";
    auto EP = exprPrinter({});
    I(3);
    OS << EP->print(*S.Body->Ops[0]) << " = " << Sh << "[loopgpu_wr][loopgpu_wc];\n";
    I(2);
    OS << "}\n";
    I(1);
    OS << "}\n";
    I(0);
    OS << "}\n";
    I(0);
    OS << "__syncthreads(); // the next tile overwrites the shared one\n";
  }

  //===------------------------------------------------------------------===//
  // Reduction kernels
  //===------------------------------------------------------------------===//
  // A reduction's partial is one variable (the accumulator), or for
  // argmin/argmax three: the value, the index and the iteration, a
  // candidate's position in the loop's execution order (loopgpu_t), -1 for
  // the initial (value, index). Every thread starts from the initial pair and
  // runs the comparison as written over its own iterations, which it visits
  // in increasing order: its candidate is the sequential result over the
  // initial pair and those iterations. Candidates then combine by `beats`, a
  // strict total order on (value, iteration): the smaller value (argmin) or
  // the larger (argmax); on equal values the earlier iteration (first on
  // ties: the initial pair, at -1, keeps every tie, as `e < x` keeps x) or
  // the later one (last on ties: the initial pair loses every tie, as
  // `e <= x` replaces x). So the result is the sequential one whatever the
  // order of combination, and the copies of the initial pair every thread
  // holds change nothing. NaN: `NaN < x` is false, so a thread never takes a
  // NaN value; a candidate holds NaN only if the initial value is NaN, and
  // then no iteration replaces it (every comparison with it is false), as
  // sequentially.

  struct PartVar {
    std::string Type, Name, Key; ///< Key: the suffix of shared and global arrays
    std::string Start;           ///< the per-thread starting value
  };

  /// A reduction's variable: a scalar, or one element of an array (the
  /// same in every iteration; GPUMapping's isCombinableElement), whose
  /// accumulator is a local named after the array and the access.
  ScalarType redType(const Reduction &R) const {
    return R.Memory.isScalar() ? N.Scalars[R.Memory.Index].Type : N.Arrays[R.Memory.Index].ElementType;
  }
  std::string redName(const Reduction &R) const {
    if (R.Memory.isScalar())
      return N.Scalars[R.Memory.Index].Name;
    return "loopgpu_red_" + N.Arrays[R.Memory.Index].Name + "_" + std::to_string(R.Accesses[0]);
  }
  /// Where the combined result goes: the scalar's device pointer, or the
  /// element's address as the statement writes it.
  std::string redPointer(const Reduction &R) {
    if (R.Memory.isScalar())
      return scalarPointer(R.Memory.Index);
    const Expr *Ref = nullptr;
    N.Statements[N.Accesses[R.Accesses[0]].Stmt].Body->walk([&](const Expr &E) {
      if (!Ref && E.K == Expr::Kind::ArrayRef && E.AccessId == static_cast<int>(R.Accesses[0]))
        Ref = &E;
    });
    ExprPrinter P(N);
    P.Override = [this, &P](const Expr &E) { return baseOverride(E, P, {}); };
    return Ref ? "&" + P.print(*Ref) : "nullptr";
  }

  /// The values combined for R (reductionPartTypes, the plan's count of
  /// their shared memory), named and started.
  std::vector<PartVar> partVars(const Reduction &R) const {
    std::vector<ScalarType> T = reductionPartTypes(N, R);
    if (!R.isArg())
      return {{typeStr(T[0]), redName(R), redName(R), identity(R.Op, T[0])}};
    const ScalarInfo &S = N.Scalars[R.Memory.Index];
    const ScalarInfo &Y = N.Scalars[R.Index->Index];
    return {{typeStr(T[0]), S.Name, S.Name, "*" + scalarPointer(R.Memory.Index)},
            {typeStr(T[1]), Y.Name, Y.Name, "*" + scalarPointer(R.Index->Index)},
            {typeStr(T[2]), iterVar(R), S.Name + "_iter", "-1"}};
  }
  std::string iterVar(const Reduction &R) const {
    return "loopgpu_" + N.Scalars[R.Memory.Index].Name + "_iter";
  }
  static std::vector<std::string> namesOf(const std::vector<PartVar> &Vars, const std::string &Prefix = "",
                                          const std::string &Suffix = "") {
    std::vector<std::string> Names;
    for (const PartVar &V : Vars)
      Names.push_back(Prefix + V.Name + Suffix);
    return Names;
  }
  /// One statement: combine the partial From into the partial Into.
  std::string combineInto(const Reduction &R, const std::vector<std::string> &Into,
                          const std::vector<std::string> &From) const {
    if (!R.isArg())
      return Into[0] + " = " + combine(R.Op, Into[0], From[0]) + ";";
    const char *Better = R.Op == "argmin" ? " < " : " > ";
    const char *Tie = R.FirstOnTies ? " < " : " > ";
    return "if (" + From[0] + Better + Into[0] + " || (" + From[0] + " == " + Into[0] + " && " + From[2] + Tie +
           Into[2] + ")) { " + Into[0] + " = " + From[0] + "; " + Into[1] + " = " + From[1] + "; " + Into[2] +
           " = " + From[2] + "; }";
  }
  /// The partial combined across the lanes of the warp, into lane 0. Every
  /// lane shuffles each variable exactly once, unconditionally, into a
  /// local, and only then combines: a shuffle inside the combination (`x =
  /// shfl(x) > x ? shfl(x) : x`) would run in only some lanes, and the
  /// others would wait for them forever.
  void printWarpCombine(raw_ostream &OS, const Reduction &R, unsigned Depth) {
    std::vector<PartVar> Vars = partVars(R);
    auto Down = [](const std::string &V) { return "__shfl_down_sync(0xffffffffu, " + V + ", loopgpu_off)"; };
    indent(OS, Depth);
    OS << "for (int loopgpu_off = 16; loopgpu_off > 0; loopgpu_off /= 2) {\n";
    std::vector<std::string> From;
    for (const PartVar &V : Vars) {
      From.push_back("loopgpu_down_" + V.Key);
      indent(OS, Depth + 1);
      OS << "const " << V.Type << " " << From.back() << " = " << Down(V.Name) << ";\n";
    }
    indent(OS, Depth + 1);
    OS << combineInto(R, namesOf(Vars), From) << "\n";
    indent(OS, Depth);
    OS << "}\n";
  }
  std::string blockResults(const KernelPlan &K, const PartVar &V) const { return K.Name + "_" + V.Key; }
  std::string blocksDone(const KernelPlan &K) const { return K.Name + "_blocks_done"; }

  /// File-scope storage of a reduction kernel with argmin/argmax reductions:
  /// one candidate per block, and the count of blocks done.
  void printReductionGlobals(raw_ostream &OS, const KernelPlan &K) {
    bool AnyArg = false;
    for (size_t RI = 0; RI < K.Reductions.size(); ++RI) {
      const Reduction &R = K.Reductions[RI];
      if (K.Combines[RI] != KernelPlan::BlockCombine::LastBlock)
        continue;
      if (!AnyArg)
        OS << "// " << K.Name << ": each block's argmin/argmax candidate (at most " << MaxReductionBlocks
           << " blocks), and how many blocks are done (the last one resets it).\n";
      AnyArg = true;
      for (const PartVar &V : partVars(R))
        OS << "static __device__ " << V.Type << " " << blockResults(K, V) << "[" << MaxReductionBlocks << "];\n";
    }
    if (AnyArg)
      OS << "static __device__ unsigned int " << blocksDone(K) << " = 0;\n\n";
  }

  void printReductionKernel(raw_ostream &OS, const KernelPlan &K) {
    const MappedLoop &M = K.Mapped[0];
    const Loop &L = N.Loops[M.Loop];
    const int64_t C = M.Coarsen;
    std::set<unsigned> Locals;
    std::map<unsigned, std::string> IterOfIndex; // index scalar -> its iteration variable
    bool AnyArg = false;
    std::map<int, std::string> ElementAccs; // reductions into an element: its accesses -> the accumulator
    AnyArg = llvm::is_contained(K.Combines, KernelPlan::BlockCombine::LastBlock);
    for (const Reduction &R : K.Reductions) {
      if (R.Memory.isArray()) {
        for (unsigned A : R.Accesses)
          ElementAccs[static_cast<int>(A)] = redName(R);
        continue;
      }
      Locals.insert(R.Memory.Index);
      if (R.isArg()) {
        Locals.insert(R.Index->Index);
        IterOfIndex[R.Index->Index] = iterVar(R);
      }
    }
    auto Chain = [C](const std::string &V) { return C > 1 ? "loopgpu_part_" + V + "[loopgpu_c]" : V; };
    // Copy c of the body accumulates into <s>_part[c]; an argmin/argmax
    // index update also records its iteration.
    auto EP = std::make_unique<ExprPrinter>(N);
    ExprPrinter *Self = EP.get();
    EP->Override = [this, Self, Locals, IterOfIndex, ElementAccs, Chain, C,
                    T = tVar(M)](const Expr &E) -> std::optional<std::string> {
      if (C > 1 && E.K == Expr::Kind::ScalarRef && Locals.count(E.Index))
        return Chain(N.Scalars[E.Index].Name);
      if (E.K == Expr::Kind::ArrayRef)
        if (auto It = ElementAccs.find(E.AccessId); It != ElementAccs.end())
          return Chain(It->second);
      if (E.K == Expr::Kind::Assign && E.Op == "=" && E.Ops.size() == 2 &&
          E.Ops[0]->K == Expr::Kind::ScalarRef && IterOfIndex.count(E.Ops[0]->Index))
        return "(" + Self->print(*E.Ops[0]) + " = " + Self->print(*E.Ops[1]) + ", " +
               Chain(IterOfIndex.at(E.Ops[0]->Index)) + " = " + T + ")";
      return baseOverride(E, *Self, Locals);
    };
    if (C > 1)
      OS << "  // Per-thread partial results, " << C
         << " independent chains (thread coarsening: all loads of a round in flight).\n";
    else
      OS << "  // Per-thread partial results, starting from the identity.\n";
    if (AnyArg)
      OS << "  // argmin/argmax: from the initial (value, index), iteration -1.\n";
    for (const Reduction &R : K.Reductions) {
      for (const PartVar &V : partVars(R)) {
        if (C == 1) {
          OS << "  " << V.Type << " " << V.Name << " = " << V.Start << ";\n";
          continue;
        }
        OS << "  " << V.Type << " loopgpu_part_" << V.Name << "[" << C << "];\n";
        OS << "  #pragma unroll\n  for (int loopgpu_c = 0; loopgpu_c < " << C << "; ++loopgpu_c)\n";
        OS << "    loopgpu_part_" << V.Name << "[loopgpu_c] = " << V.Start << ";\n";
      }
    }
    if (C == 1) {
      openMappedLoop(OS, M, 1, /*Unroll=*/4);
      declareScalarsOf(OS, 2, {M.Loop});
      printNodes(OS, K.Nodes[0]->Body, 2, *EP);
      OS << "  }\n";
    } else {
      std::string T = tVar(M), Trip = tripVar(M);
      OS << "  // line " << L.Loc.Line << ": loop " << L.Iterator << " -> x (grid-stride, " << C
         << " iterations per thread and round, " << C << " x gridDim.x x blockDim.x apart)\n";
      OS << "  const long long " << Trip << " = loopgpu_trip(" << affIn64Bits(N, L.Lower) << ", " << affIn64Bits(N, L.Upper)
         << ", " << L.Step << ");\n";
      OS << "  const long long loopgpu_threads = (long long)gridDim.x * blockDim.x;\n";
      OS << "  for (long long loopgpu_round = (long long)blockIdx.x * blockDim.x + threadIdx.x; "
            "loopgpu_round < "
         << Trip << "; loopgpu_round += " << C << " * loopgpu_threads) {\n";
      OS << "    #pragma unroll\n";
      OS << "    for (int loopgpu_c = 0; loopgpu_c < " << C << "; ++loopgpu_c) {\n";
      OS << "      const long long " << T << " = loopgpu_round + loopgpu_c * loopgpu_threads;\n";
      OS << "      if (" << T << " < " << Trip << ") {\n";
      OS << "        const " << typeStr(L.IteratorType) << " " << L.Iterator << " = ("
         << typeStr(L.IteratorType) << ")(" << (L.Step > 0 ? aff(L.Lower) : aff(L.Upper)) << " + " << T
         << " * " << L.Step << ");\n";
      declareScalarsOf(OS, 4, {M.Loop});
      printNodes(OS, K.Nodes[0]->Body, 4, *EP);
      OS << "      }\n    }\n  }\n";
      OS << "  // The chains combined, in a fixed order.\n";
      for (const Reduction &R : K.Reductions) {
        std::vector<PartVar> Vars = partVars(R);
        for (const PartVar &V : Vars)
          OS << "  " << V.Type << " " << V.Name << " = loopgpu_part_" << V.Name << "[0];\n";
        OS << "  #pragma unroll\n  for (int loopgpu_c = 1; loopgpu_c < " << C << "; ++loopgpu_c)\n";
        OS << "    " << combineInto(R, namesOf(Vars), namesOf(Vars, "loopgpu_part_", "[loopgpu_c]")) << "\n";
      }
    }
    OS << "  // Combine: warp shuffles, one value per warp through shared memory,\n"
          "  // then the first warp combines those and one atomic per block.\n";
    OS << "  const unsigned loopgpu_lane = threadIdx.x % 32, loopgpu_warp = threadIdx.x / 32;\n";
    for (const Reduction &R : K.Reductions) {
      std::vector<PartVar> Vars = partVars(R);
      for (const PartVar &V : Vars)
        OS << "  __shared__ " << V.Type << " loopgpu_partial_" << V.Key << "[32];\n";
      printWarpCombine(OS, R, 1);
      OS << "  if (loopgpu_lane == 0)";
      OS << (R.isArg() ? " {\n" : "\n");
      for (const PartVar &V : Vars)
        OS << "    loopgpu_partial_" << V.Key << "[loopgpu_warp] = " << V.Name << ";\n";
      if (R.isArg())
        OS << "  }\n";
    }
    OS << "  __syncthreads();\n";
    OS << "  if (loopgpu_warp == 0) {\n";
    for (size_t RI = 0; RI < K.Reductions.size(); ++RI) {
      const Reduction &R = K.Reductions[RI];
      KernelPlan::BlockCombine How = K.Combines[RI];
      std::vector<PartVar> Vars = partVars(R);
      std::string T = typeStr(redType(R)), V = redName(R);
      if (R.isArg()) {
        OS << "    // Lanes past the last warp take warp 0's candidate again.\n";
        for (const PartVar &X : Vars)
          OS << "    " << X.Name << " = loopgpu_partial_" << X.Key
             << "[loopgpu_lane < blockDim.x / 32 ? loopgpu_lane : 0];\n";
      } else {
        OS << "    " << V << " = loopgpu_lane < blockDim.x / 32 ? loopgpu_partial_" << V << "[loopgpu_lane] : "
           << identity(R.Op, redType(R)) << ";\n";
      }
      printWarpCombine(OS, R, 2);
      // A block whose value is the identity changes nothing: it touches no
      // memory (when no iteration runs, the original may not have the element).
      OS << "    if (loopgpu_lane == 0";
      if (How != KernelPlan::BlockCombine::LastBlock)
        OS << " && " << V << " != " << identity(R.Op, redType(R)) << ") // the identity changes nothing";
      else
        OS << ")";
      switch (How) {
      case KernelPlan::BlockCombine::LastBlock:
        OS << " {\n";
        for (const PartVar &X : Vars)
          OS << "      " << blockResults(K, X) << "[blockIdx.x] = " << X.Name << ";\n";
        OS << "    }\n";
        break;
      case KernelPlan::BlockCombine::AtomicAdd:
        OS << "\n      loopgpu_atomic_add(" << redPointer(R) << ", " << V << ");\n";
        break;
      case KernelPlan::BlockCombine::AtomicCombine:
        OS << "\n      loopgpu_atomic_combine(" << redPointer(R) << ", " << V << ", [](" << T
           << " a, " << T << " b) { return " << combine(R.Op, "a", "b") << "; });\n";
        break;
      }
    }
    OS << "  }\n";
    if (AnyArg)
      printLastBlockCombine(OS, K);
  }

  /// argmin/argmax across blocks: the block candidates are in global memory;
  /// the last block to finish combines them with the initial pair and writes
  /// the result (the threadFenceReduction pattern of the CUDA samples).
  void printLastBlockCombine(raw_ostream &OS, const KernelPlan &K) {
    OS << "  // argmin/argmax: the last block to finish combines the blocks' candidates.\n";
    OS << "  __shared__ bool loopgpu_last_block;\n";
    OS << "  if (threadIdx.x == 0) {\n";
    OS << "    __threadfence(); // this block's candidates are visible before it counts as done\n";
    OS << "    loopgpu_last_block = atomicAdd(&" << blocksDone(K) << ", 1u) == gridDim.x - 1;\n";
    OS << "  }\n";
    OS << "  __syncthreads();\n";
    OS << "  if (loopgpu_last_block && loopgpu_warp == 0) {\n";
    for (size_t RI = 0; RI < K.Reductions.size(); ++RI) {
      const Reduction &R = K.Reductions[RI];
      if (K.Combines[RI] != KernelPlan::BlockCombine::LastBlock)
        continue;
      std::vector<PartVar> Vars = partVars(R);
      for (const PartVar &X : Vars)
        OS << "    " << X.Name << " = " << X.Start << ";\n";
      std::vector<std::string> From;
      for (const PartVar &X : Vars)
        From.push_back(blockResults(K, X) + "[loopgpu_b]");
      OS << "    for (unsigned loopgpu_b = loopgpu_lane; loopgpu_b < gridDim.x; loopgpu_b += 32)\n";
      OS << "      " << combineInto(R, namesOf(Vars), From) << "\n";
      printWarpCombine(OS, R, 2);
      OS << "    if (loopgpu_lane == 0) {\n";
      OS << "      *" << scalarPointer(R.Memory.Index) << " = " << Vars[0].Name << ";\n";
      OS << "      *" << scalarPointer(R.Index->Index) << " = " << Vars[1].Name << ";\n";
      OS << "    }\n";
    }
    OS << "    if (loopgpu_lane == 0)\n";
    OS << "      " << blocksDone(K) << " = 0; // ready for the next launch\n";
    OS << "  }\n";
  }

  //===------------------------------------------------------------------===//
  // Host side
  //===------------------------------------------------------------------===//
  void printHostSteps(raw_ostream &OS, const std::vector<HostStep> &Steps, unsigned Depth) {
    for (const HostStep &S : Steps) {
      switch (S.K) {
      case HostStep::Kind::Loop: {
        const Loop &L = N.Loops[S.Src->Id];
        indent(OS, Depth);
        OS << "// line " << L.Loc.Line << ": loop " << L.Iterator << " stays on the host ("
           << "its iterations depend on each other)\n";
        if (S.TimeTiled) {
          indent(OS, Depth);
          OS << "// time-tiled by " << S.TimeTiled->Name << " where its grid fills the GPU; else as below\n";
          indent(OS, Depth);
          OS << "if (!" << timeTileDispatch(timeTileContext(S)) << ")\n";
        }
        if (S.Device) {
          indent(OS, Depth);
          OS << "{\n";
          printDeviceLoopDispatch(OS, S, Depth + 1);
          indent(OS, Depth);
          OS << "}\n";
          break;
        }
        indent(OS, Depth);
        printLoopHeader(OS, L);
        OS << " {\n";
        std::vector<std::string> Frees = allocateTemporaries(OS, Depth + 1, static_cast<int>(L.Id));
        printHostSteps(OS, S.Body, Depth + 1);
        for (const std::string &F : Frees) {
          indent(OS, Depth + 1);
          OS << F << "\n";
        }
        indent(OS, Depth);
        OS << "}\n";
        break;
      }
      case HostStep::Kind::If:
        indent(OS, Depth);
        OS << "if (" << S.Src->Cond.str(N.namer(), "loopgpu_min", "loopgpu_max") << ") {\n";
        printHostSteps(OS, S.Body, Depth + 1);
        indent(OS, Depth);
        OS << "}";
        if (!S.Else.empty()) {
          OS << " else {\n";
          printHostSteps(OS, S.Else, Depth + 1);
          indent(OS, Depth);
          OS << "}";
        }
        OS << "\n";
        break;
      case HostStep::Kind::Launch:
        printLaunch(OS, Plan.Kernels[S.Kernel], Depth);
        break;
      case HostStep::Kind::Choose: {
        if (S.ByExact) {
          printExactChoice(OS, S, Depth);
          break;
        }
        std::vector<std::string> Trips;
        for (unsigned L : S.ChoiceLoops) {
          const Loop &CL = N.Loops[L];
          Trips.push_back("loopgpu_trip(" + affIn64Bits(N, CL.Lower) + ", " + affIn64Bits(N, CL.Upper) + ", " +
                          std::to_string(CL.Step) + ")");
        }
        indent(OS, Depth);
        OS << "// " << S.Why << "\n";
        indent(OS, Depth);
        std::string Threshold = std::to_string(S.Threshold);
        if (!S.ThresholdEnv.empty())
          Threshold = "loopgpu_env_or(\"" + S.ThresholdEnv + "\", " + Threshold + ")";
        OS << "if (loopgpu_count({" << llvm::join(Trips, ", ") << "}) < " << Threshold << ") {\n";
        printHostSteps(OS, S.Body, Depth + 1);
        indent(OS, Depth);
        OS << "} else {\n";
        printHostSteps(OS, S.Else, Depth + 1);
        indent(OS, Depth);
        OS << "}\n";
        break;
      }
      }
    }
  }

  /// A Choose by exact version (HostStep::ByExact): Body's kernel where its
  /// exact version runs and its border holds at most MaxBorder of the
  /// outputs, Else elsewhere (Else alone where the kernel got none:
  /// -exact-tiles=false).
  void printExactChoice(raw_ostream &OS, const HostStep &S, unsigned Depth) {
    const KernelPlan &K = Plan.Kernels[S.Body.front().Kernel];
    if (!K.Exact) {
      printHostSteps(OS, S.Else, Depth);
      return;
    }
    std::vector<std::string> Full, All;
    for (const MappedLoop &M : K.Mapped) {
      std::string Trip = "loopgpu_trip_" + std::string(1, M.Dim), T = std::to_string(M.tile());
      Full.push_back("(" + Trip + " / " + T + " * " + T + ")");
      All.push_back(Trip);
    }
    indent(OS, Depth);
    OS << "{ // " << S.Why << "\n";
    printGridTrips(OS, K, Depth + 1);
    indent(OS, Depth + 1);
    OS << "// with a border of at most 1 / " << HostStep::MaxBorder << " of the outputs (" << K.Name
       << "'s border version is slower than the other tile's)\n";
    indent(OS, Depth + 1);
    OS << "if (loopgpu_trip_x > 0 && loopgpu_trip_y > 0 && loopgpu_trip_z > 0 && " << exactRuns(K) << " && "
       << llvm::join(Full, " * ") << " * " << HostStep::MaxBorder << " >= " << llvm::join(All, " * ") << " * "
       << HostStep::MaxBorder - 1 << ") {\n";
    printHostSteps(OS, S.Body, Depth + 2);
    indent(OS, Depth + 1);
    OS << "} else {\n";
    printHostSteps(OS, S.Else, Depth + 2);
    indent(OS, Depth + 1);
    OS << "}\n";
    indent(OS, Depth);
    OS << "}\n";
  }

  /// Whether the exact version of K runs (after printGridTrips): its host
  /// test and, with a border split, a wave of full tiles where some tile is
  /// partial.
  std::string exactRuns(const KernelPlan &K) const {
    if (!K.borderSplit())
      return exactTest(K);
    return exactTest(K) + " && (!(" + borderTest(K) + ") || " + waveTest(K) + ")";
  }
  /// Some tile of a launch of K is partial (after printGridTrips).
  std::string borderTest(const KernelPlan &K) const {
    std::vector<std::string> Partial;
    for (const MappedLoop &M : K.Mapped)
      Partial.push_back("loopgpu_trip_" + std::string(1, M.Dim) + " % " + std::to_string(M.tile()) + " != 0");
    return llvm::join(Partial, " || ");
  }
  /// The full tiles of a launch of K make a wave (ExactTiles::BorderMinTiles).
  std::string waveTest(const KernelPlan &K) const {
    std::vector<std::string> Tiles;
    for (const MappedLoop &M : K.Mapped)
      Tiles.push_back("(loopgpu_trip_" + std::string(1, M.Dim) + " / " + std::to_string(M.tile()) + ")");
    return llvm::join(Tiles, " * ") + " >= loopgpu_env_or(\"LOOPGPU_EXACT_BORDER_MIN_TILES\", " +
           std::to_string(K.Exact->BorderMinTiles) + ")";
  }

  /// `const long long loopgpu_trip_x = ...;` and y, z: the trip counts of
  /// the loops a launch of K maps (1 where none).
  void printGridTrips(raw_ostream &OS, const KernelPlan &K, unsigned Depth) {
    std::string Trip[3] = {"1", "1", "1"};
    for (const MappedLoop &M : K.Mapped) {
      const Loop &L = N.Loops[M.Loop];
      Trip[M.Dim - 'x'] = "loopgpu_trip(" + affIn64Bits(N, L.Lower) + ", " + affIn64Bits(N, L.Upper) + ", " +
                          std::to_string(L.Step) + ")";
    }
    for (int D = 0; D < 3; ++D) {
      indent(OS, Depth);
      OS << "const long long loopgpu_trip_" << "xyz"[D] << " = " << Trip[D] << ";\n";
    }
  }

  /// The grid of a launch of K from the trip counts printGridTrips declares.
  std::string gridExpr(const KernelPlan &K) const {
    long long Span[3] = {1, 1, 1};
    long long Max[3] = {maxGridBlocks('x'), maxGridBlocks('y'), maxGridBlocks('z')};
    for (const MappedLoop &M : K.Mapped) {
      Span[M.Dim - 'x'] = K.blockSpan(M);
      Max[M.Dim - 'x'] = K.maxBlocks(M);
    }
    std::string G, X;
    for (int D = 0; D < (K.K == KernelPlan::Kind::Reduction ? 1 : 3); ++D) {
      std::string Limit = std::to_string(Max[D]);
      if (!K.Bins.empty() && D == 1) // shared bins: y takes what x leaves of the blocks' budget
        Limit = std::to_string(KernelPlan::BinBlocksX) + " / loopgpu_max(1, " + X + ")";
      if (!K.Bins.empty() && D == 2) // and z loops in each block
        Limit = "1";
      std::string B = "loopgpu_blocks(loopgpu_trip_" + std::string(1, "xyz"[D]) +
                      // vector runs number x's iterations from up to V - 1 before the first
                      (D == 0 && K.XRuns ? " + " + std::to_string(K.XRuns->V - 1) : std::string()) + ", " +
                      std::to_string(Span[D]) + ", " + Limit + ")";
      if (D == 0)
        X = B;
      G += std::string(D ? ", " : "") + B;
    }
    return G;
  }

  void printLaunch(raw_ostream &OS, const KernelPlan &K, unsigned Depth) {
    std::vector<std::string> Args = kernelArgs(K);
    indent(OS, Depth);
    OS << "{\n";
    if (K.K == KernelPlan::Kind::Scan) {
      printScanLaunch(OS, K, Args, Depth);
    } else if (K.K == KernelPlan::Kind::Serial) {
      indent(OS, Depth + 1);
      OS << K.Name << "<<<1, 1>>>(" << llvm::join(Args, ", ") << ");\n";
    } else {
      std::array<int64_t, 3> Block = K.blockShape();
      printGridTrips(OS, K, Depth + 1);
      indent(OS, Depth + 1);
      OS << "if (loopgpu_trip_x > 0 && loopgpu_trip_y > 0 && loopgpu_trip_z > 0) {\n";
      indent(OS, Depth + 2);
      OS << "const dim3 loopgpu_block(" << Block[0] << ", " << Block[1] << ", " << Block[2] << ");\n";
      indent(OS, Depth + 2);
      OS << "const dim3 loopgpu_grid(" << gridExpr(K) << ");\n";
      if (K.Stages > 1) { // tiles in dynamic shared memory, more than the 48 KiB a launch gets unasked
        // Per call, not once: a cudaDeviceReset between calls forgets the opt-in.
        auto OptIn = [&](const std::string &Kernel, const std::string &Attr) {
          indent(OS, Depth + 2);
          OS << "const cudaError_t " << Attr << " = cudaFuncSetAttribute(" << Kernel
             << ", cudaFuncAttributeMaxDynamicSharedMemorySize, " << K.SharedBytes << ");\n";
          indent(OS, Depth + 2);
          OS << "LOOPGPU_CHECK(" << Attr << ");\n";
        };
        OptIn(K.Name, "loopgpu_smem_attr");
        if (K.Exact)
          OptIn(exactName(K), "loopgpu_smem_attr_exact");
        if (K.borderSplit())
          OptIn(borderName(K), "loopgpu_smem_attr_border");
      }
      std::string Launch = "<<<loopgpu_grid, loopgpu_block" +
                           (K.Stages > 1 ? ", " + std::to_string(K.SharedBytes) : std::string()) + ">>>(" +
                           llvm::join(Args, ", ") + ");\n";
      if (K.borderSplit()) {
        printBorderSplitLaunch(OS, K, Args, Depth + 2);
      } else if (K.Exact) {
        indent(OS, Depth + 2);
        OS << "// every tile full: the exact version (" << exactLacks(K) << ")\n";
        indent(OS, Depth + 2);
        OS << "const bool loopgpu_exact = " << exactTest(K) << ";\n";
        indent(OS, Depth + 2);
        OS << "if (loopgpu_tracing())\n";
        indent(OS, Depth + 3);
        OS << "fprintf(stderr, \"loopgpu: " << K.Name << ": %s\\n\", loopgpu_exact ? \"every tile full: "
           << exactName(K) << " runs\" : \"tiles on the border or unaligned rows: " << K.Name << " runs\");\n";
        indent(OS, Depth + 2);
        OS << "if (loopgpu_exact)\n";
        indent(OS, Depth + 3);
        OS << exactName(K) << Launch;
        indent(OS, Depth + 2);
        OS << "else\n";
        indent(OS, Depth + 3);
        OS << K.Name << Launch;
      } else if (aligned32(K)) {
        printAligned32Launch(OS, K, Launch, Depth + 2);
      } else {
        indent(OS, Depth + 2);
        OS << K.Name << Launch;
      }
      indent(OS, Depth + 1);
      OS << "}\n";
    }
    indent(OS, Depth + 1);
    OS << "LOOPGPU_CHECK(cudaGetLastError());\n";
    indent(OS, Depth);
    OS << "}\n";
  }

  /// The launch of a kernel with an aligned 32-bit instance
  /// (VectorRuns::Aligned32), in printLaunch's scope: that instance where
  /// the runs' arrays are aligned and every mapped loop's trip (with the
  /// runs' shift) and its grid's tiles fit in an int, else the general one.
  void printAligned32Launch(raw_ostream &OS, const KernelPlan &K, const std::string &Launch, unsigned Depth) {
    std::vector<std::string> Fits;
    for (const MappedLoop &M : K.Mapped) {
      std::string D(1, M.Dim);
      Fits.push_back("loopgpu_int_tiles(loopgpu_trip_" + D +
                     (K.XRuns->Loop == M.Loop ? " + " + std::to_string(K.XRuns->V) : std::string()) +
                     ", loopgpu_grid." + D + ", " + std::to_string(M.tile()) + ")");
    }
    auto Line = [&](unsigned D, const std::string &Text) {
      indent(OS, D);
      OS << Text << "\n";
    };
    Line(Depth, "// " + runsArrayNames(K) + " aligned to runs and the tile tests in 32 bits: the kernel's instance "
                "without the element copies' fallback, its trips in int");
    Line(Depth, "const bool loopgpu_aligned32 = " + runsAlignedTest(K) + " && " + llvm::join(Fits, " && ") + ";");
    Line(Depth, "if (loopgpu_tracing())");
    Line(Depth + 1, "fprintf(stderr, \"loopgpu: " + K.Name + ": %s\\n\", loopgpu_aligned32 ? \"aligned, 32-bit "
                    "tile tests: its aligned32 instance runs\" : \"unaligned or large: its general instance runs\");");
    Line(Depth, "if (loopgpu_aligned32)");
    Line(Depth + 1, K.Name + "<true>" + Launch.substr(0, Launch.size() - 1));
    Line(Depth, "else");
    Line(Depth + 1, K.Name + "<false>" + Launch.substr(0, Launch.size() - 1));
  }

  /// The launches of a kernel with a border split (ExactTiles::Border), in
  /// printLaunch's scope (trips, block and grid declared): the border
  /// version on the side stream (forked from the default stream), the exact
  /// version on the full tiles beside it, then the join; or the kernel
  /// alone, on every tile.
  void printBorderSplitLaunch(raw_ostream &OS, const KernelPlan &K, const std::vector<std::string> &Args,
                              unsigned Depth) {
    std::string Smem = K.Stages > 1 ? std::to_string(K.SharedBytes) : "0";
    std::string Full[3] = {"1", "1", "1"};
    for (const MappedLoop &M : K.Mapped)
      Full[M.Dim - 'x'] = "loopgpu_trip_" + std::string(1, M.Dim) + " / " + std::to_string(M.tile());
    std::string ArgList = llvm::join(Args, ", ");
    auto Line = [&](unsigned D, const std::string &Text) {
      indent(OS, D);
      OS << Text << "\n";
    };
    Line(Depth, "// the full tiles: the exact version (" + exactLacks(K) + "); the tiles on the border: " +
                    borderName(K) + ", beside it");
    Line(Depth, "const bool loopgpu_border = " + borderTest(K) + ";");
    Line(Depth, "// with a border, at least a wave of full tiles (" + std::to_string(K.Exact->BorderMinTiles) +
                    " blocks; LOOPGPU_EXACT_BORDER_MIN_TILES): fewer do not repay the second stream");
    Line(Depth, "const bool loopgpu_exact = " + exactTest(K) + " && (!loopgpu_border || " + waveTest(K) + ");");
    Line(Depth, "if (loopgpu_tracing())");
    Line(Depth + 1, "fprintf(stderr, \"loopgpu: " + K.Name + ": %s\\n\", !loopgpu_exact ? \"less than a wave of full tiles, "
                        "unaligned rows" + (K.Exact->TailStrip ? "" : " or a partial strip") + ": " + K.Name +
                        " runs\" : loopgpu_border ? \"full tiles: " +
                        exactName(K) + " runs; tiles on the border: " + borderName(K) + " runs beside it\" : \"every tile full: " +
                        exactName(K) + " runs\");");
    Line(Depth, "if (loopgpu_exact) {");
    Line(Depth + 1, "loopgpu_side loopgpu_split{}; // the side stream, where there is a border");
    Line(Depth + 1, "if (loopgpu_border) { // first: its blocks of full tiles return at once, while the SMs are free");
    Line(Depth + 2, "loopgpu_split = loopgpu_fork_side();");
    Line(Depth + 2, borderName(K) + "<<<loopgpu_grid, loopgpu_block, " + Smem + ", loopgpu_split.stream>>>(" + ArgList +
                        ");");
    Line(Depth + 1, "}");
    Line(Depth + 1, exactName(K) + "<<<dim3(" + Full[0] + ", " + Full[1] + ", " + Full[2] + "), loopgpu_block" +
                        (K.Stages > 1 ? ", " + Smem : std::string()) + ">>>(" + ArgList + ");");
    Line(Depth + 1, "if (loopgpu_border)");
    Line(Depth + 2, "loopgpu_join_side(loopgpu_split);");
    Line(Depth, "} else {");
    Line(Depth + 1, K.Name + "<<<loopgpu_grid, loopgpu_block" + (K.Stages > 1 ? ", " + Smem : std::string()) + ">>>(" +
                        ArgList + ");");
    Line(Depth, "}");
  }

  /// Allocates the temporary arrays whose innermost allocation loop is
  /// Owner (-1: none, they live for the whole nest) in device memory, with
  /// their sizes evaluated here on the host. Returns the statements that
  /// free them, to print after the launches that use them. The calls are
  /// stream-ordered on the default stream, like the launches: the memory
  /// is released after the kernels finish, without a synchronization.
  std::vector<std::string> allocateTemporaries(raw_ostream &OS, unsigned Depth, int Owner) {
    std::vector<std::string> Frees;
    for (const ArrayInfo &A : N.Arrays) {
      if (!A.isTemporary() || (A.AllocLoops.empty() ? -1 : static_cast<int>(A.AllocLoops.back())) != Owner)
        continue;
      std::string T = typeStr(A.ElementType), Count;
      for (const AffExpr &E : A.AllocExtents)
        Count += (Count.empty() ? "" : ", ") + std::string("(long long)(") + affIn64Bits(N, E) + ")";
      Count = Count.empty() ? "1" : "loopgpu_count({" + Count + "})";
      indent(OS, Depth);
      OS << "// " << A.Name << ": " << A.Origin << "\n";
      indent(OS, Depth);
      OS << T << " *" << A.Name << " = NULL;\n";
      indent(OS, Depth);
      OS << "const size_t loopgpu_" << A.Name << "_bytes = loopgpu_bytes(" << Count << ", sizeof(" << T << "));\n";
      indent(OS, Depth);
      OS << "LOOPGPU_CHECK(cudaMallocAsync((void **)&" << A.Name << ", loopgpu_" << A.Name << "_bytes > 0 ? loopgpu_"
         << A.Name << "_bytes : 1, 0));\n";
      Frees.push_back("LOOPGPU_CHECK(cudaFreeAsync(" + A.Name + ", 0));");
    }
    return Frees;
  }

  /// `<function>_nest<N>_device`: the nest on device pointers, no copies.
  void printLauncher(raw_ostream &OS) {
    // The host block stops the program where the nest indexes an array
    // before its first element (printHostBlock): said once, at the nest.
    for (unsigned A = 0; A < N.Arrays.size() && N.VersionOf < 0; ++A)
      if (!N.Arrays[A].isTemporary() && beforeFirst(A))
        Diags.warning(N.Arrays[A].Loc, "the nest may index '" + N.cText(CudaNames::cName(N.Arrays[A].Name)) +
                                           "' before its first element (a negative index); the GPU copy starts "
                                           "at the first element, so a run-time check stops the program where "
                                           "it does: index the array the pointer points into instead");
    OS << "// Nest " << N.Ordinal << " of " << N.Function << " (" << File << ":" << N.Loc.Line
       << ") on device pointers: launches its kernels in order, copies nothing";
    bool HasTemporaries = std::any_of(N.Arrays.begin(), N.Arrays.end(),
                                      [](const ArrayInfo &A) { return A.isTemporary(); });
    OS << (HasTemporaries ? "; allocates the nest's temporary arrays.\n" : ".\n");
    OS << "extern \"C\" void " << launcherName() << "(" << llvm::join(parameterDecls(), ", ") << ") {\n";
    std::vector<std::string> Frees = allocateTemporaries(OS, 1, -1);
    printHostSteps(OS, Plan.Host, 1);
    for (const std::string &F : Frees)
      OS << "  " << F << "\n";
    OS << "}\n\n";
  }

  /// The block that replaces the nest inside the host function. Buffer(A)
  /// is the device pointer already holding array A, or nullopt: the block
  /// copies it itself, in a loopgpu_nest_region that gives overlapping host
  /// ranges the same device memory, with one another and with Residents
  /// (arrays on the GPU for the call that they may overlap; a nest array
  /// among them runs where the region puts it).
  void printHostBlock(raw_ostream &OS, const std::function<std::optional<std::string>(unsigned)> &Buffer,
                      const std::vector<DeviceResident> &Residents, bool Sync) {
    std::vector<unsigned> Own;
    for (unsigned A = 0; A < N.Arrays.size(); ++A)
      if (!N.Arrays[A].isTemporary() && !Buffer(A))
        Own.push_back(A);
    OS << "{ // nest " << N.Ordinal << " (line " << N.Loc.Line << "): "
       << (Own.empty() ? "run on the GPU" : "copy in, run on the GPU, copy out") << "\n";
    std::vector<std::string> Args;
    for (const ParamInfo &P : N.Params)
      Args.push_back(P.Name);
    for (unsigned S = 0; S < N.Scalars.size(); ++S) {
      const ScalarInfo &Sc = N.Scalars[S];
      if (Sc.declaredInside())
        continue;
      if (!isDeviceScalar(S)) {
        Args.push_back(Sc.Name);
        continue;
      }
      std::string P = scalarPointer(S), T = typeStr(Sc.Type);
      OS << "    " << T << " *" << P << ";\n";
      OS << "    LOOPGPU_CHECK(cudaMalloc((void **)&" << P << ", sizeof(" << T << ")));\n";
      OS << "    LOOPGPU_CHECK(cudaMemcpy(" << P << ", &" << Sc.Name << ", sizeof(" << T
         << "), cudaMemcpyHostToDevice));\n";
      Args.push_back(P);
    }
    // Copies start at an array's first element: a nest that indexes before
    // it (p[-1] on a pointer into an array) stops the program instead.
    for (unsigned A = 0; A < N.Arrays.size(); ++A) {
      if (N.Arrays[A].isTemporary())
        continue;
      if (std::optional<std::string> Before = beforeFirst(A))
        OS << "    if (" << *Before << ") {\n      fprintf(stderr, \"loopgpu: " << CudaNames::cName(N.Function)
           << " nest " << N.Ordinal << " (line " << N.Loc.Line << ") indexes '"
           << N.cText(CudaNames::cName(N.Arrays[A].Name))
           << "' before its first element, where loopgpu's copy of it starts: index the array it points "
              "into instead\\n\");\n      exit(EXIT_FAILURE);\n    }\n";
    }
    // The nest's own copies: ranges, in bytes, the nest touches.
    std::vector<std::string> Ranges;
    for (unsigned A : Own) {
      const ArrayInfo &Arr = N.Arrays[A];
      std::optional<std::string> Count = arrayElementCount(N, A);
      if (!Count) {
        Diags.error(Arr.Loc, "cannot tell how many elements of '" + CudaNames::cName(Arr.Name) +
                                 "' the nest touches (a non-affine subscript on a pointer); give its extent "
                                 "with a data clause on the nest's pragma, e.g. '#pragma loopgpu copy(" +
                                 Arr.Name + "[0:n])' (copyin: not copied back, copyout: not copied in)");
        Failed = true;
        return;
      }
      if (!Arr.HoistedDecl.empty())
        OS << "    " << Arr.HoistedDecl << " // line " << Arr.Loc.Line
           << ": declared in the nest, the same in every iteration: one copy on the GPU\n";
      // Written arrays are copied in too: elements the nest does not write
      // must come back unchanged.
      Ranges.push_back("{" + Arr.Name + ", loopgpu_bytes(" + *Count + ", sizeof(" + typeStr(Arr.ElementType) +
                       ")), " + (Written[A] ? "true" : "false") + "}");
    }
    if (!Own.empty()) {
      std::vector<std::string> OnGPU;
      for (const DeviceResident &R : Residents)
        OnGPU.push_back("{" + R.Host + ", " + R.Bytes + ", " + R.Device + "}");
      OS << "    // the nest's copies of its arrays (those it writes go back after it): host ranges that\n"
         << "    // overlap share device memory"
         << (Residents.empty() ? "" : ", also with the arrays on the GPU for the call that a\n"
                                      "    // pointer may point into")
         << "\n";
      OS << "    loopgpu_nest_region loopgpu_nest({" << llvm::join(Ranges, ",\n                                      ")
         << "},\n                                     {" << llvm::join(OnGPU, ", ") << "});\n";
    }
    auto ResidentSlot = [&](const std::string &Device) -> int {
      for (size_t K = 0; K < Residents.size(); ++K)
        if (Residents[K].Device == Device)
          return static_cast<int>(K);
      return -1;
    };
    for (unsigned A = 0; A < N.Arrays.size(); ++A) {
      const ArrayInfo &Arr = N.Arrays[A];
      if (Arr.isTemporary())
        continue; // the launcher allocates it
      std::string T = typeStr(Arr.ElementType);
      if (std::optional<std::string> B = Buffer(A)) {
        int K = Own.empty() ? -1 : ResidentSlot(*B);
        Args.push_back(K < 0 ? *B : "(" + T + " *)loopgpu_nest.on_gpu(" + std::to_string(K) + ")");
        continue;
      }
      size_t Slot = std::find(Own.begin(), Own.end(), A) - Own.begin();
      std::string D = deviceArray(A);
      OS << "    " << T << " *const " << D << " = (" << T << " *)loopgpu_nest.device(" << Slot << ");\n";
      Args.push_back(D);
    }
    OS << "    " << launcherName() << "(" << llvm::join(Args, ", ") << ");\n";
    if (Sync || !Own.empty())
      OS << "    LOOPGPU_CHECK(cudaDeviceSynchronize());\n";
    if (!Own.empty())
      OS << "    loopgpu_nest.finish();\n";
    for (unsigned S = 0; S < N.Scalars.size(); ++S)
      if (isDeviceScalar(S)) {
        std::string P = scalarPointer(S);
        OS << "    LOOPGPU_CHECK(cudaMemcpy(&" << N.Scalars[S].Name << ", " << P << ", sizeof("
           << typeStr(N.Scalars[S].Type) << "), cudaMemcpyDeviceToHost));\n";
        OS << "    LOOPGPU_CHECK(cudaFree(" << P << "));\n";
      }
    OS << "  }";
  }

  /// The arrays a version's run-time check proves apart, for comments.
  std::string apartPairs() const {
    std::string S;
    for (size_t K = 0; K < N.ApartArrays.size(); ++K)
      S += std::string(K ? ", " : "") + N.cText(CudaNames::cName(N.Arrays[N.ApartArrays[K].first].Name)) +
           " and " + N.cText(CudaNames::cName(N.Arrays[N.ApartArrays[K].second].Name));
    return S;
  }

  /// The condition under which this version runs (AliasVersion.h): every
  /// pair of ApartArrays in byte ranges that do not overlap, from the base
  /// pointer over the elements the nest touches. Host: the host function's
  /// pointers (the device buffers keep their overlap), else the device
  /// pointers Buffer gives. nullopt when a range is not known.
  std::optional<std::string> apartCheck(const std::function<std::optional<std::string>(unsigned)> &Buffer,
                                        bool Host) const {
    auto Range = [&](unsigned A) -> std::optional<std::string> {
      std::optional<std::string> Count = arrayElementCount(N, A);
      std::optional<std::string> Ptr = Host ? std::optional<std::string>(N.Arrays[A].Name) : Buffer(A);
      if (!Count || !Ptr)
        return std::nullopt;
      return *Ptr + ", loopgpu_bytes(" + *Count + ", sizeof(" + typeStr(N.Arrays[A].ElementType) + "))";
    };
    std::vector<std::string> Terms;
    for (const auto &[A, B] : N.ApartArrays) {
      std::optional<std::string> RA = Range(A), RB = Range(B);
      if (!RA || !RB)
        return std::nullopt;
      Terms.push_back("loopgpu_apart(" + *RA + ", " + *RB + ")");
    }
    if (Terms.empty())
      return std::nullopt;
    return "loopgpu_version(" + llvm::join(Terms, " && ") + ", \"" + CudaNames::cName(N.Function) + " nest " +
           std::to_string(N.Ordinal) + " (line " + std::to_string(N.Loc.Line) + ")\", \"" + apartPairs() + "\")";
  }

  void printSummary(raw_ostream &OS) {
    OS << "// nest " << N.Ordinal << " of " << N.Function << " (" << File << ":" << N.Loc.Line << ")";
    if (N.VersionOf >= 0)
      OS << ", version '" << N.Version << "' for " << apartPairs()
         << " apart (a check at run time picks it)";
    OS << ":\n";
    for (const AppliedTransform &T : N.Transforms)
      OS << "//   transformed first: " << T.Description << (T.Requested ? "" : " [default choice]") << "\n";
    for (const KernelPlan &K : Plan.Kernels) {
      OS << "//   " << K.Name << ": ";
      if (K.K == KernelPlan::Kind::Serial) {
        OS << "1 thread\n";
        continue;
      }
      if (K.K == KernelPlan::Kind::Scan) {
        OS << "CUB DeviceScan::" << (K.ScanSegments.empty() ? "InclusiveScan" : "InclusiveScanByKey") << " along "
           << N.Loops[K.TheScan->Loop].Iterator << "\n";
        continue;
      }
      std::array<int64_t, 3> B = K.blockShape();
      OS << "block (" << B[0] << ", " << B[1] << ", " << B[2] << "), grid covering";
      for (const MappedLoop &M : K.Mapped)
        OS << " " << N.Loops[M.Loop].Iterator << " on " << M.Dim;
      if (K.K == KernelPlan::Kind::Reduction) {
        OS << ", 32 partial values per reduction variable in shared memory\n";
        continue;
      }
      OS << ", " << K.SharedBytes << " bytes of " << (K.Stages > 1 ? "dynamic " : "") << "shared memory per block";
      int64_t Per = 1;
      for (const MappedLoop &M : K.Mapped)
        Per *= M.Coarsen;
      if (Per > 1)
        OS << ", " << Per << " outputs per thread" << (K.Mma ? " on FP64 tensor cores" : "");
      if (aligned32(K))
        OS << ", a template: its instance aligned32 where the arrays are aligned and the tile tests fit in int";
      OS << "\n";
    }
    for (const ArrayInfo &A : N.Arrays) {
      if (!A.isTemporary())
        continue;
      OS << "//   temporary " << A.Name << " (" << A.Origin << "): " << typeStr(A.ElementType);
      for (const AffExpr &E : A.AllocExtents)
        OS << "[" << aff(E) << "]";
      OS << " in device memory, allocated by " << launcherName();
      if (A.AllocLoops.empty())
        OS << " for the whole nest\n";
      else
        OS << " per iteration of host loop " << N.Loops[A.AllocLoops.back()].Iterator << "\n";
    }
    for (const std::string &R : Plan.Remarks)
      OS << "//   " << R << "\n";
  }

private:
  const Nest &N;
  const GPUPlan &Plan;
  std::string File;
  DiagnosticSink &Diags;
  std::set<unsigned> HasDeclStmt;
  /// Scalars some statement accesses (a transformation may have replaced
  /// every use of one, e.g. by an expanded array: it is not declared).
  std::set<unsigned> UsedScalars;
  std::vector<bool> Written;
  /// beforeFirstCondition per array, once: the launcher and every host
  /// block of the nest ask.
  std::map<unsigned, std::optional<std::string>> BeforeFirst;
  const std::optional<std::string> &beforeFirst(unsigned A) {
    auto It = BeforeFirst.find(A);
    if (It == BeforeFirst.end())
      It = BeforeFirst.emplace(A, beforeFirstCondition(N, A)).first;
    return It->second;
  }
  /// The host loops with a device form, and the kernels they run.
  std::vector<const HostStep *> DeviceLoops;
  std::map<const KernelPlan *, const DeviceLoopPlan *> DeviceLoopOf;
  std::vector<const HostStep *> TimeTiled; ///< host loops with a time-tiled form
  bool Failed = false;
};

} // namespace


bool printCuda(const Program &Prog, const std::vector<GPUPlan> &Plans, llvm::StringRef Source,
               const CodeGenOptions &Opts, DiagnosticSink &Diags, raw_ostream &OS) {
  std::string FileName = Prog.File;
  // Prog's names are already CUDA spellings (renameForCuda); the text
  // pasted from the input gets the same ones.
  CudaNames Names(Source);
  std::vector<std::unique_ptr<CudaNestPrinter>> Printers;
  for (size_t I = 0; I < Prog.Nests.size(); ++I)
    Printers.push_back(std::make_unique<CudaNestPrinter>(Prog.Nests[I], Plans[I], FileName, Diags));

  OS << "// Generated by loopgpu from " << FileName << ". Do not edit: regenerate.\n";
  if (!Opts.CommandLine.empty())
    OS << "//   command: " << Opts.CommandLine << "\n";
  for (const std::string &T : Opts.Tuning)
    OS << "//   tuning: " << T << "\n";
  OS << "//   target: " << Opts.Arch << "\n";
  // Each nest, then its versions (AliasVersion.h), in the input's order.
  std::vector<size_t> Order;
  for (size_t I = 0; I < Prog.Nests.size(); ++I)
    if (Prog.Nests[I].VersionOf < 0) {
      Order.push_back(I);
      for (size_t V = 0; V < Prog.Nests.size(); ++V)
        if (Prog.Nests[V].VersionOf == static_cast<int>(I))
          Order.push_back(V);
    }
  for (size_t I : Order)
    Printers[I]->printSummary(OS);
  OS << "\n" << Prelude << countHelpers();
  // The helpers some kernel of the file needs.
  auto Any = [&](auto Pred) {
    for (const GPUPlan &Plan : Plans)
      if (llvm::any_of(Plan.Kernels, Pred))
        return true;
    return false;
  };
  if (Any([](const KernelPlan &K) { return K.K == KernelPlan::Kind::Reduction; }))
    OS << "#include <type_traits>\n" << AtomicCombine;
  if (Any([](const KernelPlan &K) { return K.Mma.has_value(); }))
    OS << MmaHelpers;
  if (Any([](const KernelPlan &K) { return K.Stages > 1; }))
    OS << AsyncCopyHelpers;
  if (Any([](const KernelPlan &K) { return K.borderSplit(); }))
    OS << SideStreamHelpers;
  if (Any([](const KernelPlan &K) { return K.K == KernelPlan::Kind::Scan; }))
    OS << ScanHelpers;

  // The input's own includes and macros, for the code outside the nests.
  OS << "\n// From " << FileName << ":\n";
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Source.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    llvm::StringRef T = L.trim();
    if (T.starts_with("#include") || (T.starts_with("#define") && !T.ends_with("\\")))
      OS << Names.rewrite(T) << "\n";
  }
  OS << "\n";
  // Its file-scope declarations, for the host code (C linkage, as in C).
  if (!Prog.FileScope.empty()) {
    OS << "// Declarations at file scope of " << FileName << " (types, variables, the functions the host code calls";
    if (llvm::any_of(Prog.FileScope, [](const FileScopeDecl &D) { return D.Device; }))
      OS << "; those the kernels call too: __host__ __device__";
    OS << "):\n";
    OS << "extern \"C\" {\n";
    for (const FileScopeDecl &D : Prog.FileScope)
      OS << (D.Device ? "__host__ __device__ " : "") << Names.rewrite(Source.slice(D.BeginOffset, D.EndOffset))
         << "\n";
    OS << "}\n\n";
  }

  for (size_t I : Order) {
    OS << "//===--- nest " << Prog.Nests[I].Ordinal << " of " << Prog.Nests[I].Function
       << (Prog.Nests[I].VersionOf >= 0 ? ", version '" + Prog.Nests[I].Version + "'" : std::string())
       << " ---===//\n\n";
    for (const KernelPlan &K : Plans[I].Kernels)
      Printers[I]->printKernel(OS, K);
    Printers[I]->printDeviceLoopKernels(OS);
    Printers[I]->printLauncher(OS);
  }

  // One host function per input function with nests (HostCode.h).
  std::vector<NestHostHooks> Hooks;
  for (auto &P : Printers) {
    CudaNestPrinter *NP = P.get();
    Hooks.push_back(
        {[NP](raw_ostream &OS, const std::function<std::optional<std::string>(unsigned)> &Buffer,
              const std::vector<DeviceResident> &Residents, bool Sync) { NP->printHostBlock(OS, Buffer, Residents, Sync); },
         [NP](const std::function<std::optional<std::string>(unsigned)> &Buffer, bool Host) {
           return NP->apartCheck(Buffer, Host);
         }});
  }
  // The host functions keep the caller's code between the nests, with its
  // declarations of the nests' loop iterators (`int i, j, k;` at the top of
  // a function, as PolyBench writes them), unused once the nests run on the
  // GPU: nvcc's "declared but never referenced" (177) is not the user's
  // concern there.
  if (!Prog.Functions.empty())
    OS << "#ifdef __NVCC__\n#pragma nv_diag_suppress 177 // the caller's loop iterators, now unused here\n#endif\n";
  for (const HostFunction &F : Prog.Functions)
    printHostFunction(OS, Prog, F, Hooks);
  if (!Prog.Functions.empty())
    OS << "#ifdef __NVCC__\n#pragma nv_diag_default 177\n#endif\n";
  for (auto &P : Printers)
    if (P->failed())
      return false;
  return true;
}

} // namespace loopgpu
