//===- KernelPasses.h - Lowering passes over the GPU plan -------*- C++ -*-===//
//
// planGPU (GPUMapping.h) lowers a transformed nest to its GPU plan by
// passes, one file each, the plan verified after each (verifyGPUPlan):
//
//   map            GPUMapping.cpp   kernels, grid and block loops, coarsening,
//                                   staged strips and prefetch
//                                   (StripStaging.cpp), transposed stores
//                                   (TransposedStores.cpp), halos
//                                   (HaloStaging.cpp), tensor cores
//                                   (TensorCores.cpp), vector runs, lane and
//                                   block reductions (Reductions.cpp), host
//                                   steps
//   coarsen-jam    CoarsenJam.cpp   which sequential loops the copies of a
//                                   thread share, which scalars are per copy
//   tile-versions  TileVersions.cpp full and border tile versions, one tile
//                                   per block, unguarded staged strips
//   exact-tiles    ExactTiles.cpp   a register-tiled kernel's version for
//                                   launches whose tiles are all full
//   device-loops   DeviceLoop.cpp   host loops whose iterations run inside
//                                   one kernel
//   time-tile      TimeTile.cpp     host loops of stencil sweeps run several
//                                   iterations per launch on shared tiles
//
// The CUDA printer (CudaPrinter.h) prints the result. `-emit=gpu-ir` prints
// the plan as text (printGPUIR), `-print-after=PASS` after one pass.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_CODEGEN_KERNELPASSES_H
#define LOOPGPU_CODEGEN_KERNELPASSES_H

#include "loopgpu/CodeGen/GPUMapping.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
}

namespace loopgpu {

/// The passes' names, in the order planGPU runs them.
llvm::ArrayRef<const char *> gpuPassNames();

/// coarsen-jam: fills K.Jam for a Parallel kernel (JamPlan).
void coarsenAndJam(const Nest &N, KernelPlan &K);

/// tile-versions: sets K.FullTiles, K.StagedBodyUnguarded and each mapped
/// loop's OneTilePerBlock for a Parallel kernel. Runs after coarsen-jam.
void planTileVersions(const Nest &N, KernelPlan &K);

/// exact-tiles: gives a register-tiled Parallel kernel its exact version
/// (ExactTiles) where Opts allow it and exactTilesWhyNot finds nothing
/// against it. Runs after tile-versions.
void planExactTiles(const Nest &N, KernelPlan &K, const CodeGenOptions &Opts);

/// Why K can have no exact version (empty: it can).
std::string exactTilesWhyNot(const Nest &N, const KernelPlan &K);

/// What is wrong with Plan after the pass After and those before it (a
/// decision that contradicts the nest or another decision), one line per
/// problem; empty when nothing is.
std::vector<std::string> verifyGPUPlan(const Nest &N, const GPUPlan &Plan, llvm::StringRef After);

/// The plan as text: per kernel its mapping, memory, decisions and body,
/// then the host steps (-emit=gpu-ir).
void printGPUIR(const Nest &N, const GPUPlan &Plan, llvm::raw_ostream &OS);

} // namespace loopgpu

#endif // LOOPGPU_CODEGEN_KERNELPASSES_H
