//===- ExactTiles.cpp - A kernel version for launches of full tiles only --===//
//
// A register-tiled kernel (several copies per thread, a staged strip loop)
// carries code for the tiles on the border of its iteration space: a range
// check per copy around its initialization and its stores, a range check
// and an alignment branch per element of each tile copy, a loop for the
// last, partial strip, and grid-stride loops over tiles. Where the sizes
// are multiples of the tiles none of it runs, but it costs registers and
// instructions in every block: at the 128-register cap of two blocks per
// SM, nvcc's schedule of SGEMM's strip loses about a tenth of its speed to
// it (H100, bench/RESULTS.md run 32: 84% of cuBLAS with it, 93% without).
//
// So such a kernel gets a second version, printed from the same plan with
// none of that code, and the host launches it when the launch's tiles are
// all full (ExactTiles: the trip counts divide, the grid holds a block per
// tile, the staged rows are aligned for vector loads). Legality: with
// every tile full, each copy of each thread lies inside the iteration
// space, every strip is full and every element a tile copy loads is one
// the general kernel loads (the staged footprint along a mapped loop spans
// at most its tile, along the staged loop at most a strip), so the range
// checks and the partial strip are dead code in that launch: dropping them
// changes nothing the kernel computes.
//
// On sm_90 targets, sizes that are not multiples of the tiles get the exact
// version too (ExactTiles::Border): it runs the full tiles, and the border
// version (the kernel skipping the full tiles) the tiles on the border, on
// a second stream so that the two run at once (launched one after the
// other on a stream, the border would add up to a wave of blocks to the
// time). The border version is launched first: its blocks of full tiles
// return at once while the SMs are free, and its blocks of work share the
// first wave (launched second, its blocks of full tiles could start only
// as the exact version's blocks left: H200 run 33, DGEMM 2048^3 12% slower
// than the general kernel alone, 6% faster once launched first). The
// general kernel itself is unchanged: it still runs alone where the split
// does not apply. Legality: the mapped loops carry no dependence (the
// kernel's blocks already run their tiles in any order, at once), the two
// launches run disjoint sets of tiles whose union is every tile, and the
// second stream is forked from the default stream before the two launches
// and joined to it after them, so that the work before and after sees
// both. Where the full tiles make less than a wave of blocks, the second
// stream costs more than the border's tiles do: the kernel runs alone.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"
#include "loopgpu/Tune/Target.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

namespace loopgpu {

std::string exactTilesWhyNot(const Nest &N, const KernelPlan &K) {
  if (K.K != KernelPlan::Kind::Parallel || K.Mapped.empty())
    return "not a parallel kernel";
  if (!K.StagedLoop || K.copies() < 2)
    return "no register tile with a staged strip";
  if (K.StagedGuard)
    return "its strips run under a guard";
  if (K.Transposed || !K.Halo.empty() || K.XRuns || !K.LaneLoops.empty())
    return "transposed stores, halos, vector runs or lane reductions";
  if (K.BlockCoarsen != 1)
    return "several tiles per block";
  if (!K.Bins.empty())
    return "shared bins (a grid-stride loop)";
  const Loop &S = N.Loops[*K.StagedLoop];
  if (S.Step != 1)
    return "the staged loop's step is not 1";
  for (const MappedLoop &M : K.Mapped)
    if (S.Lower.uses(AffVar::iterator(M.Loop)) || S.Upper.uses(AffVar::iterator(M.Loop)))
      return "the staged loop's bounds depend on " + N.Loops[M.Loop].Iterator;
  // Every element a tile copy loads must belong to an iteration of the
  // block's tile and strip.
  for (const StagedArray &T : K.Staged)
    for (unsigned D = 0; D < T.Extents.size(); ++D) {
      const MappedLoop *M = nullptr;
      for (const MappedLoop &X : K.Mapped)
        if (X.Loop == T.DimLoops[D])
          M = &X;
      if ((M && T.Extents[D] > M->tile()) || (T.DimLoops[D] == *K.StagedLoop && T.Extents[D] > K.KTile))
        return "the tile of " + N.Arrays[T.Array].Name + " reaches past the block's iterations";
    }
  return "";
}

void planExactTiles(const Nest &N, KernelPlan &K, const CodeGenOptions &Opts) {
  K.Exact.reset();
  if (!Opts.ExactTiles || !exactTilesWhyNot(N, K).empty())
    return;
  ExactTiles E;
  for (const MappedLoop &M : K.Mapped)
    E.Multiples.emplace_back(M.Loop, M.tile());
  E.Multiples.emplace_back(*K.StagedLoop, K.KTile);
  for (unsigned I = 0; I < K.Staged.size(); ++I)
    if (K.Staged[I].GlobalVector > 1)
      E.Aligned.push_back(I);
  E.TailStrip = K.Mma.has_value() && K.Stages > 1;
  GPUTarget T = gpuTarget(Opts.Arch);
  E.Border = T.ExactBorderSplit;
  // A wave of blocks: below it the split gains nothing (H200 run 33: SGEMM
  // 1000-2200^3 within 1.5% of the kernel alone; at 3000^3, 529 full tiles
  // of 264 resident blocks, 90-92% of cuBLAS against 85-86%), and the
  // kernel alone needs no side stream.
  E.BorderMinTiles = T.SMs * std::max<int64_t>(1, K.MinBlocksPerSM);
  K.Exact = std::move(E);
}

} // namespace loopgpu
