//===- Target.h - What loopgpu assumes of each GPU architecture -*- C++ -*-===//
//
// The figures the planner and the tuning model reason with, per CUDA
// architecture (-arch), in one place: the per-SM limits of the CUDA
// programming guide's table of compute capabilities, and the SM count of the
// card each architecture is measured or modelled on. The H100 (sm_90) is the
// card of bench/RESULTS.md; the others are not measured.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TUNE_TARGET_H
#define LOOPGPU_TUNE_TARGET_H

#include <cstdint>
#include <cstdlib>
#include <string>

namespace loopgpu {

struct GPUTarget {
  int ComputeCapability = 90;          ///< 90 for sm_90
  const char *Card = "H100 SXM5";      ///< the card SMs counts
  int64_t SMs = 132;
  int64_t RegistersPerSM = 65536;
  int64_t SharedPerSM = 228 * 1024;    ///< bytes a block's shared memory may come from, per SM
  int64_t SharedReservedPerBlock = 1024; ///< bytes the hardware keeps per resident block
  int64_t StaticSharedPerBlock = 48 * 1024; ///< bytes of static __shared__ per block
  int64_t ThreadsPerSM = 2048;
  int64_t BlocksPerSM = 32;
  int64_t ThreadsPerBlock = 1024;
  bool FP64TensorCores = true;         ///< mma.sync on doubles (sm_80 and newer)
  int64_t VectorBytes = 16;            ///< the widest global load or store per thread
  /// Exact kernel versions on the full tiles of any size, the tiles on the
  /// border beside them on a second stream (ExactTiles::Border); measured
  /// on sm_90 only (bench/RESULTS.md run 33).
  bool ExactBorderSplit = true;
  /// Throughputs for the time-tiling model (TimeTile.cpp): device memory as
  /// a copy kernel reaches it (H100: bench/RESULTS.md, about 3.0e12 B/s of
  /// 3.35e12), and shared memory, 128 bytes per cycle per SM at the boost clock.
  double MemoryBytesPerSecond = 3.0e12;
  double SharedBytesPerCycle = 128;
  double ClockHz = 1.98e9;
};

/// The target of Arch ("sm_90"); an architecture this table does not know
/// gets the nearest older one's limits.
inline GPUTarget gpuTarget(const std::string &Arch) {
  int CC = Arch.rfind("sm_", 0) == 0 ? std::atoi(Arch.c_str() + 3) : 90;
  GPUTarget T;
  T.ComputeCapability = CC;
  if (CC >= 90)
    return T; // H100: the defaults above
  T.ExactBorderSplit = false;
  if (CC == 89) {
    T.Card = "L40S";
    T.MemoryBytesPerSecond = 0.8e12;
    T.ClockHz = 2.5e9;
    T.SMs = 142;
    T.SharedPerSM = 100 * 1024;
    T.ThreadsPerSM = 1536;
    T.BlocksPerSM = 24;
  } else if (CC >= 86 && CC != 87) {
    T.Card = "RTX 3090";
    T.MemoryBytesPerSecond = 0.85e12;
    T.ClockHz = 1.7e9;
    T.SMs = 82;
    T.SharedPerSM = 100 * 1024;
    T.ThreadsPerSM = 1536;
    T.BlocksPerSM = 16;
  } else if (CC >= 80) {
    T.Card = CC == 87 ? "Jetson AGX Orin" : "A100";
    T.MemoryBytesPerSecond = CC == 87 ? 0.18e12 : 1.7e12;
    T.ClockHz = CC == 87 ? 1.3e9 : 1.41e9;
    T.SMs = CC == 87 ? 16 : 108;
    T.SharedPerSM = 164 * 1024;
    T.BlocksPerSM = CC == 87 ? 16 : 32;
  } else {
    T.Card = "T4";
    T.MemoryBytesPerSecond = 0.25e12;
    T.ClockHz = 1.59e9;
    T.SMs = 40;
    T.SharedPerSM = 64 * 1024;
    T.ThreadsPerSM = 1024;
    T.BlocksPerSM = 16;
    T.FP64TensorCores = false;
  }
  return T;
}

} // namespace loopgpu

#endif // LOOPGPU_TUNE_TARGET_H
