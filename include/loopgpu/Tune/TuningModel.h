//===- TuningModel.h - Choose -tile and -coarsen without a GPU ---*- C++ -*-===//
//
// `-tile auto` / `-coarsen auto` on a machine without a GPU: a static model
// picks the block shape and the coarsening factors of a nest from what the
// mapper would do with it (a first plan with the default options) and from
// an occupancy model of the target (-arch; Tune/Target.h), and says why.
//
// The model reasons as the GPU lectures do:
//
//   - Occupancy (Target.h; sm_90: 65536 registers, 228 KiB of shared memory
//     (1 KiB of it reserved per block), 2048 threads and 32 blocks per SM);
//     48 KiB of static shared memory per block. Registers are allocated per
//     warp in units of 256. Registers per thread are estimated (the model
//     cannot run ptxas): 24 for the indexing and the loop, plus one per
//     output a thread computes, plus two per value it reads from shared
//     memory per step of the staged loop (matmul with 8x8 outputs: 120;
//     ptxas reported 128, bench/RESULTS.md).
//
//   - Staged kernels (a sequential loop whose reads are shared by the
//     block's threads through shared memory, e.g. matrix multiplication):
//     coarsening lets a thread reuse each value it reads from shared memory
//     for several outputs (reuse = outputs per thread / shared values read
//     per step). The model enumerates thread shapes (16 to 64 threads along
//     x, 128 to 512 per block, multiples of 32; 32 to 512 with one mapped
//     loop) and factors 1, 2, 4, 8, and ranks them: occupancy of at least
//     25% (16 warps per SM; a register tile's independent accumulators
//     supply the rest of the latency hiding) first, then shared-memory reuse, then 256 threads per block,
//     then reuse of each global load across the block's tile, then square
//     tiles. For matrix multiplication this gives 16x16 threads with 8x8
//     outputs each (H100, bench/RESULTS.md run 4, strips of 16: 8x8 55.8% of
//     cuBLAS at 25% occupancy, 4x4 42.9% at 50%).
//
//   - Other parallel kernels (element-wise, stencils): 256 threads, 32 of
//     them along x (a warp reads whole 128-byte lines). Each thread computes
//     several iterations of the outermost mapped loop not on x. When reads
//     of an array along that loop overlap (a stencil's z-1, z, z+1), the
//     copies are consecutive iterations (1 thread along it: the block is a
//     plane walking the loop, 2.5-D blocking; in 3-D the plane is 4 rows of
//     64 threads, measured faster than 8 of 32); reads that do not depend on
//     the loop are shared by the copies at any distance. The factor is the
//     smallest power of two that saves two thirds of the loads an unbounded
//     factor would save (stencils: 4). Without such reuse, 4 copies a block
//     height apart give 4 independent loads in flight (the 32x32 tile of
//     32x8 threads). With x the only mapped loop: 256 threads, 4 iterations
//     at a stride of the block.
//
//   - Reduction kernels: 1024 threads per block: the grid is capped at 1024
//     blocks and the partials are combined per block, so bigger blocks put
//     more loads in flight (measured on the H100: 0.284 ms at 1024 threads,
//     0.431 ms at 256, for 2^26 ints).
//
//   - Problem size: when the trip counts of the kernel's mapped loops are
//     known (constant bounds, or parameters given with --param NAME=VALUE),
//     the model counts each candidate's blocks as the launch does (per
//     mapped loop ceil(trip / (threads * coarsening)), capped; reductions at
//     most 1024) and prefers candidates that fill the target's SMs (132 on an H100):
//     every SM gets a block and, on average to the nearest block, as many
//     as the model counts on resident: for staged kernels enough for the
//     25% occupancy of a register tile, otherwise all the SM can hold. Among
//     those the ranking above decides; for the other kinds the choice above
//     first, then the factor halved down to 1, then fewer threads (the
//     other loops' first, then x down to a warp; reductions 1024 down to
//     32). If none fills the GPU, the candidate with the most blocks. So
//     matmul gets 8x8 outputs per thread at 4096^3 (1024 blocks) and 4x4 at
//     1024^3 (256 blocks; 8x8 would give 64). The threshold is one wave at
//     that occupancy: two waves of all the blocks an SM can hold would
//     leave matmul at 1024^3 one output per thread, where 4x4 measured 60%
//     of cuBLAS (bench/RESULTS.md run 5).
//     With sizes unknown the model assumes a large problem, and says so.
//
// The same model lists the candidates that `--tune` measures on a GPU: its
// choice first, then neighbours (factors halved and doubled, other thread
// shapes, staging off).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TUNE_TUNINGMODEL_H
#define LOOPGPU_TUNE_TUNINGMODEL_H

#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/Tune/Target.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

/// The options of one nest that tuning chooses.
struct TuningConfig {
  std::vector<int64_t> Tile;    ///< as -tile: outermost mapped loop first
  std::vector<int64_t> Coarsen; ///< as -coarsen (empty: no coarsening)
  bool Stage = true;            ///< -shared-staging
  /// The equivalent command-line options, e.g. "-tile 16,16 -coarsen 4,4".
  std::string flags() const;
  bool operator==(const TuningConfig &O) const {
    return Tile == O.Tile && Coarsen == O.Coarsen && Stage == O.Stage;
  }
  /// Whether Sizes are what -tile and -coarsen accept: 1 to 3 integers
  /// between 1 and 1024 (an empty Coarsen too: no coarsening).
  static bool validSizes(const std::vector<int64_t> &Sizes);
};

/// What the user left to tuning, and what they fixed.
struct TuningRequest {
  bool TuneTile = true;
  bool TuneCoarsen = true;
  CodeGenOptions Fixed; ///< the other options (and Tile / Coarsen when not tuned)
  /// --param NAME=VALUE: values of the nest's parameters, which size the
  /// grid of each candidate.
  std::map<std::string, int64_t> Params;
};

/// Occupancy of one SM of a target (Tune/Target.h).
struct Occupancy {
  int64_t BlocksPerSM = 0;
  double Fraction = 0;  ///< active warps / the most the SM holds (64 on sm_90)
  std::string Limiter;  ///< "threads", "registers", "shared memory" or "blocks"
};
Occupancy occupancy(const GPUTarget &T, int64_t ThreadsPerBlock, int64_t RegistersPerThread,
                    int64_t SharedBytesPerBlock);

struct TuningChoice {
  TuningConfig Config;
  std::string Reason;   ///< one line, for the remark and the header
};

/// The static model's choice for N. DI is N's analysis (as planGPU gets it).
TuningChoice chooseStatically(const Nest &N, const DependenceInfo &DI, const TuningRequest &R);

/// What `--tune` measures for N: the static choice first, then its
/// neighbours, at most MaxCandidates, all honouring R's fixed options.
std::vector<TuningConfig> tuningCandidates(const Nest &N, const DependenceInfo &DI, const TuningRequest &R,
                                           unsigned MaxCandidates);

} // namespace loopgpu

#endif // LOOPGPU_TUNE_TUNINGMODEL_H
