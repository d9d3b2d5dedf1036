//===- KernelPasses.h - Lowering passes over the GPU plan -------*- C++ -*-===//
//
// planGPU (GPUMapping.h) lowers a transformed nest to its GPU plan by
// passes, one file each, the plan verified after each (verifyGPUPlan);
// runGPUPasses (PassPipeline.cpp) runs them after the map pass:
//
//   map               GPUMapping.cpp   kernels (parallel, reduction, serial,
//                                      scan), their grid and block loops and
//                                      coarsening, tensor-core tiles
//                                      (TensorCores.cpp), the host steps and
//                                      run-time choices between kernels
//   lane-reductions   Reductions.cpp   a reduction loop inside a thread split
//                                      over a warp's lanes (before staging
//                                      where lanes coalesce more reads, again
//                                      after it where as many)
//   stage-strips      StripStaging.cpp shared-memory strips of a sequential
//                                      loop, prefetch, cp.async stages
//   transposed-stores TransposedStores.cpp
//   halos             HaloStaging.cpp  stencil tiles with their halos
//   vector-runs       VectorRuns.cpp   a thread's x iterations in vector runs
//   reductions        Reductions.cpp   a reduction kernel's block combines
//   coarsen-jam       CoarsenJam.cpp   which sequential loops the copies of a
//                                      thread share, which scalars are per copy
//   tile-versions     TileVersions.cpp full and border tile versions, one tile
//                                      per block, unguarded staged strips
//   exact-tiles       ExactTiles.cpp   a register-tiled kernel's version for
//                                      launches whose tiles are all full
//   device-loops      DeviceLoop.cpp   host loops whose iterations run inside
//                                      one kernel
//   time-tile         TimeTile.cpp     host loops of stencil sweeps run several
//                                      iterations per launch on shared tiles
//
// The map pass chooses between candidate mappings (a register tile, a
// stencil pencil, a tensor-core tile) by lowering copies of them through
// the kernel passes (lowerKernel). The CUDA printer (CudaPrinter.h) prints
// the result. `-emit=gpu-ir` prints the plan as text (printGPUIR),
// `-print-after=PASS` after one pass.
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

/// The map pass (GPUMapping.cpp): N's kernels laid out on the grid and its
/// host steps; empty, with errors in Diags, where N cannot be mapped.
/// planGPU runs it, then runGPUPasses.
GPUPlan mapForGPU(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, DiagnosticSink &Diags);

/// The passes after map on Plan, which the map pass has laid out; false
/// (with an internal error in Diags) where the verifier finds the plan
/// inconsistent after one.
bool runGPUPasses(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, GPUPlan &Plan,
                  DiagnosticSink &Diags);

/// K, as the map pass laid it out, after the kernel passes from
/// lane-reductions to reductions (their remarks dropped): what the map pass
/// looks at when it chooses between mappings.
KernelPlan lowerKernel(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, KernelPlan K);

/// coarsen-jam: fills K.Jam for a Parallel kernel (JamPlan).
void coarsenAndJam(const Nest &N, KernelPlan &K);

/// tile-versions: sets K.FullTiles, K.StagedBodyUnguarded and each mapped
/// loop's OneTilePerBlock for a Parallel kernel. Runs after coarsen-jam.
void planTileVersions(const Nest &N, KernelPlan &K);

/// shared-bins: gives a Parallel kernel's atomic scatters into a small
/// array a copy of it per block in shared memory (KernelPlan::Bins), and the
/// kernel's mapped loops grid-stride loops. Runs after tile-versions.
void planSharedBins(const Nest &N, KernelPlan &K, std::vector<std::string> &Remarks);

/// The arrays K's atomic updates may count into shared bins (the legality
/// and the budget of planSharedBins); the map pass coarsens such kernels.
std::vector<KernelPlan::SharedBin> sharedBinCandidates(const Nest &N, const KernelPlan &K);

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
