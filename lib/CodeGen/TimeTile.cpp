//===- TimeTile.cpp - Overlapped time tiling of stencil sweeps ------------===//
//
// The time-tile pass (KernelPasses.h): a host loop whose body launches only
// stencil sweeps (PolyBench's jacobi-1d, jacobi-2d, fdtd-2d, heat-3d: one
// sweep per array and time step) otherwise reads and writes every array once
// per sweep, so it can never run faster than copy bandwidth allows. Time
// tiling runs Depth iterations of the loop per launch on tiles held in
// shared memory (TimeTilePlan): the arrays cross device memory once per
// launch instead of once per sweep, at the price of recomputing each tile's
// halo (overlapped tiling; PPCG's hybrid tiling avoids the recomputation
// with hexagonal tiles, at the price of far more complex code).
//
// Legality, sweep by sweep (TimeTilePlan's comment says why it suffices):
// the kernel is Parallel and maps every loop of the perfect nest around its
// statements (the mapping's verdict: no dependence inside the sweep); every
// statement writes a chunk array at subscripts `iterator + constant` (each
// of the nest's loops in one dimension) or iterator-free expressions, the
// same for all statements of the sweep; every access to a chunk array sits
// at a constant offset from that position; no scalar of the nest is written.
//
// Two forms: overlapped tiles of every dimension (TimeTilePlan), and tiles
// of the inner dimensions streamed along the outermost with every level of
// a launch in flight (TimeStreamPlan: the same legality; each level's skew,
// the rows its value is kept in registers and shared rings, follow from the
// offsets of the reads).
//
// The models (TimeTilePlanner::estimate, estimateStream) compare one
// launch's cost per output cell and iteration with the sweeps at copy
// bandwidth, and pick the form, depth and tile they expect fastest. Where
// the best is below 1.25x the sweeps as they run (untiledEfficiency of copy
// bandwidth), the loop runs one sweep per launch (heat-3d 256^3 on the
// H200: the streamed form at depth 2 estimated and measured at 1.0x copy
// bandwidth, the sweeps at 0.76x: time-tiled).
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/CodeGen/KernelPasses.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <numeric>
#include <set>

namespace loopgpu {
namespace {

/// The loops of the perfect nest from Root down to its statements, or
/// nothing where the nest is not perfect (a loop beside another node, an
/// if) or holds no statement.
std::optional<std::vector<unsigned>> perfectChain(const Node &Root, std::vector<unsigned> &Stmts) {
  std::vector<unsigned> Chain;
  const Node *Cur = &Root;
  while (true) {
    if (Cur->K != Node::Kind::Loop)
      return std::nullopt;
    Chain.push_back(Cur->Id);
    if (Cur->Body.size() == 1 && Cur->Body[0]->K == Node::Kind::Loop) {
      Cur = Cur->Body[0].get();
      continue;
    }
    for (const NodePtr &B : Cur->Body) {
      if (B->K != Node::Kind::Stmt)
        return std::nullopt;
      Stmts.push_back(B->Id);
    }
    return Stmts.empty() ? std::nullopt : std::optional(Chain);
  }
}

class TimeTilePlanner {
public:
  TimeTilePlanner(const Nest &N, GPUPlan &Plan, const CodeGenOptions &Opts, DiagnosticSink &Diags)
      : N(N), Plan(Plan), Opts(Opts), Diags(Diags), Target(gpuTarget(Opts.Arch)) {}

  bool run() {
    forEachHostLoop(Plan.Host, [&](HostStep &S) { plan(S); });
    return !Failed;
  }

private:
  /// Why sweep SW (kernel KI) cannot be time-tiled; fills SW's position.
  std::string sweepProblem(unsigned KI, unsigned Host, TimeTileSweep &SW) {
    const KernelPlan &K = Plan.Kernels[KI];
    if (K.K != KernelPlan::Kind::Parallel)
      return "kernel " + K.Name + " is not a parallel sweep";
    if (K.HostLoops != std::vector<unsigned>{Host})
      return "kernel " + K.Name + " sits in more than the loop";
    if (K.Nodes.size() != 1 || !K.LaneLoops.empty() || !K.Reductions.empty())
      return "kernel " + K.Name + " is not one loop nest";
    std::optional<std::vector<unsigned>> Chain = perfectChain(*K.Nodes[0], SW.Stmts);
    if (!Chain || Chain->size() != K.Mapped.size())
      return "kernel " + K.Name + "'s threads run loops or conditions of their own";
    SW.Kernel = KI;
    auto ChainLoop = [&](AffVar V) { return V.isIterator() && llvm::is_contained(*Chain, V.Index); };
    for (unsigned L : *Chain) {
      bool Bad = false;
      for (const AffExpr *E : {&N.Loops[L].Lower, &N.Loops[L].Upper})
        E->forEachVar([&](AffVar V) { Bad |= V.isIterator() && V.Index != Host; });
      if (Bad || N.Loops[L].Step != 1)
        return "loop " + N.Loops[L].Iterator + " (line " + std::to_string(N.Loops[L].Loc.Line) +
               ") is not a unit-step loop with bounds of parameters and the time loop";
    }
    std::optional<std::vector<LinearForm>> Position;
    std::vector<AffExpr> Subscripts; // the first write's
    for (unsigned SI : SW.Stmts) {
      const Statement &St = N.Statements[SI];
      std::string Where = "statement on line " + std::to_string(St.Loc.Line);
      if (St.IsDeclaration || !St.Guards.empty() || St.Body->K != Expr::Kind::Assign ||
          St.Body->Ops[0]->K != Expr::Kind::ArrayRef)
        return Where + " does not assign an array element";
      for (unsigned AI : St.Accesses) {
        const Access &A = N.Accesses[AI];
        if (A.isScalar() && (N.Scalars[A.Index].IsWritten || N.Scalars[A.Index].declaredInside()))
          return Where + " uses a scalar the nest writes";
        if (A.isArray() && N.Arrays[A.Index].isTemporary())
          return Where + " uses a temporary array";
        if (!A.isArray() || !A.IsWrite)
          continue;
        std::vector<LinearForm> Forms;
        for (const AffExpr &E : A.Subscripts) {
          std::optional<LinearForm> F = E.linear();
          if (!A.IsAffine || !F)
            return Where + " writes at a subscript that is not linear";
          Forms.push_back(*F);
        }
        if (!Position) {
          Position = Forms;
          Subscripts = A.Subscripts;
          continue;
        }
        bool Same = Forms.size() == Position->size();
        for (size_t D = 0; Same && D < Forms.size(); ++D)
          Same = Forms[D] == (*Position)[D];
        if (!Same)
          return Where + " writes at other subscripts than the sweep's first statement";
      }
    }
    if (!Position || Position->empty() || Position->size() > 3)
      return "kernel " + K.Name + " writes no array of one to three dimensions";
    std::set<unsigned> Seen;
    for (const LinearForm &F : *Position) {
      std::optional<unsigned> Loop;
      std::optional<AffExpr> Fixed;
      int64_t Shift = 0;
      for (auto [V, C] : F.Coefficients) {
        if (V.isIterator() && !ChainLoop(V))
          return "kernel " + K.Name + " writes at a subscript of the time loop";
        if (V.isIterator() && (C != 1 || Loop))
          return "kernel " + K.Name + " writes at a subscript that is not `iterator + constant`";
        if (V.isIterator())
          Loop = V.Index;
      }
      if (Loop) {
        if (F.Coefficients.size() != 1 || !Seen.insert(*Loop).second)
          return "kernel " + K.Name + " writes at a subscript that is not `iterator + constant`";
        Shift = F.Constant;
      } else {
        AffExpr E = AffExpr::constant(F.Constant);
        for (auto [V, C] : F.Coefficients)
          E = AffExpr::add(E, AffExpr::mul(AffExpr::var(V), C));
        Fixed = E;
      }
      SW.DimLoop.push_back(Loop);
      SW.Shift.push_back(Shift);
      SW.Fixed.push_back(Fixed);
    }
    if (Seen.size() != Chain->size())
      return "kernel " + K.Name + " writes the same element in several iterations";
    WritePos[&SW] = Subscripts;
    return "";
  }

  /// Why the loop cannot be time-tiled; fills P's sweeps, arrays, offsets.
  std::string problem(const HostStep &S, TimeTilePlan &P) {
    const Loop &L = N.Loops[S.Src->Id];
    if (L.IteratorType.IsUnsigned || (L.IteratorType.K != ScalarType::Kind::Int &&
                                      L.IteratorType.K != ScalarType::Kind::Long &&
                                      L.IteratorType.K != ScalarType::Kind::LongLong))
      return "its iterator is not a signed int, long or long long";
    if (S.Body.empty())
      return "it launches nothing";
    for (const HostStep &B : S.Body)
      if (B.K != HostStep::Kind::Launch)
        return "its body holds more than launches";
    P.Sweeps.resize(S.Body.size());
    for (size_t I = 0; I < S.Body.size(); ++I)
      if (std::string Why = sweepProblem(S.Body[I].Kernel, L.Id, P.Sweeps[I]); !Why.empty())
        return Why;
    // The chunk arrays: written by a sweep, all of one rank, extents known.
    for (unsigned SwI = 0; SwI < P.Sweeps.size(); ++SwI)
      for (unsigned SI : P.Sweeps[SwI].Stmts)
        for (unsigned AI : N.Statements[SI].Accesses) {
          const Access &A = N.Accesses[AI];
          if (A.isArray() && A.IsWrite && !llvm::is_contained(P.Arrays, A.Index)) {
            P.Arrays.push_back(A.Index);
            P.FirstWriter.push_back(SwI);
          }
        }
    P.Rank = static_cast<unsigned>(P.Sweeps[0].DimLoop.size());
    for (unsigned X : P.Arrays) {
      const ArrayInfo &A = N.Arrays[X];
      if (A.Extents.size() != P.Rank || A.IsDelinearized)
        return "the sweeps write arrays of different shapes";
      for (const std::optional<AffExpr> &E : A.Extents)
        if (!E)
          return "an extent of array '" + A.Name + "' is unknown";
    }
    // Every access of the sweeps: chunk arrays at constant offsets from the
    // sweep's position; every array apart from the others.
    for (TimeTileSweep &SW : P.Sweeps) {
      const std::vector<AffExpr> &Pos = WritePos[&SW];
      if (Pos.size() != P.Rank)
        return "the sweeps write arrays of different shapes";
      SW.ReachLo.assign(P.Rank, 0);
      SW.ReachHi.assign(P.Rank, 0);
      for (unsigned SI : SW.Stmts)
        for (unsigned AI : N.Statements[SI].Accesses) {
          const Access &A = N.Accesses[AI];
          if (!A.isArray())
            continue;
          if (!Plan.NoAlias[A.Index])
            return "array '" + N.Arrays[A.Index].Name + "' may share memory with another";
          if (!llvm::is_contained(P.Arrays, A.Index))
            continue;
          std::vector<int64_t> Off;
          for (size_t D = 0; D < A.Subscripts.size() && D < Pos.size() && A.IsAffine; ++D) {
            std::optional<LinearForm> Diff = AffExpr::sub(A.Subscripts[D], Pos[D]).linear();
            if (!Diff || !Diff->isConstant())
              break;
            Off.push_back(Diff->Constant);
          }
          if (Off.size() != P.Rank)
            return "the statement on line " + std::to_string(N.Statements[SI].Loc.Line) + " reads " + A.Text +
                   " at no constant offset from the element it writes";
          for (unsigned D = 0; D < P.Rank; ++D) {
            SW.ReachLo[D] = std::max(SW.ReachLo[D], -Off[D]);
            SW.ReachHi[D] = std::max(SW.ReachHi[D], Off[D]);
          }
          P.Offsets[AI] = Off;
        }
    }
    for (size_t I = 0; I < P.Arrays.size(); ++I) {
      bool Read = false;
      for (unsigned SwI = 0; SwI <= P.FirstWriter[I]; ++SwI)
        for (unsigned SI : P.Sweeps[SwI].Stmts)
          for (unsigned AI : N.Statements[SI].Accesses)
            Read |= N.Accesses[AI].isArray() && N.Accesses[AI].Index == P.Arrays[I] && !N.Accesses[AI].IsWrite;
      P.DeadOnEntry.push_back(!Read);
    }
    for (TimeTileSweep &SW : P.Sweeps)
      if (P.Rank >= 2 && batchable(P, SW)) {
        SW.RowBatch = RowBatch;
        P.RowPad = std::max(P.RowPad, RowBatch - 1);
      }
    P.StepLo.assign(P.Rank, 0);
    P.StepHi.assign(P.Rank, 0);
    for (const TimeTileSweep &SW : P.Sweeps)
      for (unsigned D = 0; D < P.Rank; ++D) {
        P.StepLo[D] += SW.ReachLo[D];
        P.StepHi[D] += SW.ReachHi[D];
      }
    for (size_t I = 0; I < P.Sweeps.size(); ++I) {
      std::vector<int64_t> Lo(P.Rank, 0), Hi(P.Rank, 0);
      for (size_t J = I + 1; J < P.Sweeps.size(); ++J)
        for (unsigned D = 0; D < P.Rank; ++D) {
          Lo[D] += P.Sweeps[J].ReachLo[D];
          Hi[D] += P.Sweeps[J].ReachHi[D];
        }
      P.AfterLo.push_back(Lo);
      P.AfterHi.push_back(Hi);
    }
    return "";
  }

  /// Whether SW's cells can be evaluated in batches along dimension 0
  /// (TimeTileSweep::RowBatch).
  bool batchable(const TimeTilePlan &P, const TimeTileSweep &SW) const {
    if (SW.Stmts.size() != 1)
      return false;
    const Statement &St = N.Statements[SW.Stmts[0]];
    if (St.Body->Op != "=")
      return false;
    unsigned Written = St.Body->Ops[0]->Index;
    for (unsigned AI : St.Accesses) {
      const Access &A = N.Accesses[AI];
      if (!A.isArray())
        continue;
      auto Off = P.Offsets.find(AI);
      if (Off != P.Offsets.end()) {
        if (A.Index == Written && llvm::any_of(Off->second, [](int64_t O) { return O != 0; }))
          return false;
        continue;
      }
      bool CellDependent = false;
      for (const AffExpr &E : A.Subscripts)
        E.forEachVar([&](AffVar V) {
          CellDependent |= V.isIterator() && llvm::is_contained(SW.DimLoop, std::optional<unsigned>(V.Index));
        });
      if (CellDependent || !A.IsAffine)
        return false;
    }
    return true;
  }

  /// Threads per block: 256, the last dimension on x (32 wide where there
  /// are several).
  std::vector<int64_t> blockFor(unsigned Rank) const {
    if (Rank == 1)
      return {256};
    if (Rank == 2) // 4 x 64 and 2 x 128 were slower (bench/RESULTS.md run 31 E)
      return {8, 32};
    return {2, 4, 32};
  }

  /// Sets P's depth-dependent fields for Depth and Tile.
  void shape(TimeTilePlan &P, int64_t Depth, std::vector<int64_t> Tile) const {
    P.Depth = Depth;
    P.Tile = std::move(Tile);
    P.Block = blockFor(P.Rank);
    P.Stream.reset();
    P.HaloLo.assign(P.Rank, 0);
    P.HaloHi.assign(P.Rank, 0);
    for (unsigned D = 0; D < P.Rank; ++D) {
      P.HaloLo[D] = Depth * P.StepLo[D];
      P.HaloHi[D] = Depth * P.StepHi[D];
    }
    P.SharedBytes = 0;
    for (unsigned X : P.Arrays) {
      int64_t Bytes = elementBytes(N.Arrays[X].ElementType);
      for (unsigned D = 0; D < P.Rank; ++D)
        Bytes *= P.extent(D) + (D == 0 ? P.RowPad : 0);
      P.SharedBytes += (Bytes + 15) / 16 * 16;
    }
  }

  /// Whether the streamed form applies: two or three dimensions, one
  /// statement per sweep.
  static bool streamable(const TimeTilePlan &P) {
    return P.Rank >= 2 && llvm::all_of(P.Sweeps, [](const TimeTileSweep &SW) { return SW.Stmts.size() == 1; });
  }

  /// Position in P.Arrays of the array statement SI writes.
  unsigned writtenArray(const TimeTilePlan &P, unsigned SI) const {
    for (unsigned AI : N.Statements[SI].Accesses)
      if (N.Accesses[AI].isArray() && N.Accesses[AI].IsWrite)
        return static_cast<unsigned>(llvm::find(P.Arrays, N.Accesses[AI].Index) - P.Arrays.begin());
    return 0;
  }

  /// Sets P's fields for the streamed form (TimeStreamPlan): Depth
  /// iterations, chunks of Tile[0] rows, plane tiles of Tile[1...] cells,
  /// blocks of Threads. The levels' skews are the fewest steps after which
  /// every value a level reads is made: its own column's rows in the same
  /// step (earlier levels run first), other columns' rows a step before
  /// (behind the barrier); windows and rings keep the rows still read.
  /// False where the registers it needs are too many.
  bool shapeStream(TimeTilePlan &P, int64_t Depth, std::vector<int64_t> Tile, int64_t Threads) const {
    for (TimeTileSweep &SW : P.Sweeps)
      SW.RowBatch = 1;
    P.RowPad = 0;
    shape(P, Depth, std::move(Tile));
    TimeStreamPlan S;
    std::vector<unsigned> Cur;
    for (unsigned I = 0; I < P.Arrays.size(); ++I) {
      S.Versions.push_back({I, -1, 0, 0, 0, 0, false});
      Cur.push_back(I);
    }
    for (int64_t It = 0; It < Depth; ++It)
      for (unsigned K = 0; K < P.Sweeps.size(); ++K) {
        TimeStreamLevel L;
        L.Sweep = K;
        L.Iteration = It;
        unsigned SI = P.Sweeps[K].Stmts[0], X = writtenArray(P, SI);
        L.Before = Cur[X];
        L.Select = llvm::all_of(N.Statements[SI].Accesses,
                                [&](unsigned AI) { return !N.Accesses[AI].isArray() || P.Offsets.count(AI); });
        int64_t Skew = S.Versions[L.Before].Skew;
        for (unsigned AI : N.Statements[SI].Accesses) {
          auto Off = P.Offsets.find(AI);
          if (Off == P.Offsets.end() || N.Accesses[AI].IsWrite)
            continue;
          unsigned Src = Cur[llvm::find(P.Arrays, N.Accesses[AI].Index) - P.Arrays.begin()];
          bool Own = TimeStreamPlan::ownColumn(Off->second);
          Skew = std::max(Skew, S.Versions[Src].Skew + Off->second[0] + (Own ? 0 : 1));
          L.Source[AI] = Src;
        }
        L.Version = static_cast<unsigned>(S.Versions.size());
        S.Versions.push_back({X, static_cast<int>(S.Levels.size()), Skew, 0, 0, 0, false});
        Cur[X] = L.Version;
        S.Levels.push_back(std::move(L));
      }
    for (const TimeStreamLevel &L : S.Levels) {
      int64_t Skew = S.Versions[L.Version].Skew;
      TimeStreamVersion &B = S.Versions[L.Before];
      B.Window = std::max(B.Window, Skew - B.Skew + 1);
      for (auto [AI, Src] : L.Source) {
        const std::vector<int64_t> &Off = P.Offsets.at(AI);
        TimeStreamVersion &V = S.Versions[Src];
        bool Own = TimeStreamPlan::ownColumn(Off);
        int64_t &Rows = Own ? V.Window : V.Ring;
        Rows = std::max(Rows, Skew - V.Skew - Off[0] + 1);
      }
    }
    // Each level's needed cells: the tile widened by the reach of the levels
    // after it (a later level reads its sources and the value before it
    // within its own reach of its own needed cells).
    for (size_t I = 0; I < S.Levels.size(); ++I) {
      TimeStreamLevel &L = S.Levels[I];
      L.NeedLo.assign(P.Rank, 0);
      L.NeedHi.assign(P.Rank, 0);
      for (unsigned D = 1; D < P.Rank; ++D) {
        int64_t Lo = 0, Hi = 0;
        for (size_t J = I + 1; J < S.Levels.size(); ++J) {
          Lo += P.Sweeps[S.Levels[J].Sweep].ReachLo[D];
          Hi += P.Sweeps[S.Levels[J].Sweep].ReachHi[D];
        }
        L.NeedLo[D] = std::max<int64_t>(0, P.HaloLo[D] - Lo);
        L.NeedHi[D] = std::min<int64_t>(P.extent(D), P.HaloLo[D] + P.Tile[D] + Hi);
      }
    }
    S.SkipRows = P.Rank == 3;
    S.PadLo.assign(P.Rank, 0);
    S.PadHi.assign(P.Rank, 0);
    for (const TimeTileSweep &SW : P.Sweeps)
      for (unsigned D = 1; D < P.Rank; ++D) {
        S.PadLo[D] = std::max(S.PadLo[D], SW.ReachLo[D]);
        S.PadHi[D] = std::max(S.PadHi[D], SW.ReachHi[D]);
      }
    int64_t Plane = 1, RingPlane = 1, MaxSkew = 0, Registers = 0;
    for (unsigned D = 1; D < P.Rank; ++D) {
      Plane *= P.extent(D);
      RingPlane *= S.ringExtent(P.extent(D), D);
    }
    S.Threads = Threads;
    S.Columns = (Plane + Threads - 1) / Threads;
    P.SharedBytes = 0;
    for (unsigned X : Cur)
      S.Versions[X].Final = true, S.Versions[X].Window = std::max<int64_t>(S.Versions[X].Window, 1);
    for (TimeStreamVersion &V : S.Versions) {
      int64_t Bytes = elementBytes(N.Arrays[P.Arrays[V.Array]].ElementType);
      MaxSkew = std::max(MaxSkew, V.Skew);
      Registers += (V.Window + (V.Level < 0 && V.Window + V.Ring > 0 ? 1 : 0)) * S.Columns * ((Bytes + 3) / 4);
      if (!V.Ring)
        continue;
      V.Ring = int64_t(llvm::PowerOf2Ceil(uint64_t(V.Ring)));
      V.SharedOffset = P.SharedBytes;
      P.SharedBytes += (V.Ring * RingPlane * Bytes + 15) / 16 * 16;
    }
    S.Extra = P.HaloLo[0] + P.HaloHi[0] + MaxSkew;
    S.Chunks = {P.Tile[0]};
    P.Block.assign(P.Rank, 1);
    P.Block.back() = Threads;
    S.Registers = Registers;
    S.MinBlocks = std::min({Target.SharedPerSM / (P.SharedBytes + Target.SharedReservedPerBlock),
                            Target.ThreadsPerSM / Threads, Target.BlocksPerSM,
                            Target.RegistersPerSM / ((Registers + StreamRegisterOverhead) * Threads)});
    // The row offsets: one per array (64 bits; nvcc keeps one per distance
    // from the step's row a load or a store is made at, too: the loads' next
    // row, each final value's skew), where with the windows they take at
    // most 4/5 of a thread's registers (run 41, H200: jacobi-2d's windows at
    // 69% of them ran without spills with offsets, fdtd-2d's at 81% spilled
    // 96 bytes with them and 16 without).
    std::set<int64_t> Distances = {1};
    for (const TimeStreamVersion &V : S.Versions)
      if (V.Final)
        Distances.insert(-V.Skew);
    int64_t OffsetRegisters = 2 * (int64_t(P.Arrays.size()) + int64_t(Distances.size()));
    int64_t PerThread = std::min<int64_t>(255, Target.RegistersPerSM / (Threads * std::max<int64_t>(1, S.MinBlocks)));
    S.RowOffsets = 5 * (Registers + OffsetRegisters) <= 4 * PerThread;
    S.CleanLoads = S.CleanCols = int64_t(S.Levels.size()) <= MaxCleanLevels;
    S.WholeClean = !S.CleanLoads;
    S.ColsFlags = S.CleanLoads;
    // The rows each window and ring rotates through: unrolled by a common
    // multiple of them, the step loop names every row's register and slot.
    uint64_t Unroll = 1, Widest = 1;
    for (const TimeStreamVersion &V : S.Versions)
      for (int64_t Rows : {V.Window, V.Ring})
        if (Rows > 1) {
          Unroll = std::lcm(Unroll, uint64_t(Rows));
          Widest = std::max(Widest, uint64_t(Rows));
        }
    S.Unroll = int64_t(Unroll <= MaxStreamUnroll ? Unroll : Widest);
    P.Stream = std::move(S);
    return Registers <= MaxStreamRegisters;
  }

  /// Bytes of shared memory sweep SW moves per cell: its accesses of chunk
  /// arrays, those a batch of rows shares counted once per batch.
  double sweepSharedBytes(const TimeTilePlan &P, const TimeTileSweep &SW) const {
    std::map<std::pair<unsigned, std::vector<int64_t>>, std::set<int64_t>> Rows; // (array, offset but row): rows
    double Writes = 0;
    for (unsigned SI : SW.Stmts)
      for (unsigned AI : N.Statements[SI].Accesses) {
        auto Off = P.Offsets.find(AI);
        if (Off == P.Offsets.end())
          continue;
        const Access &A = N.Accesses[AI];
        double Bytes = elementBytes(N.Arrays[A.Index].ElementType);
        if (A.IsWrite) {
          Writes += Bytes;
          continue;
        }
        std::vector<int64_t> Rest(Off->second.begin() + 1, Off->second.end());
        for (int64_t K = 0; K < SW.RowBatch; ++K)
          Rows[{A.Index, Rest}].insert(Off->second[0] + K);
      }
    double Reads = 0;
    for (const auto &[Key, Set] : Rows)
      Reads += double(Set.size()) * elementBytes(N.Arrays[Key.first].ElementType);
    return Writes + Reads / SW.RowBatch;
  }

  struct Estimate {
    double Tiled = 0, Sweeps = 0; ///< seconds per output cell and iteration
    double Compute = 0;           ///< of Tiled, the streamed form's instructions
    int64_t BlocksPerSM = 0;
  };

  /// The model: one launch's traffic per output cell and iteration, device
  /// memory and shared memory each at the target's throughput (the slower
  /// bounds the launch), against the sweeps reading and writing each array
  /// they touch once per sweep at copy bandwidth.
  Estimate estimate(const TimeTilePlan &P) const {
    Estimate E;
    double TileCells = 1, Region = 1;
    for (unsigned D = 0; D < P.Rank; ++D) {
      TileCells *= P.Tile[D];
      Region *= P.extent(D);
    }
    double Global = 0, Shared = 0;
    for (size_t I = 0; I < P.Arrays.size(); ++I) {
      double Bytes = elementBytes(N.Arrays[P.Arrays[I]].ElementType);
      // (A dead-on-entry array's tile is stored by the last launch alone but
      // outside its first writer's domain; the model, fitted before, counts
      // its store: its picks stay the fastest measured, run 34.)
      Global += (P.DeadOnEntry[I] ? 0 : Region * Bytes) + TileCells * Bytes;
      Shared += (P.DeadOnEntry[I] ? 0 : Region * Bytes) + TileCells * Bytes;
    }
    // A sweep's region goes in passes of the block: along x a warp's idle
    // lanes cost as much as its busy ones (a region of 56 columns takes two
    // passes of 32), along dimension 0 a thread's batch of rows does.
    for (int64_t S = 0; S < P.Depth; ++S)
      for (size_t K = 0; K < P.Sweeps.size(); ++K) {
        double Cells = 1;
        for (unsigned D = 0; D < P.Rank; ++D) {
          int64_t Extent = P.Tile[D] + (P.Depth - 1 - S) * (P.StepLo[D] + P.StepHi[D]) + P.AfterLo[K][D] + P.AfterHi[K][D];
          int64_t Pass = D + 1 == P.Rank ? P.Block[D] : D == 0 ? P.Sweeps[K].RowBatch : 1;
          Cells *= double((Extent + Pass - 1) / Pass * Pass);
        }
        Shared += Cells * sweepSharedBytes(P, P.Sweeps[K]);
      }
    // Device memory and shared memory times add up (the sweeps' barriers
    // keep them from overlapping), divided by the square root of the
    // fraction of 1024 resident threads per SM the tiles allow. Fitted to
    // 25 variants of jacobi-1d, jacobi-2d and fdtd-2d on the H100
    // (bench/RESULTS.md run 31: within 15% on 21 of them); the passes along
    // x added in run 34, after which its picks are the fastest measured
    // (H200: jacobi-1d 15 x 2048 4.17 ms against run 31's pick 8 x 1024,
    // 4.71; fdtd-2d 7 x 32 x 48 13.73 ms against 6 x 32 x 32, 15.68, the
    // best of eight others 13.65; jacobi-2d's 4 x 32 x 48 unchanged). It
    // underestimates the measured speed-ups by about 1.3x, so the 1.25x it
    // asks for is a safe margin.
    double SharedBW = Target.SharedBytesPerCycle * Target.ClockHz * Target.SMs;
    E.BlocksPerSM = std::min(Target.SharedPerSM / (P.SharedBytes + Target.SharedReservedPerBlock),
                             Target.ThreadsPerSM / P.threads());
    double Occupancy = std::min(1.0, double(E.BlocksPerSM * P.threads()) / 1024);
    E.Tiled = (Global / Target.MemoryBytesPerSecond + Shared / SharedBW) / std::sqrt(std::max(Occupancy, 1e-6)) /
              (TileCells * P.Depth);
    E.Sweeps = sweepsAtCopy(P);
    return E;
  }

  /// Seconds per cell and iteration of the sweeps at copy bandwidth: each
  /// reads and writes every array it touches once.
  double sweepsAtCopy(const TimeTilePlan &P) const {
    double Seconds = 0;
    for (const TimeTileSweep &SW : P.Sweeps) {
      std::set<unsigned> Touched;
      for (unsigned SI : SW.Stmts)
        for (unsigned AI : N.Statements[SI].Accesses)
          if (N.Accesses[AI].isArray())
            Touched.insert(N.Accesses[AI].Index);
      for (unsigned X : Touched)
        Seconds += elementBytes(N.Arrays[X].ElementType) / Target.MemoryBytesPerSecond;
    }
    return Seconds;
  }

  /// The model of the streamed form. Every lane of a block evaluates every
  /// level at every step (no range checks), so the work per output cell and
  /// iteration is the block's lanes over its tile's cells, times the steps
  /// over the chunk's rows, times the levels of an iteration, at about
  /// 4 + 1 cycles per access of a level's statement per warp and SM (H200,
  /// bench/RESULTS.md run 36: jacobi-2d's 5 accesses, 8 to 11 cycles with 16
  /// to 40 warps per SM), slower where fewer than 28 warps per SM hide the
  /// latency of a step's chain of levels. Device memory (the plane with its
  /// halo loaded once per chunk, the tile stored) adds to it (run 36 call 3,
  /// jacobi-2d at depths 2 to 6: the sum orders them as measured, within
  /// 13%). Since the step loop is unrolled and has a copy without row checks
  /// (run 37) the 2-D kernels run 1.1-1.9x faster than it expects and the
  /// 3-D ones as it expects (22 variants, call 7); refitted constants did
  /// not order the variants better, so these stay: its picks are the
  /// fastest measured for jacobi-2d and heat-3d (untiled), 8% behind depth 5
  /// for fdtd-2d. The chunk is the host's choice at run time; the model
  /// counts ModelChunk rows.
  Estimate estimateStream(const TimeTilePlan &P) const {
    const TimeStreamPlan &S = *P.Stream;
    Estimate E;
    double Plane = 1, TilePlane = 1, Lanes = double((S.Threads * S.Columns + 31) / 32 * 32);
    for (unsigned D = 1; D < P.Rank; ++D) {
      Plane *= P.extent(D);
      TilePlane *= P.Tile[D];
    }
    double Global = 0, Cycles = 0;
    for (const TimeStreamVersion &V : S.Versions) {
      double Bytes = elementBytes(N.Arrays[P.Arrays[V.Array]].ElementType);
      if (V.Level < 0 && V.Window + V.Ring > 0 && !P.DeadOnEntry[V.Array])
        Global += double(P.Tile[0] + P.HaloLo[0] + P.HaloHi[0]) * Plane * Bytes;
      // A dead-on-entry array's final value is stored by the loop's last
      // launch alone (but outside its first writer's domain).
      if (V.Final && !P.DeadOnEntry[V.Array])
        Global += double(P.Tile[0]) * TilePlane * Bytes;
    }
    for (const TimeTileSweep &SW : P.Sweeps)
      Cycles += 4.0 + double(N.Statements[SW.Stmts[0]].Accesses.size());
    E.BlocksPerSM = S.MinBlocks;
    double Warps = double(E.BlocksPerSM * S.Threads) / 32;
    double Cells = double(P.Tile[0]) * TilePlane * P.Depth;
    double Compute = Cycles * P.Depth * double(P.Tile[0] + S.Extra) * Lanes / 32 / (Target.SMs * Target.ClockHz) *
                     std::max(1.0, std::sqrt(28 / std::max(Warps, 1.0))) / Cells;
    double Memory = Global / Target.MemoryBytesPerSecond / Cells;
    E.Tiled = Compute + Memory;
    E.Compute = Compute;
    E.Sweeps = sweepsAtCopy(P);
    return E;
  }

  /// The model's streamed shape: the lowest estimate among a few planes
  /// (their halos inside) and depths whose blocks fit an SM.
  std::optional<Estimate> chooseStream(TimeTilePlan &P, int64_t FixedDepth = 0) const {
    if (!streamable(P))
      return std::nullopt;
    std::vector<std::pair<std::vector<int64_t>, int64_t>> Planes; // plane extents, threads
    if (P.Rank == 2) // one block of 512 lanes per SM ran slower (run 36: jacobi-2d 12.0 ms against 7.8)
      Planes = {{{64}, 64}, {{128}, 128}, {{256}, 256}};
    else
      Planes = {{{16, 32}, 512}, {{32, 32}, 1024}, {{32, 32}, 512}, {{40, 40}, 1024}, {{24, 48}, 576}};
    std::optional<Estimate> Best;
    TimeTilePlan Pick;
    for (int64_t Depth = FixedDepth ? FixedDepth : 1; Depth <= (FixedDepth ? FixedDepth : MaxDepth); ++Depth) {
      if (Depth * int64_t(P.Sweeps.size()) > MaxStreamLevels)
        break;
      for (const auto &[Extents, Threads] : Planes) {
        // The chunk is the host's choice at run time (TimeStreamPlan::
        // Chunks); the model counts one of ModelChunk rows.
        std::vector<int64_t> Tile = {ModelChunk};
        for (unsigned D = 1; D < P.Rank; ++D)
          Tile.push_back(Extents[D - 1] - Depth * (P.StepLo[D] + P.StepHi[D]));
        if (llvm::any_of(Tile, [](int64_t T) { return T < 8; }))
          continue;
        TimeTilePlan Try = P;
        if (!shapeStream(Try, Depth, Tile, Threads))
          continue;
        Estimate E = estimateStream(Try);
        if (E.BlocksPerSM < 1)
          continue;
        if (!Best || E.Tiled < Best->Tiled * 0.98) {
          Best = E;
          Pick = std::move(Try);
        }
      }
    }
    if (Best) {
      P = std::move(Pick);
      P.Stream->Chunks = {32, 48, 64, 96, 128, 192, 256};
    }
    return Best;
  }

  static std::string fmt(double V) { return llvm::formatv("{0:F2}", V).str(); }

  /// The fraction of copy bandwidth one sweep per launch reaches (H200,
  /// bench/RESULTS.md run 41: PolyBench's heat-3d 0.76, jacobi-2d 0.84,
  /// jacobi-1d 0.95; the 7-point stencil of the suite 0.79-0.81): the time
  /// tile must beat that, not copy bandwidth.
  static double untiledEfficiency(unsigned Rank) { return Rank >= 3 ? 0.76 : Rank == 2 ? 0.84 : 0.95; }

  /// The model's depth and tile: the lowest estimate among a few tile
  /// shapes (widths of 48 and 64 along x fill the block's 32 lanes well once
  /// the halo is added) and depths 1 to MaxDepth that leave room for two
  /// blocks per SM.
  std::optional<Estimate> choose(TimeTilePlan &P, int64_t FixedDepth = 0) const {
    std::vector<std::vector<int64_t>> Tiles;
    if (P.Rank == 1)
      Tiles = {{1024}, {2048}, {4096}};
    else if (P.Rank == 2)
      Tiles = {{16, 48}, {32, 32}, {32, 48}, {32, 64}, {48, 48}, {64, 64}};
    else
      Tiles = {{4, 8, 32}, {8, 8, 32}, {8, 16, 32}};
    std::optional<Estimate> Best;
    TimeTilePlan Pick;
    for (const std::vector<int64_t> &T : Tiles)
      for (int64_t Depth = FixedDepth ? FixedDepth : 1; Depth <= (FixedDepth ? FixedDepth : MaxDepth); ++Depth) {
        TimeTilePlan Try = P;
        shape(Try, Depth, T);
        Estimate E = estimate(Try);
        if (E.BlocksPerSM < 2)
          continue;
        if (!Best || E.Tiled < Best->Tiled * 0.98) {
          Best = E;
          Pick = std::move(Try);
        }
      }
    if (Best)
      P = std::move(Pick);
    return Best;
  }

  /// shapeStream for a tile asked for: a thread per cell of the plane, up
  /// to 1024 (then several columns per thread).
  bool shapeStreamTile(TimeTilePlan &P, int64_t Depth, const std::vector<int64_t> &Tile) const {
    int64_t Plane = 1;
    for (unsigned D = 1; D < P.Rank; ++D)
      Plane *= Tile[D] + Depth * (P.StepLo[D] + P.StepHi[D]);
    return shapeStream(P, Depth, Tile, std::min<int64_t>(1024, (Plane + 31) / 32 * 32));
  }

  /// Whether the streamed form is expected faster at depth Depth, with the
  /// tile asked for (Tile) in both forms or else each model's own.
  bool streamWins(const TimeTilePlan &P, int64_t Depth, const std::vector<int64_t> &Tile) const {
    TimeTilePlan A = P, B = P;
    std::optional<Estimate> EA, EB;
    if (Tile.size() == P.Rank) {
      shape(A, Depth, Tile);
      EA = estimate(A);
      if (shapeStreamTile(B, Depth, Tile) && B.SharedBytes + Target.SharedReservedPerBlock <= Target.SharedPerSM)
        EB = estimateStream(B);
    } else {
      EA = choose(A, Depth);
      EB = chooseStream(B, Depth);
    }
    return EB && (!EA || EB->Tiled < EA->Tiled);
  }

  /// The tile -time-tile=N,T... asks for (or the model's for depth N) in
  /// the form asked for; false after an error.
  bool forcedShape(TimeTilePlan &P, const Loop &L, const std::string &Where, bool Streamed, std::optional<Estimate> &E) {
    std::vector<int64_t> Tile = Opts.TimeTileSize;
    if (Tile.empty()) { // the model's tile for this depth, else its smallest
      TimeTilePlan Model = P;
      std::optional<Estimate> M = Streamed ? chooseStream(Model, Opts.TimeTile) : choose(Model, Opts.TimeTile);
      if (M) {
        P = std::move(Model);
        E = M;
        return true;
      }
      Tile = P.Rank == 1 ? std::vector<int64_t>{256} : P.Rank == 2 ? std::vector<int64_t>{16, 32} : std::vector<int64_t>{2, 4, 32};
    }
    if (Tile.size() != P.Rank || llvm::any_of(Tile, [](int64_t T) { return T < 1; })) {
      Diags.error(L.Loc, "-time-tile: " + Where + " needs " + std::to_string(P.Rank) + " positive tile sizes");
      return false;
    }
    if (Streamed) {
      if (!shapeStreamTile(P, Opts.TimeTile, Tile)) {
        Diags.error(L.Loc, "-time-tile: the streamed tiles of " + Where + " need more registers than a thread has");
        return false;
      }
      E = estimateStream(P);
    } else {
      shape(P, Opts.TimeTile, Tile);
      E = estimate(P);
    }
    if (P.SharedBytes + Target.SharedReservedPerBlock > Target.SharedPerSM) {
      Diags.error(L.Loc, "-time-tile: the tiles of " + Where + " need " + std::to_string(P.SharedBytes) +
                             " bytes of shared memory, more than an SM has");
      return false;
    }
    return true;
  }

  void plan(HostStep &S) {
    const Loop &L = N.Loops[S.Src->Id];
    std::string Where = "loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) + ")";
    if (Opts.TimeTile == 0)
      return;
    TimeTilePlan P;
    if (std::string Why = problem(S, P); !Why.empty()) {
      if (Opts.TimeTile > 0)
        Plan.Remarks.push_back(Where + " is not time-tiled: " + Why);
      return;
    }
    using Form = CodeGenOptions::TimeTileForm;
    bool MayStream = Opts.TimeForm != Form::Overlapped && streamable(P);
    if (Opts.TimeForm == Form::Streamed && !MayStream)
      Plan.Remarks.push_back(Where + " is not streamed: the streamed form needs two or three dimensions and one "
                                     "statement per sweep");
    std::optional<Estimate> E;
    if (Opts.TimeTile > 0) {
      bool Streamed = MayStream && (Opts.TimeForm == Form::Streamed || streamWins(P, Opts.TimeTile, Opts.TimeTileSize));
      if (!forcedShape(P, L, Where, Streamed, E)) {
        Failed = true;
        return;
      }
    } else {
      TimeTilePlan A = P, B = P;
      std::optional<Estimate> EA = Opts.TimeForm == Form::Streamed && MayStream ? std::nullopt : choose(A);
      std::optional<Estimate> EB = MayStream ? chooseStream(B) : std::nullopt;
      bool Streamed = EB && (!EA || EB->Tiled < EA->Tiled);
      E = Streamed ? EB : EA;
      P = Streamed ? std::move(B) : std::move(A);
      if (!E) {
        Plan.Remarks.push_back(Where + " is not time-tiled: no tile fits an SM");
        return;
      }
      double Untiled = E->Sweeps / untiledEfficiency(P.Rank);
      if (Untiled < 1.25 * E->Tiled) {
        Plan.Remarks.push_back(Where + " is not time-tiled: the model expects " + fmt(E->Sweeps / E->Tiled) +
                               "x the speed of the sweeps at copy bandwidth at best (depth " + std::to_string(P.Depth) +
                               "), " + fmt(Untiled / E->Tiled) + "x that of the sweeps as they run (" +
                               fmt(untiledEfficiency(P.Rank)) + "x), below the 1.25x it asks for");
        return;
      }
    }
    P.Name = N.symbolPrefix() + "_time_" + L.Iterator;
    for (const HostStep *O : Named)
      if (O->TimeTiled->Name == P.Name)
        P.Name += "_line" + std::to_string(L.Loc.Line);
    // The streamed form's blocks (of its smallest chunk) need fill only half
    // the GPU's places: the host picks the chunk that fills its waves best.
    P.MinBlocks = Target.SMs * std::max<int64_t>(1, P.Stream ? E->BlocksPerSM / 2 : E->BlocksPerSM);
    std::string Tile;
    for (size_t D = P.Stream ? 1 : 0; D < P.Tile.size(); ++D)
      Tile += (Tile.empty() ? "" : " x ") + std::to_string(P.Tile[D]);
    P.Why = P.Stream ? "streamed: chunks of " + std::to_string(P.Tile[0]) + " rows, plane tiles of " + Tile +
                           " cells, " + std::to_string(P.Stream->Threads) + " threads, " +
                           std::to_string(P.Stream->Columns) + (P.Stream->Columns == 1 ? " column" : " columns") +
                           " each"
                     : "tiles of " + Tile + " cells";
    P.Why += ", " + std::to_string(P.Depth) + " iterations per launch, " + std::to_string(P.SharedBytes) +
             " bytes of shared memory per block; the model expects " + fmt(E->Sweeps / E->Tiled) +
             "x the sweeps at copy bandwidth";
    if (P.Stream)
      P.Why += " (the levels' instructions " + std::to_string(int64_t(std::lround(100 * E->Compute / E->Tiled))) +
               "% of its time)";
    Plan.Remarks.push_back(Where + " is time-tiled (" + P.Name + "): " + P.Why +
                           "; used where a launch has at least " + std::to_string(P.MinBlocks) + " blocks");
    S.TimeTiled = std::move(P);
    Named.push_back(&S);
  }

  const Nest &N;
  GPUPlan &Plan;
  const CodeGenOptions &Opts;
  DiagnosticSink &Diags;
  GPUTarget Target;
  bool Failed = false;
  std::map<const TimeTileSweep *, std::vector<AffExpr>> WritePos; ///< each sweep's write subscripts
  /// Rows per batch where a sweep allows it (TimeTileSweep::RowBatch): 4
  /// (H100, bench/RESULTS.md run 31: jacobi-2d's 32 x 48 tiles at depth 4
  /// 12.35 ms with 1 row, 12.07 with 2, 9.73 with 4, 10.99 with 8).
  static constexpr int64_t RowBatch = 4;
  static constexpr int64_t MaxDepth = 16; ///< iterations per launch the model considers
  /// The streamed form: levels per launch at most (each is printed), the
  /// registers its windows may take per thread, and the registers counted
  /// beside them (addresses, indices).
  static constexpr int64_t MaxStreamLevels = 24;
  static constexpr int64_t MaxStreamRegisters = 160;
  static constexpr int64_t StreamRegisterOverhead = 20;
  /// Steps the step loop is unrolled by at most (TimeStreamPlan::Unroll;
  /// beyond it, by the widest window or ring).
  static constexpr uint64_t MaxStreamUnroll = 12;
  static constexpr int64_t ModelChunk = 128;
  /// Levels per launch at most for TimeStreamPlan::CleanLoads and CleanCols.
  static constexpr int64_t MaxCleanLevels = 8;
  std::vector<const HostStep *> Named;
};

} // namespace

bool planTimeTiling(const Nest &N, GPUPlan &Plan, const CodeGenOptions &Opts, DiagnosticSink &Diags) {
  return TimeTilePlanner(N, Plan, Opts, Diags).run();
}

} // namespace loopgpu
