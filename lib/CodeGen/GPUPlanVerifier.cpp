//===- GPUPlanVerifier.cpp - Check the GPU plan after each pass ------------===//
//
// A pass that leaves the plan contradicting the nest or itself is a bug of
// loopgpu: planGPU runs this after each pass and stops with an internal
// error naming the pass, instead of printing CUDA from a broken plan.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"

#include "llvm/ADT/STLExtras.h"

namespace loopgpu {

namespace {

/// Whether loop L is nested (at any depth) inside loop Outer.
bool insideLoop(const Nest &N, unsigned L, unsigned Outer) {
  for (int P = N.Loops[L].Parent; P >= 0; P = N.Loops[P].Parent)
    if (static_cast<unsigned>(P) == Outer)
      return true;
  return false;
}

void verifyMapping(const Nest &N, const KernelPlan &K, std::vector<std::string> &Out) {
  auto Bad = [&](const std::string &What) { Out.push_back(K.Name + ": " + What); };
  std::set<char> Dims;
  for (const MappedLoop &M : K.Mapped) {
    const std::string Loop = "mapped loop " + N.Loops[M.Loop].Iterator;
    if (!Dims.insert(M.Dim).second)
      Bad(Loop + " shares grid dimension " + std::string(1, M.Dim) + " with another");
    if (M.BlockSize < 1 || M.Coarsen < 1 || M.Vector < 1 || M.Coarsen % M.Vector != 0)
      Bad(Loop + ": block " + std::to_string(M.BlockSize) + ", coarsening " + std::to_string(M.Coarsen) +
          " and runs of " + std::to_string(M.Vector) + " do not fit together");
    if (M.OneTilePerBlock && (M.Dim != 'x' || K.BlockCoarsen != 1))
      Bad(Loop + ": one tile per block off x or with block coarsening");
    if (M.OneTilePerBlock && !K.Bins.empty())
      Bad(Loop + ": one tile per block in a kernel with shared bins (its grid is capped)");
  }
  for (const KernelPlan::SharedBin &B : K.Bins)
    if (K.K != KernelPlan::Kind::Parallel ||
        llvm::none_of(K.AtomicUpdates, [&](unsigned S) { return N.Statements[S].Body->Ops[0]->Index == B.Array; }))
      Bad("shared bins of " + N.Arrays[B.Array].Name + " without atomic updates of it");
  if (K.threadsPerBlock() > 1024)
    Bad(std::to_string(K.threadsPerBlock()) + " threads per block");
  if (K.XRuns) {
    auto X = llvm::find_if(K.Mapped, [&](const MappedLoop &M) { return M.Loop == K.XRuns->Loop; });
    if (X == K.Mapped.end() || X->Dim != 'x' || X->Vector != K.XRuns->V)
      Bad("vector runs on a loop that is not on x with runs of " + std::to_string(K.XRuns->V));
    if (const auto &B = K.XRuns->BorderStore;
        B && (!llvm::is_contained(K.XRuns->Arrays, B->Array) || X == K.Mapped.end() || &*X != &K.Mapped.back() ||
              X->Coarsen != K.XRuns->V || vectorTypeName(N.Arrays[B->Array].ElementType, K.XRuns->V).empty()))
      Bad("border stores by run of an array without aligned runs, or of several runs per thread");
    if (K.XRuns->Aligned32 && (!K.FullTiles || K.Exact))
      Bad("an aligned 32-bit instance without full tiles, or beside an exact version");
  }
}

/// An exact version: legal for K, its host test covering every mapped loop's
/// tile, the strip and every vector-copied tile.
template <typename BadFn> void verifyExactTiles(const Nest &N, const KernelPlan &K, BadFn Bad) {
  if (std::string Why = exactTilesWhyNot(N, K); !Why.empty())
    return Bad("an exact version, but " + Why);
  std::vector<std::pair<unsigned, int64_t>> Want;
  for (const MappedLoop &M : K.Mapped)
    Want.emplace_back(M.Loop, M.tile());
  Want.emplace_back(*K.StagedLoop, K.KTile);
  if (K.Exact->Multiples != Want)
    Bad("the exact version's trip-count test differs from the tiles and the strip");
  if (K.Exact->TailStrip && (!K.Mma || K.Stages < 2))
    Bad("an exact version with a partial strip after its loop, but not of a tensor-core tile in cp.async stages");
  std::vector<unsigned> Aligned;
  for (unsigned I = 0; I < K.Staged.size(); ++I)
    if (K.Staged[I].GlobalVector > 1)
      Aligned.push_back(I);
  if (K.Exact->Aligned != Aligned)
    Bad("the exact version's alignment test differs from the tiles copied by vectors");
}

void verifyJamAndVersions(const Nest &N, const KernelPlan &K, std::vector<std::string> &Out) {
  auto Bad = [&](const std::string &What) { Out.push_back(K.Name + ": " + What); };
  if (K.K != KernelPlan::Kind::Parallel || K.Mapped.empty()) {
    if (!K.Jam.SharedLoops.empty() || !K.Jam.PerCopyScalars.empty() || K.FullTiles || K.StagedBodyUnguarded ||
        K.Exact)
      Bad("jam or tile decisions on a kernel without mapped copies");
    return;
  }
  unsigned Inner = K.innermostMapped()->Id;
  for (unsigned L : K.Jam.SharedLoops) {
    const Loop &Lp = N.Loops[L];
    if (!insideLoop(N, L, Inner))
      Bad("shared loop " + Lp.Iterator + " is outside the mapped body");
    for (const MappedLoop &M : K.Mapped)
      if (Lp.Lower.uses(AffVar::iterator(M.Loop)) || Lp.Upper.uses(AffVar::iterator(M.Loop)))
        Bad("shared loop " + Lp.Iterator + "'s bounds differ between copies (they use " +
            N.Loops[M.Loop].Iterator + ")");
  }
  if (K.StagedLoop && !K.Jam.SharedLoops.count(*K.StagedLoop))
    Bad("the staged loop " + N.Loops[*K.StagedLoop].Iterator + " is not shared (its barriers need every thread)");
  for (unsigned S : K.Jam.PerCopyScalars)
    if (!N.Scalars[S].declaredInside())
      Bad("per-copy scalar " + N.Scalars[S].Name + " is declared outside the nest");
  if (K.Jam.StripUnroll < 1 || (K.StagedLoop && K.Jam.StripUnroll > K.KTile))
    Bad("full strips unrolled by " + std::to_string(K.Jam.StripUnroll) + " with strips of " +
        std::to_string(K.KTile));
  if (K.FullTiles && K.copies() == 1)
    Bad("full-tile versions for a thread of one copy");
  if (K.StagedBodyUnguarded && !K.StagedLoop)
    Bad("an unguarded staged body without a staged loop");
  if (K.Exact)
    verifyExactTiles(N, K, Bad);
}

/// A streamed time tile: a level per sweep and iteration, each value read
/// made early enough (its own column's rows in the same step, other
/// columns' a step before) and still held (windows, rings of a power of two
/// rows), the rings' reads inside their padding.
void verifyTimeStream(const TimeTilePlan &P, std::vector<std::string> &Out) {
  const TimeStreamPlan &S = *P.Stream;
  auto Bad = [&](const std::string &Why) { Out.push_back(P.Name + " (streamed): " + Why); };
  if (S.Levels.size() != size_t(P.Depth) * P.Sweeps.size() || S.Versions.size() != P.Arrays.size() + S.Levels.size())
    return Bad("not a level per sweep and iteration");
  if (S.Threads < 1 || S.Threads > 1024 || S.Columns < 1 || S.Chunks.empty() || P.Block.back() != S.Threads)
    return Bad("blocks or chunks of no threads or rows");
  int64_t Plane = 1;
  for (unsigned D = 1; D < P.Rank; ++D)
    Plane *= P.extent(D);
  if (S.Threads * S.Columns < Plane)
    Bad("the threads' columns do not cover the plane");
  if (S.Unroll < 1 || S.MinBlocks < 0 || S.MinBlocks * S.Threads > 2048)
    Bad("an unroll factor below 1, or more blocks per SM than threads fit");
  std::vector<bool> Final(P.Arrays.size(), false);
  for (const TimeStreamVersion &V : S.Versions) {
    if (V.Ring && (V.Ring & (V.Ring - 1)))
      Bad("a ring of " + std::to_string(V.Ring) + " rows");
    if (V.Final && (Final[V.Array] || V.Window < 1))
      Bad("two final values of one array, or one not held");
    Final[V.Array] = Final[V.Array] || V.Final;
  }
  for (size_t I = 0; I < S.Levels.size(); ++I) {
    const TimeStreamLevel &L = S.Levels[I];
    const TimeStreamVersion &V = S.Versions[L.Version], &B = S.Versions[L.Before];
    std::string Where = "level " + std::to_string(I + 1);
    if (V.Level != int(I) || B.Array != V.Array || B.Skew > V.Skew || V.Skew - B.Skew >= B.Window)
      Bad(Where + ": the value before it is not held where it is kept");
    for (auto [AI, Src] : L.Source) {
      const std::vector<int64_t> &Off = P.Offsets.at(AI);
      const TimeStreamVersion &F = S.Versions[Src];
      bool Own = TimeStreamPlan::ownColumn(Off);
      int64_t Age = V.Skew - F.Skew - Off[0]; // rows behind the newest when read
      if (Src >= L.Version || Age < (Own ? 0 : 1) || Age >= (Own ? F.Window : F.Ring))
        Bad(Where + ": access " + std::to_string(AI) + " reads a row not made yet or no longer held");
      for (unsigned D = 1; D < P.Rank && !Own; ++D)
        if (Off[D] < -S.PadLo[D] || Off[D] > S.PadHi[D])
          Bad(Where + ": access " + std::to_string(AI) + " reads past the rings' padding");
    }
    // The cells it keeps for later levels: the tile at least, and around
    // what the next level keeps by that level's reach (a skipped row then
    // holds nothing a later level reads).
    if (L.NeedLo.size() != P.Rank || L.NeedHi.size() != P.Rank)
      Bad(Where + ": no needed cells");
    for (unsigned D = 1; D < P.Rank && L.NeedLo.size() == P.Rank && L.NeedHi.size() == P.Rank; ++D) {
      if (L.NeedLo[D] > P.HaloLo[D] || L.NeedHi[D] < P.HaloLo[D] + P.Tile[D] || L.NeedLo[D] < 0 ||
          L.NeedHi[D] > P.extent(D))
        Bad(Where + ": needed cells that leave out the tile or leave the plane");
      if (I + 1 < S.Levels.size()) {
        const TimeStreamLevel &Next = S.Levels[I + 1];
        const TimeTileSweep &NS = P.Sweeps[Next.Sweep];
        if (Next.NeedLo.size() == P.Rank && Next.NeedHi.size() == P.Rank &&
            (L.NeedLo[D] > std::max<int64_t>(0, Next.NeedLo[D] - NS.ReachLo[D]) ||
             L.NeedHi[D] < std::min<int64_t>(P.extent(D), Next.NeedHi[D] + NS.ReachHi[D])))
          Bad(Where + ": needed cells short of what the next level reads");
      }
    }
  }
  if (llvm::count(Final, false))
    Bad("an array without its final value");
}

/// A time-tiled loop: its sweeps are its launches, the halo covers Depth
/// iterations' reach, the tiles fit the shared memory counted.
void verifyTimeTile(const GPUPlan &Plan, const HostStep &S, std::vector<std::string> &Out) {
  const TimeTilePlan &P = *S.TimeTiled;
  auto Bad = [&](const std::string &Why) { Out.push_back(P.Name + ": " + Why); };
  if (S.K != HostStep::Kind::Loop || P.Sweeps.size() != S.Body.size())
    return Bad("its sweeps are not the loop's launches");
  for (size_t I = 0; I < P.Sweeps.size(); ++I)
    if (S.Body[I].K != HostStep::Kind::Launch || S.Body[I].Kernel != P.Sweeps[I].Kernel ||
        Plan.Kernels[P.Sweeps[I].Kernel].K != KernelPlan::Kind::Parallel)
      Bad("sweep " + std::to_string(I + 1) + " is not the loop's parallel launch");
  if (P.Rank < 1 || P.Rank > 3 || P.Tile.size() != P.Rank || P.Block.size() != P.Rank || P.Depth < 1)
    return Bad("a shape of the wrong rank or depth");
  if (P.Arrays.size() != P.FirstWriter.size() || P.Arrays.size() != P.DeadOnEntry.size() || P.Arrays.empty())
    return Bad("chunk arrays without their first writers");
  for (unsigned D = 0; D < P.Rank; ++D) {
    int64_t Lo = 0, Hi = 0;
    for (size_t K = 0; K < P.Sweeps.size(); ++K) {
      Lo += P.Sweeps[K].ReachLo[D];
      Hi += P.Sweeps[K].ReachHi[D];
      if (P.AfterLo[K][D] + Lo != P.StepLo[D] || P.AfterHi[K][D] + Hi != P.StepHi[D])
        Bad("sweep " + std::to_string(K + 1) + "'s remaining reach is not the later sweeps'");
    }
    if (Lo != P.StepLo[D] || Hi != P.StepHi[D] || P.HaloLo[D] != P.Depth * Lo || P.HaloHi[D] != P.Depth * Hi)
      Bad("the halo along dimension " + std::to_string(D) + " is not " + std::to_string(P.Depth) +
          " iterations' reach");
  }
  for (const auto &[Access, Off] : P.Offsets)
    for (unsigned D = 0; D < P.Rank && Off.size() == P.Rank; ++D)
      if (Off[D] < -P.StepLo[D] || Off[D] > P.StepHi[D])
        Bad("access " + std::to_string(Access) + " reaches past its sweep's reach");
  if (P.threads() > 1024)
    Bad("blocks of " + std::to_string(P.threads()) + " threads");
  if (P.Stream)
    verifyTimeStream(P, Out);
  for (size_t K = 0; K < P.Sweeps.size(); ++K)
    if (P.Sweeps[K].RowBatch < 1 || P.Sweeps[K].RowBatch - 1 > P.RowPad || (P.Sweeps[K].RowBatch > 1 && P.Sweeps[K].Stmts.size() != 1))
      Bad("sweep " + std::to_string(K + 1) + "'s batches of " + std::to_string(P.Sweeps[K].RowBatch) +
          " rows do not fit the tiles' padding or its statements");
}

/// A reduction kernel's block combines and the tiles' copies.
void verifyCombinesAndCopies(const KernelPlan &K, bool Combined, std::vector<std::string> &Out) {
  if (K.K == KernelPlan::Kind::Reduction && Combined) {
    if (K.Combines.size() != K.Reductions.size())
      Out.push_back(K.Name + ": " + std::to_string(K.Combines.size()) + " block combines for " +
                    std::to_string(K.Reductions.size()) + " reductions");
    for (size_t I = 0; I < K.Combines.size() && I < K.Reductions.size(); ++I)
      if ((K.Combines[I] == KernelPlan::BlockCombine::LastBlock) != K.Reductions[I].isArg() ||
          (K.Combines[I] == KernelPlan::BlockCombine::AtomicAdd && K.Reductions[I].Op != "+"))
        Out.push_back(K.Name + ": reduction " + std::to_string(I + 1) + "'s block combine does not fit its operator");
  }
  for (const std::vector<StagedArray> *Tiles : {&K.Staged, &K.Halo})
    for (const StagedArray &S : *Tiles)
      if (S.CopyLoads * S.GlobalVector != S.elements() || S.CopyRounds * K.threadsPerBlock() < S.CopyLoads)
        Out.push_back(K.Name + ": the copy of a tile does not cover its " + std::to_string(S.elements()) + " elements");
}

void verifySteps(const GPUPlan &Plan, const std::vector<HostStep> &Steps, std::vector<bool> &Launched,
                 std::vector<std::string> &Out) {
  for (const HostStep &S : Steps) {
    if (S.K == HostStep::Kind::Launch) {
      if (S.Kernel >= Plan.Kernels.size())
        Out.push_back("host step launches kernel " + std::to_string(S.Kernel) + " of " +
                      std::to_string(Plan.Kernels.size()));
      else
        Launched[S.Kernel] = true;
    }
    if (S.K == HostStep::Kind::Choose && (S.Body.empty() || S.Else.empty()))
      Out.push_back("a run-time choice with an empty alternative");
    if (S.K == HostStep::Kind::Choose && S.ByExact &&
        (S.Body.size() != 1 || S.Body[0].K != HostStep::Kind::Launch || S.Body[0].Kernel >= Plan.Kernels.size() ||
         !Plan.Kernels[S.Body[0].Kernel].Mma))
      Out.push_back("a choice by exact version whose first alternative is not one launch of a tensor-core tile");
    if (S.Device)
      for (unsigned Kn : S.Device->Kernels) {
        if (Kn >= Plan.Kernels.size())
          Out.push_back("device loop " + S.Device->Name + " runs kernel " + std::to_string(Kn) + " of " +
                        std::to_string(Plan.Kernels.size()));
        else if (const auto &R = Plan.Kernels[Kn].XRuns; R && R->Aligned32)
          Out.push_back("device loop " + S.Device->Name + " runs " + Plan.Kernels[Kn].Name +
                        ", a kernel with an aligned 32-bit instance (a host choice per launch)");
      }
    if (S.TimeTiled)
      verifyTimeTile(Plan, S, Out);
    verifySteps(Plan, S.Body, Launched, Out);
    verifySteps(Plan, S.Else, Launched, Out);
  }
}

} // namespace

std::vector<std::string> verifyGPUPlan(const Nest &N, const GPUPlan &Plan, llvm::StringRef After) {
  std::vector<std::string> Out;
  llvm::ArrayRef<const char *> Passes = gpuPassNames();
  size_t Ran = llvm::find(Passes, After) - Passes.begin(); // the passes that ran: 0..Ran
  auto RanPass = [&](llvm::StringRef P) { return Ran < Passes.size() && Ran >= size_t(llvm::find(Passes, P) - Passes.begin()); };
  bool Combined = RanPass("reductions"), Jammed = RanPass("coarsen-jam");
  for (const KernelPlan &K : Plan.Kernels) {
    if (K.Nodes.empty()) {
      Out.push_back(K.Name + ": computes nothing");
      continue;
    }
    verifyMapping(N, K, Out);
    verifyCombinesAndCopies(K, Combined, Out);
    if (Jammed)
      verifyJamAndVersions(N, K, Out);
  }
  std::vector<bool> Launched(Plan.Kernels.size(), false);
  verifySteps(Plan, Plan.Host, Launched, Out);
  for (size_t I = 0; I < Launched.size(); ++I)
    if (!Launched[I])
      Out.push_back(Plan.Kernels[I].Name + ": no host step launches it");
  if (!Plan.NoAlias.empty() && Plan.NoAlias.size() != N.Arrays.size())
    Out.push_back("alias facts for " + std::to_string(Plan.NoAlias.size()) + " of " +
                  std::to_string(N.Arrays.size()) + " arrays");
  return Out;
}

} // namespace loopgpu
