//===- GPUIRPrinter.cpp - The GPU plan as text (-emit=gpu-ir) --------------===//
//
// Prints what the passes decided, one kernel after another, then the host
// steps, in a form meant for people and FileCheck:
//
//   kernel f_nest0_kernel parallel block(32, 8, 1) shared 8448 B
//     grid.y loop i (line 4): block 8 x coarsen 4, stride 8
//     grid.x loop j (line 5): block 32 x coarsen 1, stride 32, one tile per block
//     stage loop k (line 7) strips of 32, prefetch: A[i][k] 32 x 33 (transposed) ...
//     jam shared k; per-copy t
//     versions full-and-border
//     body
//       loop k (line 7) shared
//         stmt S3 (line 8): t += A[i][k] * B[k][j]
//   host
//     launch f_nest0_kernel
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/KernelPasses.h"
#include "loopgpu/IR/ExprPrinter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace loopgpu {

namespace {

const char *kindName(KernelPlan::Kind K) {
  switch (K) {
  case KernelPlan::Kind::Parallel:
    return "parallel";
  case KernelPlan::Kind::Reduction:
    return "reduction";
  case KernelPlan::Kind::Serial:
    return "serial";
  case KernelPlan::Kind::Scan:
    return "scan";
  }
  return "?";
}

class IRPrinter {
public:
  IRPrinter(const Nest &N, const GPUPlan &Plan, llvm::raw_ostream &OS) : N(N), Plan(Plan), OS(OS), EP(N) {}

  void print() {
    for (const KernelPlan &K : Plan.Kernels)
      kernel(K);
    OS << "host\n";
    steps(Plan.Host, 1);
  }

private:
  const Nest &N;
  const GPUPlan &Plan;
  llvm::raw_ostream &OS;
  ExprPrinter EP;

  void indent(unsigned D) { OS.indent(2 * D); }
  std::string loop(unsigned L) const {
    return "loop " + N.Loops[L].Iterator + " (line " + std::to_string(N.Loops[L].Loc.Line) + ")";
  }
  std::string names(const std::set<unsigned> &Loops) const {
    std::vector<std::string> Out;
    for (unsigned L : Loops)
      Out.push_back(N.Loops[L].Iterator);
    return llvm::join(Out, ", ");
  }

  void kernel(const KernelPlan &K) {
    std::array<int64_t, 3> B = K.blockShape();
    OS << "kernel " << K.Name << " " << kindName(K.K) << " block(" << B[0] << ", " << B[1] << ", " << B[2]
       << ")";
    if (K.SharedBytes)
      OS << " shared " << K.SharedBytes << " B";
    if (K.MinBlocksPerSM)
      OS << " min-blocks-per-sm " << K.MinBlocksPerSM;
    if (K.BlockCoarsen > 1)
      OS << " tiles-per-block " << K.BlockCoarsen;
    OS << "\n";
    if (!K.HostLoops.empty()) {
      std::set<unsigned> H(K.HostLoops.begin(), K.HostLoops.end());
      indent(1);
      OS << "host-loops " << names(H) << "\n";
    }
    for (const MappedLoop &M : K.Mapped) {
      indent(1);
      OS << "grid." << M.Dim << " " << loop(M.Loop) << ": block " << M.BlockSize << " x coarsen " << M.Coarsen
         << ", stride " << M.Stride;
      if (M.Vector > 1)
        OS << ", runs of " << M.Vector;
      if (M.OneTilePerBlock)
        OS << ", one tile per block";
      OS << "\n";
    }
    for (unsigned L : K.LaneLoops) {
      indent(1);
      OS << "lanes " << loop(L) << ": split over the 32 lanes of a warp\n";
    }
    for (const KernelPlan::SharedBin &B : K.Bins) {
      indent(1);
      OS << "bins " << N.Arrays[B.Array].Name << ": " << B.Elements << " elements per block in shared memory, grid at most "
         << KernelPlan::BinBlocksX << " blocks\n";
    }
    if (K.StagedLoop) {
      indent(1);
      OS << "stage " << loop(*K.StagedLoop) << " strips of " << K.KTile;
      if (K.Prefetch)
        OS << ", prefetch";
      if (K.Stages > 1)
        OS << ", " << K.Stages << " stages by cp.async";
      if (K.StagedGuard)
        OS << ", under the guard of line " << K.StagedGuard->Loc.Line;
      if (K.Jam.StripUnroll > 1)
        OS << ", full strips unrolled by " << K.Jam.StripUnroll;
      OS << "\n";
      for (const StagedArray &S : K.Staged)
        tile("tile", S);
    }
    for (const StagedArray &S : K.Halo)
      tile("halo", S);
    if (K.Transposed) {
      indent(1);
      OS << "transposed-store " << N.Arrays[K.Transposed->Array].Name << " (rows " << N.Loops[K.Transposed->RowLoop].Iterator
         << ", columns " << N.Loops[K.Transposed->ColLoop].Iterator << ")\n";
    }
    if (K.Mma) {
      indent(1);
      OS << "mma m" << MmaPlan::M << "n" << MmaPlan::N << "k" << MmaPlan::K << " warps " << K.Mma->WarpsRow << " x "
         << K.Mma->WarpsCol << " accumulator " << N.Scalars[K.Mma->Acc].Name
         << (K.Mma->Pipelined ? " pipelined (exact version: operands double-buffered, blocks grouped by " +
                                    std::to_string(MmaPlan::GroupRows) + " rows of tiles)"
                              : "")
         << "\n";
    }
    if (K.XRuns) {
      std::vector<std::string> Arrays;
      for (unsigned A : K.XRuns->Arrays)
        Arrays.push_back(N.Arrays[A].Name);
      indent(1);
      OS << "vector-runs " << K.XRuns->V << " along " << N.Loops[K.XRuns->Loop].Iterator << ": "
         << llvm::join(Arrays, ", ");
      if (K.XRuns->BorderStore)
        OS << "; border stores of " << N.Arrays[K.XRuns->BorderStore->Array].Name << " by run";
      if (K.XRuns->Aligned32)
        OS << "; instance aligned32 (aligned arrays, 32-bit tile tests)";
      OS << "\n";
    }
    for (size_t RI = 0; RI < K.Reductions.size(); ++RI) {
      const Reduction &R = K.Reductions[RI];
      indent(1);
      OS << "reduce " << R.describe() << " over " << loop(R.Loop);
      if (RI < K.Combines.size())
        OS << (K.Combines[RI] == KernelPlan::BlockCombine::AtomicAdd       ? ", block result by atomic add"
               : K.Combines[RI] == KernelPlan::BlockCombine::AtomicCombine ? ", block result by atomic combine"
                                                                            : ", block results combined by the last block");
      OS << "\n";
    }
    if (K.TheScan) {
      indent(1);
      OS << "scan " << K.TheScan->Text << " along " << loop(K.TheScan->Loop) << "\n";
    }
    if (!K.Jam.SharedLoops.empty() || !K.Jam.PerCopyScalars.empty()) {
      std::vector<std::string> Scalars;
      for (unsigned S : K.Jam.PerCopyScalars)
        Scalars.push_back(N.Scalars[S].Name);
      indent(1);
      OS << "jam shared {" << names(K.Jam.SharedLoops) << "} per-copy {" << llvm::join(Scalars, ", ") << "}\n";
    }
    if (K.FullTiles || K.StagedBodyUnguarded) {
      indent(1);
      OS << "versions";
      if (K.FullTiles)
        OS << " full-and-border-tiles";
      if (K.StagedBodyUnguarded)
        OS << " unguarded-strips";
      OS << "\n";
    }
    if (K.Exact) {
      std::vector<std::string> Multiples, Aligned;
      for (auto [L, By] : K.Exact->Multiples)
        if (!K.Exact->TailStrip || L != *K.StagedLoop) // else any trip: the partial strip after the loop
          Multiples.push_back(N.Loops[L].Iterator + " by " + std::to_string(By));
      for (unsigned I : K.Exact->Aligned)
        Aligned.push_back(N.Arrays[K.Staged[I].Array].Name);
      indent(1);
      OS << "exact-version " << K.Name << "_exact when trips divide {" << llvm::join(Multiples, ", ") << "}";
      if (!Aligned.empty())
        OS << " aligned {" << llvm::join(Aligned, ", ") << "}";
      if (K.Exact->Border) // the mapped loops' trips need not divide
        OS << " or on the full tiles, " << K.Name << "_border on the border tiles beside it";
      if (K.Exact->TailStrip)
        OS << "; " << N.Loops[*K.StagedLoop].Iterator << "'s last, partial strip after the loop";
      OS << "\n";
    }
    indent(1);
    OS << "body\n";
    for (const Node *Nd : K.Nodes)
      node(K, *Nd, 2);
  }

  void tile(const char *What, const StagedArray &S) {
    std::vector<std::string> Ext;
    for (int64_t E : S.sharedShape())
      Ext.push_back(std::to_string(E));
    indent(2);
    OS << What << " " << N.Arrays[S.Array].Name << S.Suffix << " " << llvm::join(Ext, " x ");
    if (S.Transposed)
      OS << " transposed";
    if (S.GlobalVector > 1)
      OS << ", loads of " << S.GlobalVector;
    OS << ", copied in " << S.CopyRounds << (S.CopyRounds == 1 ? " round" : " rounds") << "\n";
  }

  void node(const KernelPlan &K, const Node &Nd, unsigned D) {
    indent(D);
    switch (Nd.K) {
    case Node::Kind::Loop: {
      OS << loop(Nd.Id);
      auto M = llvm::find_if(K.Mapped, [&](const MappedLoop &X) { return X.Loop == Nd.Id; });
      if (M != K.Mapped.end())
        OS << " on " << M->Dim;
      else if (K.Jam.SharedLoops.count(Nd.Id))
        OS << " shared";
      else if (K.K == KernelPlan::Kind::Parallel && !K.Mapped.empty())
        OS << " per copy";
      OS << "\n";
      break;
    }
    case Node::Kind::If:
      OS << "if " << EP.print(*Nd.Condition) << " (line " << Nd.Loc.Line << ")\n";
      break;
    case Node::Kind::Stmt: {
      const Statement &S = N.Statements[Nd.Id];
      OS << "stmt S" << S.Id + 1 << " (line " << S.Loc.Line << "): " << EP.print(*S.Body) << "\n";
      return;
    }
    }
    for (const NodePtr &C : Nd.Body)
      node(K, *C, D + 1);
    if (!Nd.Else.empty()) {
      indent(D);
      OS << "else\n";
      for (const NodePtr &C : Nd.Else)
        node(K, *C, D + 1);
    }
  }

  static std::string list(const std::vector<int64_t> &V, const char *Sep = " x ") {
    std::string S;
    for (int64_t X : V)
      S += (S.empty() ? "" : Sep) + std::to_string(X);
    return S;
  }

  void timeTile(const TimeTilePlan &P, unsigned D) {
    indent(D);
    OS << "time-tile " << P.Name << " depth " << P.Depth << " tile " << list(P.Tile) << " block " << list(P.Block)
       << " halo -" << list(P.HaloLo, ",") << " +" << list(P.HaloHi, ",") << " shared " << P.SharedBytes
       << " min-blocks " << P.MinBlocks << "\n";
    for (size_t I = 0; I < P.Arrays.size(); ++I) {
      indent(D + 1);
      OS << "array " << N.Arrays[P.Arrays[I]].Name << " first written by sweep " << P.FirstWriter[I] + 1
         << (P.DeadOnEntry[I] ? ", dead on entry" : "") << "\n";
    }
    for (size_t K = 0; K < P.Sweeps.size(); ++K) {
      indent(D + 1);
      OS << "sweep " << K + 1 << " " << Plan.Kernels[P.Sweeps[K].Kernel].Name << " reach -"
         << list(P.Sweeps[K].ReachLo, ",") << " +" << list(P.Sweeps[K].ReachHi, ",");
      if (P.Sweeps[K].RowBatch > 1)
        OS << " rows " << P.Sweeps[K].RowBatch;
      OS << "\n";
    }
    if (!P.Stream)
      return;
    const TimeStreamPlan &S = *P.Stream;
    indent(D + 1);
    OS << "streamed threads " << S.Threads << " columns " << S.Columns << " extra-steps " << S.Extra << " chunks "
       << list(S.Chunks, ",") << " registers " << S.Registers << " blocks-per-sm " << S.MinBlocks << " unroll "
       << S.Unroll;
    for (auto [On, Name] : {std::pair{S.CleanLoads, " clean-loads"}, {S.CleanCols, " clean-cols"},
                            {S.RowOffsets, " row-offsets"}, {S.SkipRows, " skip-rows"},
                            {S.WholeClean, " whole-clean"}, {S.ColsFlags, " cols-flags"}})
      if (On)
        OS << Name;
    OS << "\n";
    for (const TimeStreamVersion &V : S.Versions) {
      indent(D + 2);
      OS << "value " << N.Arrays[P.Arrays[V.Array]].Name;
      if (V.Level < 0)
        OS << " on entry";
      else
        OS << " after sweep " << S.Levels[V.Level].Sweep + 1 << " of iteration " << S.Levels[V.Level].Iteration + 1;
      OS << " skew " << V.Skew << " window " << V.Window << " ring " << V.Ring << (V.Final ? " final" : "") << "\n";
    }
  }

  void steps(const std::vector<HostStep> &Steps, unsigned D) {
    for (const HostStep &S : Steps) {
      indent(D);
      switch (S.K) {
      case HostStep::Kind::Launch:
        OS << "launch " << Plan.Kernels[S.Kernel].Name << "\n";
        break;
      case HostStep::Kind::Loop:
        OS << loop(S.Src->Id);
        if (S.Device)
          OS << " device-loop " << S.Device->Name << " threads " << S.Device->Threads << " slots " << S.Device->Slots
             << " max-blocks " << S.Device->MaxBlocks;
        OS << "\n";
        if (S.TimeTiled)
          timeTile(*S.TimeTiled, D + 1);
        break;
      case HostStep::Kind::If:
        OS << "if " << EP.print(*S.Src->Condition) << " (line " << S.Src->Loc.Line << ")\n";
        break;
      case HostStep::Kind::Choose: {
        if (S.ByExact) {
          OS << "choose where the exact version of " << Plan.Kernels[S.Body.front().Kernel].Name
             << " runs with a border of at most 1 / " << HostStep::MaxBorder << " of the outputs\n";
          break;
        }
        std::set<unsigned> L(S.ChoiceLoops.begin(), S.ChoiceLoops.end());
        OS << "choose iterations of {" << names(L) << "} < " << S.Threshold;
        if (!S.ThresholdEnv.empty())
          OS << " (" << S.ThresholdEnv << " overrides)";
        OS << "\n";
        break;
      }
      }
      steps(S.Body, D + 1);
      if (!S.Else.empty()) {
        indent(D);
        OS << "else\n";
        steps(S.Else, D + 1);
      }
    }
  }
};

} // namespace

void printGPUIR(const Nest &N, const GPUPlan &Plan, llvm::raw_ostream &OS) { IRPrinter(N, Plan, OS).print(); }

} // namespace loopgpu
