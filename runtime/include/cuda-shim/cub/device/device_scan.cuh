// loopgpu CUDA emulation: stands in for CUB's <cub/device/device_scan.cuh>
// when a .cu file is compiled as C++ (loopgpu-emu-rewrite --cxxflags puts
// this directory on the include path). What loopgpu's scans call:
// DeviceScan::InclusiveScan and InclusiveScanByKey (equal keys: one segment)
// over random-access iterators, with the same two-call protocol as CUB (a
// call with no temporary storage sets its size). The scan itself runs as an
// emulated kernel of one thread (so that it reads and writes device memory
// under the emulator's checks), tile by tile: each tile of 64 elements is
// scanned on its own and then combined with the running value before it, so
// that floating-point sums are reassociated as on a GPU, not summed in the
// loop's order.
#ifndef LOOPGPU_EMU_CUB_DEVICE_SCAN_CUH
#define LOOPGPU_EMU_CUB_DEVICE_SCAN_CUH

#include "loopgpu/cuda_emulation.h"

#include <cstddef>
#include <type_traits>

// The operators CUB's headers bring with them (libcu++'s <cuda/std/functional>).
// Signed integers wrap around on overflow, as the GPU's adders and multipliers
// do (the arithmetic is done on the unsigned type), so that an overflowing
// sum is not undefined behaviour here (UBSan builds of the emulation).
namespace cuda {
namespace std {
namespace loopgpu_detail {
template <class R, class A, class B> R wrap(A X, B Y, bool Multiply) {
  if constexpr (::std::is_integral<R>::value && ::std::is_signed<R>::value) {
    typedef typename ::std::make_unsigned<R>::type U;
    U P = static_cast<U>(X), Q = static_cast<U>(Y);
    return static_cast<R>(Multiply ? static_cast<U>(P * Q) : static_cast<U>(P + Q));
  } else {
    return Multiply ? X * Y : X + Y;
  }
}
} // namespace loopgpu_detail
template <class T = void> struct plus {
  T operator()(const T &A, const T &B) const { return loopgpu_detail::wrap<T>(A, B, false); }
};
template <> struct plus<void> {
  template <class A, class B> auto operator()(const A &X, const B &Y) const {
    return loopgpu_detail::wrap<decltype(X + Y)>(X, Y, false);
  }
};
template <class T = void> struct multiplies {
  T operator()(const T &A, const T &B) const { return loopgpu_detail::wrap<T>(A, B, true); }
};
template <> struct multiplies<void> {
  template <class A, class B> auto operator()(const A &X, const B &Y) const {
    return loopgpu_detail::wrap<decltype(X * Y)>(X, Y, true);
  }
};
} // namespace std
} // namespace cuda

namespace cub {
namespace loopgpu_emu_detail {

struct NoKeys {};

template <class Keys> inline bool sameSegment(const Keys &K, long long A, long long B) { return K[A] == K[B]; }
inline bool sameSegment(const NoKeys &, long long, long long) { return true; }

template <class Keys, class In, class Out, class Op>
__global__ void scanKernel(Keys K, In I, Out O, Op F, long long N) {
  // CUB accumulates in the type the operator returns (int for chars added).
  typedef typename In::value_type V;
  typedef decltype(F(V(), V())) T;
  const long long Tile = 64;
  T Carry{}, Local{};
  bool UseCarry = false;
  for (long long J = 0; J < N; ++J) {
    if (J % Tile == 0 && J > 0)
      Carry = O[J - 1]; // the previous tiles' result
    bool NewSegment = J == 0 || !sameSegment(K, J - 1, J);
    if (NewSegment || J % Tile == 0) {
      Local = T(I[J]);
      UseCarry = !NewSegment;
    } else {
      Local = F(Local, I[J]);
    }
    O[J] = UseCarry ? F(Carry, Local) : Local;
  }
}

template <class Keys, class In, class Out, class Op>
cudaError_t run(void *Temp, size_t &Bytes, Keys K, In I, Out O, Op F, long long N) {
  if (!Temp) {
    Bytes = 16;
    return cudaSuccess;
  }
  if (N <= 0)
    return cudaSuccess;
  ::loopgpu_emu::launch(scanKernel<Keys, In, Out, Op>, 1, 1, 0, K, I, O, F, N);
  return cudaGetLastError();
}

} // namespace loopgpu_emu_detail

struct DeviceScan {
  template <class In, class Out, class Op, class NumItems>
  static cudaError_t InclusiveScan(void *Temp, size_t &Bytes, In I, Out O, Op F, NumItems N,
                                   cudaStream_t = 0) {
    return loopgpu_emu_detail::run(Temp, Bytes, loopgpu_emu_detail::NoKeys{}, I, O, F, static_cast<long long>(N));
  }
  template <class Keys, class In, class Out, class Op, class NumItems>
  static cudaError_t InclusiveScanByKey(void *Temp, size_t &Bytes, Keys K, In I, Out O, Op F, NumItems N) {
    return loopgpu_emu_detail::run(Temp, Bytes, K, I, O, F, static_cast<long long>(N));
  }
};

} // namespace cub

#endif // LOOPGPU_EMU_CUB_DEVICE_SCAN_CUH
