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
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"

#include "llvm/ADT/STLExtras.h"

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
  K.Exact = std::move(E);
}

} // namespace loopgpu
