//===- cuda_emulation.h - Run CUDA kernel sources on the CPU -----*- C++ -*-===//
//
// Include this header first (g++/clang++ `-include`) in a .cu file compiled
// as C++ after `loopgpu-emu-rewrite` turned its `k<<<G, B>>>(args)` launches
// into `::loopgpu_emu::launch(k, G, B, 0, args)`. The file then compiles and
// runs on the CPU; link it with libLoopGPUCudaEmulation.a and Boost.Context.
//
//   loopgpu-emu-rewrite k.cu k.emu.cpp
//   $(loopgpu-emu-rewrite --cxx) $(loopgpu-emu-rewrite --cxxflags)
//       -iquote $(dirname k.cu) k.emu.cpp $(loopgpu-emu-rewrite --libs) -o k.emu
//   (one command line)
//
// Every CUDA thread is a cooperative fiber; a block's threads run on one OS
// thread, blocks run in parallel over a few OS threads. `__syncthreads()` is
// a real barrier, warp primitives rendezvous per warp, and the order in which
// threads run between synchronization points is chosen to expose races
// (LOOPGPU_EMU_SCHEDULE). runtime/README.md documents semantics and limits.
//
// What the loopgpu CUDA code generator may emit is provided, plus a few
// neighbours that cost nothing; runtime/README.md lists it all and what is
// not emulated.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CUDA_EMULATION_H
#define LOOPGPU_CUDA_EMULATION_H

#if defined(__CUDACC__) || defined(__CUDA_ARCH__)
#error "loopgpu/cuda_emulation.h compiles CUDA sources as C++; do not use it with nvcc"
#endif
#ifndef __cplusplus
#error "loopgpu/cuda_emulation.h needs C++17 (compile the .cu file with -x c++ -std=c++17)"
#endif

#define LOOPGPU_CUDA_EMULATION 1

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

//===----------------------------------------------------------------------===//
// Execution space qualifiers and storage
//===----------------------------------------------------------------------===//

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __constant__
// One block runs at a time on an OS thread, all of its CUDA threads as fibers
// of that OS thread: a static thread_local object is exactly one instance per
// running block. Contents persist from the previous block on the same OS
// thread unless loopgpu-emu-rewrite added LOOPGPU_EMU_NOTE_SHARED after the
// declaration (then they are poisoned per block and their size is counted).
// `extern __shared__ T name[];` (dynamic shared memory) is rewritten by
// loopgpu-emu-rewrite into a pointer to the block's dynamic buffer
// (loopgpu_emu::detail::dynamicShared()).
#define __shared__ static thread_local

//===----------------------------------------------------------------------===//
// Built-in types and variables
//===----------------------------------------------------------------------===//

struct uint3 {
  unsigned int x, y, z;
};

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};

// Set by the emulator before it resumes a CUDA thread (one OS thread runs one
// fiber at a time). Do not assign to them.
inline thread_local uint3 threadIdx;
inline thread_local uint3 blockIdx;
inline thread_local dim3 blockDim;
inline thread_local dim3 gridDim;
constexpr int warpSize = 32;

//===----------------------------------------------------------------------===//
// Host runtime API (subset)
//===----------------------------------------------------------------------===//

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorIllegalInstruction = 715,
  cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorMisalignedAddress = 716,
  cudaErrorLaunchFailure = 719,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

struct CUstream_st;
typedef struct CUstream_st *cudaStream_t;
struct CUevent_st;
typedef struct CUevent_st *cudaEvent_t;

#define cudaEventDefault 0x00u
#define cudaEventBlockingSync 0x01u
#define cudaEventDisableTiming 0x02u

#define cudaHostRegisterDefault 0x00u
#define cudaHostRegisterPortable 0x01u
#define cudaHostRegisterMapped 0x02u
#define cudaHostRegisterIoMemory 0x04u
#define cudaHostRegisterReadOnly 0x08u

cudaError_t cudaMalloc(void **DevPtr, size_t Size);
template <class T> inline cudaError_t cudaMalloc(T **DevPtr, size_t Size) {
  return cudaMalloc(reinterpret_cast<void **>(DevPtr), Size);
}
cudaError_t cudaFree(void *DevPtr);
/// Stream-ordered allocation; only the default stream exists, and work on it
/// is already complete when the call returns, so these are cudaMalloc and
/// cudaFree.
cudaError_t cudaMallocAsync(void **DevPtr, size_t Size, cudaStream_t Stream);
template <class T> inline cudaError_t cudaMallocAsync(T **DevPtr, size_t Size, cudaStream_t Stream) {
  return cudaMallocAsync(reinterpret_cast<void **>(DevPtr), Size, Stream);
}
cudaError_t cudaFreeAsync(void *DevPtr, cudaStream_t Stream);
/// Pinned host memory; with unified addressing kernels may access it too.
cudaError_t cudaMallocHost(void **Ptr, size_t Size);
template <class T> inline cudaError_t cudaMallocHost(T **Ptr, size_t Size) {
  return cudaMallocHost(reinterpret_cast<void **>(Ptr), Size);
}
cudaError_t cudaFreeHost(void *Ptr);
cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind);
cudaError_t cudaMemset(void *DevPtr, int Value, size_t Count);
/// Only the default stream exists: the copy is done before it returns.
cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind,
                            cudaStream_t Stream = 0);
/// Page-locking is bookkeeping here, with the driver's refusals: a range that
/// shares a 4 KiB page with a locked range or with cudaMallocHost memory is
/// refused (cudaErrorHostMemoryAlreadyRegistered), cudaHostUnregister takes
/// only a pointer cudaHostRegister locked; past LOOPGPU_EMU_MAX_LOCKED_BYTES
/// locked at a time, cudaErrorMemoryAllocation. A range still locked when the
/// program exits is reported as an error and the exit status becomes 1.
cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned int Flags);
cudaError_t cudaHostUnregister(void *Ptr);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t Error);
const char *cudaGetErrorName(cudaError_t Error);
cudaError_t cudaGetDeviceCount(int *Count);
cudaError_t cudaGetDevice(int *Device);
cudaError_t cudaSetDevice(int Device);
/// Device attributes an H100 SXM has (132 SMs, 1024 threads per block, 227 KiB
/// of shared memory per block with the opt-in, 2048 threads per SM); others
/// are cudaErrorInvalidValue.
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
};
cudaError_t cudaDeviceGetAttribute(int *Value, cudaDeviceAttr Attr, int Device);
cudaError_t cudaStreamSynchronize(cudaStream_t Stream);
/// Streams: kernels run to completion at their launch here, in the order
/// of the launches, so created streams order nothing further; they exist
/// so that code that forks work onto a second stream runs unchanged.
#define cudaStreamDefault 0x00u
#define cudaStreamNonBlocking 0x01u
cudaError_t cudaStreamCreate(cudaStream_t *Stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned int Flags);
cudaError_t cudaStreamDestroy(cudaStream_t Stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event, unsigned int Flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *Event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *Event, unsigned int Flags);
cudaError_t cudaEventRecord(cudaEvent_t Event, cudaStream_t Stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t Event);
cudaError_t cudaEventQuery(cudaEvent_t Event);
/// Milliseconds of CPU wall clock between the two records.
cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t Start, cudaEvent_t End);
cudaError_t cudaEventDestroy(cudaEvent_t Event);

//===----------------------------------------------------------------------===//
// Emulator entry points (namespace loopgpu_emu)
//===----------------------------------------------------------------------===//

namespace loopgpu_emu {

/// A grid or block extent of a launch; remembers where the launch is written
/// (the argument's source position) for diagnostics.
struct LaunchDim {
  dim3 Dim;
  const char *File;
  unsigned Line;
  LaunchDim(dim3 D, const char *F = __builtin_FILE(), unsigned L = __builtin_LINE())
      : Dim(D), File(F), Line(L) {}
  LaunchDim(uint3 D, const char *F = __builtin_FILE(), unsigned L = __builtin_LINE())
      : Dim(D), File(F), Line(L) {}
  template <class I, std::enable_if_t<std::is_integral_v<I> || std::is_enum_v<I>, int> = 0>
  LaunchDim(I N, const char *F = __builtin_FILE(), unsigned L = __builtin_LINE())
      : Dim(static_cast<unsigned int>(N)), File(F), Line(L) {}
};

/// Schedules of the threads of a block between synchronization points.
enum class Schedule { Forward, Reverse, Random };

/// Parses "forward", "reverse", "random" or "random:SEED" (the syntax of
/// LOOPGPU_EMU_SCHEDULE) and makes it the schedule of later launches.
/// Returns false (and changes nothing) on a malformed specification.
bool setSchedule(const char *Spec);
/// The current schedule as "forward", "reverse" or "random:SEED".
const char *scheduleName();

/// The detailed message of the last error found while executing a kernel
/// (divergent barrier, deadlock, bad mask, ...), "" if none since the start
/// or the last cudaDeviceReset(). The message was also printed to stderr.
const char *lastErrorDetail();

/// Number of errors and warnings reported by the emulator so far.
unsigned errorCount();
unsigned warningCount();

namespace detail {

struct KernelInvoker {
  void (*Invoke)(const void *Closure);
  const void *Closure;
};

struct PointerArg {
  unsigned Index;
  const void *Value;
};

void launchKernel(const void *Kernel, const LaunchDim &Grid, const LaunchDim &Block,
                  size_t SharedBytes, const KernelInvoker &Invoker, const PointerArg *Pointers,
                  size_t NumPointers);

/// cudaFuncSetAttribute for Kernel (a kernel's address).
cudaError_t setFuncAttribute(const void *Kernel, int Attribute, int Value);
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor for Kernel.
cudaError_t occupancy(int *NumBlocks, const void *Kernel, int BlockSize, size_t DynamicShared);

/// The running block's dynamic shared memory (the third launch parameter's
/// bytes, 16-byte aligned, poisoned per block like static shared memory), or
/// nullptr outside kernels and in launches without it.
void *dynamicShared();

void syncThreads(const char *File, unsigned Line);
int syncThreadsReduce(int Op, int Predicate, const char *File, unsigned Line);

enum WarpOpKind : int {
  ShflIdx,
  ShflUp,
  ShflDown,
  ShflXor,
  Ballot,
  Any,
  All,
  SyncWarp,
  ActiveMask,
  NumWarpOpKinds
};
uint64_t warpOp(int Kind, unsigned Mask, uint64_t Value, int Arg, int Width,
                const char *File, unsigned Line);

void noteShared(const void *Site, void *Address, size_t Size, const char *Name,
                const char *File, unsigned Line);

template <class T> inline uint64_t toBits(T V) {
  static_assert(sizeof(T) <= sizeof(uint64_t), "warp primitives move at most 64 bits");
  uint64_t Bits = 0;
  std::memcpy(&Bits, &V, sizeof(T));
  return Bits;
}
template <class T> inline T fromBits(uint64_t Bits) {
  T V;
  std::memcpy(&V, &Bits, sizeof(T));
  return V;
}

template <class P> struct IsPointerParam : std::is_pointer<std::decay_t<P>> {};

template <class Tuple, size_t... I>
inline size_t collectPointers(const Tuple &Params, PointerArg *Out, std::index_sequence<I...>) {
  size_t N = 0;
  (void)Out;
  (void)Params;
  (
      [&] {
        using E = std::tuple_element_t<I, Tuple>;
        if constexpr (std::is_pointer_v<E>)
          Out[N++] = PointerArg{static_cast<unsigned>(I),
                                static_cast<const void *>(std::get<I>(Params))};
      }(),
      ...);
  return N;
}

/// A GPU faults on a 16-byte vector access that is not 16-byte aligned
/// (cudaErrorMisalignedAddress); a CPU does not, so the vector types check.
void misalignedVector(const void *P, size_t Bytes);
} // namespace detail

/// Runs kernel<<<Grid, Block, SharedBytes>>>(Args...) to completion on the
/// CPU. Arguments are converted to the kernel's parameter types once, as a
/// call would; every CUDA thread gets its own copy of them. Launch
/// configuration errors leave the kernel unrun and are returned by
/// cudaGetLastError(); execution errors are sticky (cudaDeviceSynchronize).
template <class... P, class... A>
void launch(void (*Kernel)(P...), LaunchDim Grid, LaunchDim Block, size_t SharedBytes,
            A &&...Args) {
  static_assert(sizeof...(P) == sizeof...(A),
                "kernel launched with a different number of arguments than it has "
                "parameters (default arguments of kernels are not supported)");
  using Tuple = std::tuple<std::decay_t<P>...>;
  struct Closure {
    void (*K)(P...);
    Tuple Params;
  };
  Closure C{Kernel, Tuple(std::forward<A>(Args)...)};
  detail::KernelInvoker Invoker{
      [](const void *Ptr) {
        const Closure &Cl = *static_cast<const Closure *>(Ptr);
        std::apply(Cl.K, Cl.Params);
      },
      &C};
  detail::PointerArg Pointers[sizeof...(P) + 1];
  size_t NumPointers =
      detail::collectPointers(C.Params, Pointers, std::index_sequence_for<P...>{});
  detail::launchKernel(reinterpret_cast<const void *>(Kernel), Grid, Block, SharedBytes, Invoker,
                       Pointers, NumPointers);
}

} // namespace loopgpu_emu

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
/// Kernel's attribute: cudaFuncAttributeMaxDynamicSharedMemorySize lets its
/// launches ask for more than 48 KiB of dynamic shared memory (up to what
/// an H100's block may have, 227 KiB, static included); the carveout is
/// accepted and ignored.
template <class... P>
inline cudaError_t cudaFuncSetAttribute(void (*Kernel)(P...), cudaFuncAttribute Attr, int Value) {
  return loopgpu_emu::detail::setFuncAttribute(reinterpret_cast<const void *>(Kernel), Attr, Value);
}

/// Blocks of BlockSize threads and DynamicShared bytes of dynamic shared
/// memory an SM of an H100 holds at once, counting threads (2048), blocks
/// (32) and shared memory (228 KiB, 1 KiB reserved per block); registers are
/// not modelled (nvcc's count is unknown here), so this is an upper bound.
template <class... P>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *NumBlocks, void (*Kernel)(P...), int BlockSize,
                                                                size_t DynamicShared) {
  return loopgpu_emu::detail::occupancy(NumBlocks, reinterpret_cast<const void *>(Kernel), BlockSize, DynamicShared);
}

/// Added by loopgpu-emu-rewrite after each `__shared__` declaration of a
/// kernel: accounts the variable's size against the 48 KiB static shared
/// memory budget of a launch and poisons its contents at the start of every
/// block (LOOPGPU_EMU_SHARED_INIT).
#define LOOPGPU_EMU_NOTE_SHARED(Var)                                                  \
  do {                                                                                \
    static const char loopgpu_emu_shared_site_ = 0;                                  \
    ::loopgpu_emu::detail::noteShared(&loopgpu_emu_shared_site_, (void *)&(Var),     \
                                      sizeof(Var), #Var, __FILE__, __LINE__);        \
  } while (0)

//===----------------------------------------------------------------------===//
// Device functions: synchronization, warp primitives
//===----------------------------------------------------------------------===//

// The trailing File/Line parameters are filled in by the compiler with the
// call site (for diagnostics); CUDA code never passes them.

inline void __syncthreads(const char *File = __builtin_FILE(), unsigned Line = __builtin_LINE()) {
  ::loopgpu_emu::detail::syncThreads(File, Line);
}
inline int __syncthreads_count(int Pred, const char *File = __builtin_FILE(),
                               unsigned Line = __builtin_LINE()) {
  return ::loopgpu_emu::detail::syncThreadsReduce(0, Pred, File, Line);
}
inline int __syncthreads_and(int Pred, const char *File = __builtin_FILE(),
                             unsigned Line = __builtin_LINE()) {
  return ::loopgpu_emu::detail::syncThreadsReduce(1, Pred, File, Line);
}
inline int __syncthreads_or(int Pred, const char *File = __builtin_FILE(),
                            unsigned Line = __builtin_LINE()) {
  return ::loopgpu_emu::detail::syncThreadsReduce(2, Pred, File, Line);
}

inline void __syncwarp(unsigned Mask = 0xffffffffu, const char *File = __builtin_FILE(),
                       unsigned Line = __builtin_LINE()) {
  ::loopgpu_emu::detail::warpOp(::loopgpu_emu::detail::SyncWarp, Mask, 0, 0, warpSize, File,
                                Line);
}
inline unsigned __activemask(const char *File = __builtin_FILE(),
                             unsigned Line = __builtin_LINE()) {
  return static_cast<unsigned>(::loopgpu_emu::detail::warpOp(
      ::loopgpu_emu::detail::ActiveMask, 0, 0, 0, warpSize, File, Line));
}
inline unsigned __ballot_sync(unsigned Mask, int Pred, const char *File = __builtin_FILE(),
                              unsigned Line = __builtin_LINE()) {
  return static_cast<unsigned>(::loopgpu_emu::detail::warpOp(
      ::loopgpu_emu::detail::Ballot, Mask, Pred != 0, 0, warpSize, File, Line));
}
inline int __any_sync(unsigned Mask, int Pred, const char *File = __builtin_FILE(),
                      unsigned Line = __builtin_LINE()) {
  return static_cast<int>(::loopgpu_emu::detail::warpOp(::loopgpu_emu::detail::Any, Mask,
                                                        Pred != 0, 0, warpSize, File, Line));
}
inline int __all_sync(unsigned Mask, int Pred, const char *File = __builtin_FILE(),
                      unsigned Line = __builtin_LINE()) {
  return static_cast<int>(::loopgpu_emu::detail::warpOp(::loopgpu_emu::detail::All, Mask,
                                                        Pred != 0, 0, warpSize, File, Line));
}

#define LOOPGPU_EMU_SHFL(T)                                                                    \
  inline T __shfl_sync(unsigned Mask, T Var, int SrcLane, int Width = warpSize,                \
                       const char *File = __builtin_FILE(), unsigned Line = __builtin_LINE()) { \
    return ::loopgpu_emu::detail::fromBits<T>(::loopgpu_emu::detail::warpOp(                   \
        ::loopgpu_emu::detail::ShflIdx, Mask, ::loopgpu_emu::detail::toBits(Var), SrcLane,     \
        Width, File, Line));                                                                   \
  }                                                                                            \
  inline T __shfl_up_sync(unsigned Mask, T Var, unsigned Delta, int Width = warpSize,          \
                          const char *File = __builtin_FILE(),                                 \
                          unsigned Line = __builtin_LINE()) {                                  \
    return ::loopgpu_emu::detail::fromBits<T>(::loopgpu_emu::detail::warpOp(                   \
        ::loopgpu_emu::detail::ShflUp, Mask, ::loopgpu_emu::detail::toBits(Var),               \
        static_cast<int>(Delta), Width, File, Line));                                          \
  }                                                                                            \
  inline T __shfl_down_sync(unsigned Mask, T Var, unsigned Delta, int Width = warpSize,        \
                            const char *File = __builtin_FILE(),                               \
                            unsigned Line = __builtin_LINE()) {                                \
    return ::loopgpu_emu::detail::fromBits<T>(::loopgpu_emu::detail::warpOp(                   \
        ::loopgpu_emu::detail::ShflDown, Mask, ::loopgpu_emu::detail::toBits(Var),             \
        static_cast<int>(Delta), Width, File, Line));                                          \
  }                                                                                            \
  inline T __shfl_xor_sync(unsigned Mask, T Var, int LaneMask, int Width = warpSize,           \
                           const char *File = __builtin_FILE(),                                \
                           unsigned Line = __builtin_LINE()) {                                 \
    return ::loopgpu_emu::detail::fromBits<T>(::loopgpu_emu::detail::warpOp(                   \
        ::loopgpu_emu::detail::ShflXor, Mask, ::loopgpu_emu::detail::toBits(Var), LaneMask,    \
        Width, File, Line));                                                                   \
  }
LOOPGPU_EMU_SHFL(int)
LOOPGPU_EMU_SHFL(unsigned int)
LOOPGPU_EMU_SHFL(long)
LOOPGPU_EMU_SHFL(unsigned long)
LOOPGPU_EMU_SHFL(long long)
LOOPGPU_EMU_SHFL(unsigned long long)
LOOPGPU_EMU_SHFL(float)
LOOPGPU_EMU_SHFL(double)
#undef LOOPGPU_EMU_SHFL

inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

//===----------------------------------------------------------------------===//
// Atomics (relaxed, like CUDA's; real atomics because blocks run in parallel)
//===----------------------------------------------------------------------===//

namespace loopgpu_emu {
namespace detail {
template <class T, class F> inline T atomicUpdate(T *Address, F Update) {
  T Old;
  __atomic_load(Address, &Old, __ATOMIC_RELAXED);
  for (;;) {
    T New = Update(Old);
    if (__atomic_compare_exchange(Address, &Old, &New, /*weak=*/true, __ATOMIC_RELAXED,
                                  __ATOMIC_RELAXED))
      return Old;
  }
}
} // namespace detail
} // namespace loopgpu_emu

// The vector types of vector_types.h that generated code loads tiles and
// stores runs with (CUDA's size and alignment), and their make_ functions.
// Copies check the alignment of both sides, as the GPU's vector loads and
// stores do: code that reaches a vector through a cast pointer must have
// checked it.
namespace loopgpu_emu {
namespace detail {
inline void checkVector(const void *From, const void *To, unsigned Bytes) {
  if (reinterpret_cast<uintptr_t>(From) % Bytes)
    misalignedVector(From, Bytes);
  else if (reinterpret_cast<uintptr_t>(To) % Bytes)
    misalignedVector(To, Bytes);
}
} // namespace detail
} // namespace loopgpu_emu
#define LOOPGPU_EMU_VECTOR4(NAME, T, BYTES)                                       \
  struct __attribute__((aligned(BYTES))) NAME {                                  \
    T x, y, z, w;                                                                \
    NAME() = default;                                                            \
    NAME(const NAME &O) : x(O.x), y(O.y), z(O.z), w(O.w) {                       \
      ::loopgpu_emu::detail::checkVector(&O, this, BYTES);                       \
    }                                                                            \
    NAME &operator=(const NAME &O) {                                             \
      ::loopgpu_emu::detail::checkVector(&O, this, BYTES);                       \
      x = O.x, y = O.y, z = O.z, w = O.w;                                        \
      return *this;                                                              \
    }                                                                            \
  };                                                                             \
  inline NAME make_##NAME(T X, T Y, T Z, T W) {                                  \
    NAME V;                                                                      \
    V.x = X, V.y = Y, V.z = Z, V.w = W;                                          \
    return V;                                                                    \
  }
#define LOOPGPU_EMU_VECTOR2(NAME, T, BYTES)                                       \
  struct __attribute__((aligned(BYTES))) NAME {                                  \
    T x, y;                                                                      \
    NAME() = default;                                                            \
    NAME(const NAME &O) : x(O.x), y(O.y) { ::loopgpu_emu::detail::checkVector(&O, this, BYTES); } \
    NAME &operator=(const NAME &O) {                                             \
      ::loopgpu_emu::detail::checkVector(&O, this, BYTES);                       \
      x = O.x, y = O.y;                                                          \
      return *this;                                                              \
    }                                                                            \
  };                                                                             \
  inline NAME make_##NAME(T X, T Y) {                                            \
    NAME V;                                                                      \
    V.x = X, V.y = Y;                                                            \
    return V;                                                                    \
  }
LOOPGPU_EMU_VECTOR4(float4, float, 16)
LOOPGPU_EMU_VECTOR4(int4, int, 16)
LOOPGPU_EMU_VECTOR4(uint4, unsigned int, 16)
LOOPGPU_EMU_VECTOR2(float2, float, 8)
LOOPGPU_EMU_VECTOR2(int2, int, 8)
LOOPGPU_EMU_VECTOR2(uint2, unsigned int, 8)
LOOPGPU_EMU_VECTOR2(double2, double, 16)
LOOPGPU_EMU_VECTOR2(long2, long, 16)
LOOPGPU_EMU_VECTOR2(ulong2, unsigned long, 16)
LOOPGPU_EMU_VECTOR2(longlong2, long long, 16)
LOOPGPU_EMU_VECTOR2(ulonglong2, unsigned long long, 16)
#undef LOOPGPU_EMU_VECTOR4
#undef LOOPGPU_EMU_VECTOR2

#define LOOPGPU_EMU_ATOMIC_INT(T)                                                              \
  inline T atomicAdd(T *A, T V) { return __atomic_fetch_add(A, V, __ATOMIC_RELAXED); }         \
  inline T atomicSub(T *A, T V) { return __atomic_fetch_sub(A, V, __ATOMIC_RELAXED); }         \
  inline T atomicExch(T *A, T V) { return __atomic_exchange_n(A, V, __ATOMIC_RELAXED); }       \
  inline T atomicAnd(T *A, T V) { return __atomic_fetch_and(A, V, __ATOMIC_RELAXED); }         \
  inline T atomicOr(T *A, T V) { return __atomic_fetch_or(A, V, __ATOMIC_RELAXED); }           \
  inline T atomicXor(T *A, T V) { return __atomic_fetch_xor(A, V, __ATOMIC_RELAXED); }         \
  inline T atomicMin(T *A, T V) {                                                              \
    return ::loopgpu_emu::detail::atomicUpdate(A, [V](T O) { return O < V ? O : V; });         \
  }                                                                                            \
  inline T atomicMax(T *A, T V) {                                                              \
    return ::loopgpu_emu::detail::atomicUpdate(A, [V](T O) { return O > V ? O : V; });         \
  }                                                                                            \
  inline T atomicCAS(T *A, T Compare, T V) {                                                   \
    __atomic_compare_exchange_n(A, &Compare, V, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);    \
    return Compare;                                                                            \
  }
LOOPGPU_EMU_ATOMIC_INT(int)
LOOPGPU_EMU_ATOMIC_INT(unsigned int)
LOOPGPU_EMU_ATOMIC_INT(unsigned long long)
#undef LOOPGPU_EMU_ATOMIC_INT
inline long long atomicMin(long long *A, long long V) {
  return ::loopgpu_emu::detail::atomicUpdate(A, [V](long long O) { return O < V ? O : V; });
}
inline long long atomicMax(long long *A, long long V) {
  return ::loopgpu_emu::detail::atomicUpdate(A, [V](long long O) { return O > V ? O : V; });
}
inline unsigned short atomicCAS(unsigned short *A, unsigned short Compare, unsigned short V) {
  __atomic_compare_exchange_n(A, &Compare, V, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return Compare;
}
inline unsigned int atomicInc(unsigned int *A, unsigned int V) {
  return ::loopgpu_emu::detail::atomicUpdate(A, [V](unsigned O) { return O >= V ? 0u : O + 1; });
}
inline unsigned int atomicDec(unsigned int *A, unsigned int V) {
  return ::loopgpu_emu::detail::atomicUpdate(
      A, [V](unsigned O) { return (O == 0 || O > V) ? V : O - 1; });
}
inline float atomicAdd(float *A, float V) {
  return ::loopgpu_emu::detail::atomicUpdate(A, [V](float O) { return O + V; });
}
inline double atomicAdd(double *A, double V) {
  return ::loopgpu_emu::detail::atomicUpdate(A, [V](double O) { return O + V; });
}
inline float atomicExch(float *A, float V) {
  float Old;
  __atomic_exchange(A, &V, &Old, __ATOMIC_RELAXED);
  return Old;
}

//===----------------------------------------------------------------------===//
// Math and bit intrinsics (single and double forms of libm come from math.h)
//===----------------------------------------------------------------------===//

template <class T> inline T __ldg(const T *Ptr) { return *Ptr; }

inline float rsqrtf(float X) { return 1.0f / sqrtf(X); }
inline double rsqrt(double X) { return 1.0 / sqrt(X); }
inline float __fdividef(float X, float Y) { return X / Y; }
inline float fdividef(float X, float Y) { return X / Y; }
inline float __expf(float X) { return expf(X); }
inline float __logf(float X) { return logf(X); }
inline float __powf(float X, float Y) { return powf(X, Y); }
inline float __sinf(float X) { return sinf(X); }
inline float __cosf(float X) { return cosf(X); }
inline float __saturatef(float X) { return X < 0.0f ? 0.0f : (X > 1.0f ? 1.0f : (X == X ? X : 0.0f)); }

inline int __float_as_int(float X) { return ::loopgpu_emu::detail::fromBits<int>(::loopgpu_emu::detail::toBits(X)); }
inline float __int_as_float(int X) { return ::loopgpu_emu::detail::fromBits<float>(::loopgpu_emu::detail::toBits(X)); }
inline unsigned int __float_as_uint(float X) { return ::loopgpu_emu::detail::fromBits<unsigned>(::loopgpu_emu::detail::toBits(X)); }
inline float __uint_as_float(unsigned int X) { return ::loopgpu_emu::detail::fromBits<float>(::loopgpu_emu::detail::toBits(X)); }
inline long long __double_as_longlong(double X) { return ::loopgpu_emu::detail::fromBits<long long>(::loopgpu_emu::detail::toBits(X)); }
inline double __longlong_as_double(long long X) { return ::loopgpu_emu::detail::fromBits<double>(::loopgpu_emu::detail::toBits(X)); }

inline int __popc(unsigned int X) { return __builtin_popcount(X); }
inline int __popcll(unsigned long long X) { return __builtin_popcountll(X); }
inline int __clz(int X) { return X == 0 ? 32 : __builtin_clz(static_cast<unsigned>(X)); }
inline int __clzll(long long X) { return X == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(X)); }
inline int __ffs(int X) { return __builtin_ffs(X); }
inline int __ffsll(long long X) { return __builtin_ffsll(X); }
inline unsigned int __brev(unsigned int X) {
  X = ((X >> 1) & 0x55555555u) | ((X & 0x55555555u) << 1);
  X = ((X >> 2) & 0x33333333u) | ((X & 0x33333333u) << 2);
  X = ((X >> 4) & 0x0f0f0f0fu) | ((X & 0x0f0f0f0fu) << 4);
  X = ((X >> 8) & 0x00ff00ffu) | ((X & 0x00ff00ffu) << 8);
  return (X >> 16) | (X << 16);
}
inline int __mul24(int X, int Y) {
  // Sign-extend the low 24 bits of each operand; keep the low 32 bits of the product.
  long long A = static_cast<int>(static_cast<unsigned>(X) << 8) >> 8;
  long long B = static_cast<int>(static_cast<unsigned>(Y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned>(static_cast<unsigned long long>(A * B)));
}
inline unsigned int __umul24(unsigned int X, unsigned int Y) { return (X & 0xffffffu) * (Y & 0xffffffu); }
inline int __mulhi(int X, int Y) { return static_cast<int>((static_cast<long long>(X) * Y) >> 32); }
inline unsigned int __umulhi(unsigned int X, unsigned int Y) { return static_cast<unsigned>((static_cast<unsigned long long>(X) * Y) >> 32); }

// Integer and floating min/max overloads as CUDA declares them (global
// namespace, host and device). Mixed signed/unsigned pairs compute in the
// unsigned type, like CUDA's.
#define LOOPGPU_EMU_MINMAX(R, A, B)                                                            \
  inline R min(A X, B Y) { return static_cast<R>(X) < static_cast<R>(Y) ? static_cast<R>(X) : static_cast<R>(Y); } \
  inline R max(A X, B Y) { return static_cast<R>(X) > static_cast<R>(Y) ? static_cast<R>(X) : static_cast<R>(Y); }
LOOPGPU_EMU_MINMAX(int, int, int)
LOOPGPU_EMU_MINMAX(unsigned int, unsigned int, unsigned int)
LOOPGPU_EMU_MINMAX(unsigned int, int, unsigned int)
LOOPGPU_EMU_MINMAX(unsigned int, unsigned int, int)
LOOPGPU_EMU_MINMAX(long, long, long)
LOOPGPU_EMU_MINMAX(unsigned long, unsigned long, unsigned long)
LOOPGPU_EMU_MINMAX(unsigned long, long, unsigned long)
LOOPGPU_EMU_MINMAX(unsigned long, unsigned long, long)
LOOPGPU_EMU_MINMAX(long long, long long, long long)
LOOPGPU_EMU_MINMAX(unsigned long long, unsigned long long, unsigned long long)
LOOPGPU_EMU_MINMAX(unsigned long long, long long, unsigned long long)
LOOPGPU_EMU_MINMAX(unsigned long long, unsigned long long, long long)
#undef LOOPGPU_EMU_MINMAX
inline float min(float X, float Y) { return fminf(X, Y); }
inline float max(float X, float Y) { return fmaxf(X, Y); }
inline double min(double X, double Y) { return fmin(X, Y); }
inline double max(double X, double Y) { return fmax(X, Y); }
inline double min(float X, double Y) { return fmin(X, Y); }
inline double max(float X, double Y) { return fmax(X, Y); }
inline double min(double X, float Y) { return fmin(X, Y); }
inline double max(double X, float Y) { return fmax(X, Y); }

#endif // LOOPGPU_CUDA_EMULATION_H
