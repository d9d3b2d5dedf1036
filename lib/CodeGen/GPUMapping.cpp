//===- GPUMapping.cpp - The map pass: kernels, grid, host steps ----------===//
//
// The first pass of the GPU plan (KernelPasses.h): which nodes of the nest
// become which kernels (parallel, reduction, serial, CUB scan), their loops
// on the grid's dimensions with block sizes and coarsening, the planner's
// default shapes (register tiles, tensor-core tiles, stencil pencils) and
// the host steps around the launches, with run-time choices between
// kernels. Each kernel carries its MapRequest for the passes after this
// one; candidate shapes are compared on copies lowered by them
// (lowerKernel). transformForGPU chooses between the transformed nest and
// the nest as written by what this pass can map.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/CodeGen/GPUMapping.h"
#include "loopgpu/CodeGen/KernelPasses.h"
#include "loopgpu/IR/NestEdit.h"
#include "loopgpu/Transform/Pipeline.h"
#include "PlanSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace loopgpu {

/// sizeof the type on the device (LP64, as the host compilers here).
int64_t elementBytes(ScalarType T) {
  switch (T.K) {
  case ScalarType::Kind::Bool:
  case ScalarType::Kind::Char:
    return 1;
  case ScalarType::Kind::Short:
    return 2;
  case ScalarType::Kind::Int:
  case ScalarType::Kind::Float:
    return 4;
  case ScalarType::Kind::Long:
  case ScalarType::Kind::LongLong:
  case ScalarType::Kind::Double:
    return 8;
  case ScalarType::Kind::LongDouble:
    return 16;
  }
  return 8;
}

/// What the mapping does with M's loop, for the kernel's comments.
std::string mappedLoopNote(const Nest &N, const DependenceInfo &DI, const MappedLoop &M) {
  const Loop &L = N.Loops[M.Loop];
  std::string Note = "loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) + ", " +
                     spelling(DI.verdict(M.Loop).K) + ") -> " + std::string(1, M.Dim) + ": strip-mined by " +
                     std::to_string(M.BlockSize) + " threads per block";
  if (M.Coarsen > 1)
    Note += ", coarsened: " + std::to_string(M.Coarsen) + " iterations per thread " +
            (M.Vector > 1 ? "in runs of " + std::to_string(M.Vector) : "at stride " + std::to_string(M.Stride)) +
            " (tile " + std::to_string(M.tile()) + ")";
  return Note;
}

std::string vectorTypeName(ScalarType T, int64_t Lanes) {
  using K = ScalarType::Kind;
  const char *Base = T.K == K::Float ? "float" : T.K == K::Double ? "double" : T.K == K::Int ? "int"
                   : T.K == K::Long ? "long" : T.K == K::LongLong ? "longlong" : nullptr;
  if (!Base || (Lanes != 2 && Lanes != 4) || Lanes * elementBytes(T) > 16)
    return "";
  return (T.IsUnsigned ? "u" : "") + std::string(Base) + std::to_string(Lanes);
}

std::optional<std::pair<std::string, int64_t>> vector16(ScalarType T) {
  int64_t Lanes = 16 / elementBytes(T);
  std::string Name = vectorTypeName(T, Lanes);
  if (Name.empty())
    return std::nullopt;
  return std::make_pair(Name, Lanes);
}

namespace {

void collectHostLoops(const std::vector<HostStep> &Steps, std::set<unsigned> &Loops) {
  for (const HostStep &S : Steps) {
    if (S.K == HostStep::Kind::Loop)
      Loops.insert(S.Src->Id);
    collectHostLoops(S.Body, Loops);
    collectHostLoops(S.Else, Loops);
  }
}

/// The launcher allocates a temporary array at its start, or at the start
/// of the body of a sequential loop that stays on the host, once per
/// iteration. A temporary allocated per iteration of a loop that runs inside
/// a kernel, or of a parallel loop (one that stays on the host only because
/// its iterations cannot each have their own copy on the GPU), would need
/// storage per GPU thread, which the mapping does not provide. A reduction
/// loop on the host (its reductions not ones a kernel combines) runs
/// sequentially there: its temporaries are allocated per iteration. Returns, for
/// a temporary A of N that cannot be allocated under Plan, a description of
/// it that says why ("temporary array 'x' (...), allocated per iteration of
/// loop i ..."); empty otherwise.
/// *Preferable is set when the obstacle is only a parallel loop that stays
/// on the host (a preference for the nest as written, which maps that loop
/// to threads, not a limit: transformForGPU weighs it with splitHostScalar).
std::string unallocatableTemporary(const Nest &N, const DependenceInfo &DI, const GPUPlan &Plan, unsigned A,
                                   bool *Preferable = nullptr) {
  const ArrayInfo &Arr = N.Arrays[A];
  if (!Arr.isTemporary())
    return "";
  std::set<unsigned> HostLoops;
  collectHostLoops(Plan.Host, HostLoops);
  for (unsigned L : Arr.AllocLoops) {
    std::string Where;
    if (!HostLoops.count(L))
      Where = "which runs inside a GPU kernel";
    else if (DI.isParallelizable(L) && DI.verdict(L).K != LoopVerdict::Reduction)
      Where = std::string("which is ") + spelling(DI.verdict(L).K) +
              ": mapping it would need a copy per GPU thread";
    else
      continue;
    if (Preferable)
      *Preferable = HostLoops.count(L);
    return "temporary array '" + Arr.Name + "' (" + Arr.Origin + "), allocated per iteration of loop " +
           N.Loops[L].Iterator + " (line " + std::to_string(N.Loops[L].Loc.Line) + "), " + Where +
           " (the CUDA mapping allocates temporaries only at the start of the nest or in sequential loops "
           "that stay on the host)";
  }
  return "";
}

/// A scalar declared in the body of a loop that stays on the host lives in
/// the registers of the kernel that computes it: one that two kernels (or a
/// kernel and a CUB scan) use must have been expanded along the loop
/// (Pipeline's expandHostLoopScalars). Returns a description of the first
/// such scalar of N under Plan ("scalar 's' ..."), or "".
std::string splitHostScalar(const Nest &N, const GPUPlan &Plan) {
  std::set<unsigned> HostLoops;
  collectHostLoops(Plan.Host, HostLoops);
  std::map<unsigned, std::set<unsigned>> KernelsOf; // scalar -> kernels using it
  std::function<void(const Node &, unsigned)> Visit = [&](const Node &Nd, unsigned K) {
    if (Nd.K == Node::Kind::Stmt)
      for (unsigned A : N.Statements[Nd.Id].Accesses)
        if (const Access &X = N.Accesses[A]; X.isScalar())
          KernelsOf[X.Index].insert(K);
    for (const std::vector<NodePtr> *Body : {&Nd.Body, &Nd.Else})
      for (const NodePtr &C : *Body)
        Visit(*C, K);
  };
  for (unsigned K = 0; K < Plan.Kernels.size(); ++K)
    for (const Node *Nd : Plan.Kernels[K].Nodes)
      Visit(*Nd, K);
  for (const auto &[S, Kernels] : KernelsOf) {
    const ScalarInfo &Sc = N.Scalars[S];
    if (Kernels.size() > 1 && !Sc.DeclLoops.empty() && HostLoops.count(Sc.DeclLoops.back()))
      return "scalar '" + Sc.Name + "' is declared in loop " + N.Loops[Sc.DeclLoops.back()].Iterator + " (line " +
             std::to_string(N.Loops[Sc.DeclLoops.back()].Loc.Line) + "), which stays on the host, and used by " +
             std::to_string(Kernels.size()) + " of its kernels";
  }
  return "";
}

/// Warns about arrays a `shared(...)` clause names that no kernel stages.
void warnUnstagedSharedArrays(const Nest &N, const GPUPlan &Plan, const CodeGenOptions &Opts,
                               DiagnosticSink &Diags) {
  std::set<std::string> Staged;
  for (const KernelPlan &K : Plan.Kernels)
    for (const StagedArray &S : K.Staged)
      Staged.insert(N.Arrays[S.Array].Name);
  std::set<std::pair<unsigned, unsigned>> Said; // the nest's clauses are its outer loop's too
  auto Check = [&](const std::vector<Clause> &Cs) {
    for (const Clause &C : Cs)
      if (C.K == Clause::Kind::Shared && Said.insert({C.Loc.Line, C.Loc.Col}).second)
        for (const std::string &Name : C.Names)
          if (!Staged.count(Name))
            Diags.warning(C.Loc, "shared(" + Name + "): '" + Name +
                                     "' is not staged in shared memory: staging needs an array read, not "
                                     "written, along a sequential loop inside the mapped ones, with its "
                                     "elements reused across a block's threads" +
                                     (Opts.Stage ? "" : " (and -shared-staging=false turns staging off)"));
  };
  Check(N.Clauses);
  for (const Loop &L : N.Loops)
    Check(L.Clauses);
}

class Planner {
public:
  Planner(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, DiagnosticSink &Diags)
      : N(N), DI(DI), Opts(Opts), Diags(Diags) {}

  GPUPlan run() {
    std::vector<unsigned> HostLoops;
    Plan.Host = planNodes(N.Root, HostLoops);
    if (Failed)
      return {};
    if (N.VersionOf < 0) // a version's clauses are its nest's: said once
      warnUnappliedShapeClauses();
    return std::move(Plan);
  }

private:
  //===------------------------------------------------------------------===//
  // Questions about loops
  //===------------------------------------------------------------------===//

  /// Parallel, or parallel once scalars declared inside the nest are private
  /// to the threads (which declaring them inside the kernel does).
  /// `#pragma loopgpu sequential` on loop L: never mapped to threads.
  bool userSequential(unsigned L) const { return sequentialByClause(N, L); }

  bool isMappable(unsigned L) const { return !userSequential(L) && parallelPerThread(N, DI, L); }

  bool containsMappable(const Node &Nd) const {
    if (Nd.K == Node::Kind::Loop && (isMappable(Nd.Id) || isReductionKernelLoop(N, DI, Nd.Id) || scanKernel(Nd, {})))
      return true;
    for (const NodePtr &C : Nd.Body)
      if (containsMappable(*C))
        return true;
    for (const NodePtr &C : Nd.Else)
      if (containsMappable(*C))
        return true;
    return false;
  }

  bool usesAny(const AffExpr &E, const std::vector<unsigned> &Loops) const {
    for (unsigned L : Loops)
      if (E.uses(AffVar::iterator(L)))
        return true;
    return false;
  }

  //===------------------------------------------------------------------===//
  // Planning
  //===------------------------------------------------------------------===//

  std::vector<HostStep> planNodes(const std::vector<NodePtr> &Nodes, std::vector<unsigned> &HostLoops) {
    std::vector<HostStep> Steps;
    std::vector<const Node *> Serial; // consecutive nodes for a one-thread kernel
    auto FlushSerial = [&]() {
      if (Serial.empty())
        return;
      KernelPlan K;
      K.K = KernelPlan::Kind::Serial;
      K.Nodes = Serial;
      K.HostLoops = HostLoops;
      K.Notes.push_back("no parallel loop here: one thread runs this code so the data stays on the GPU");
      Steps.push_back(launch(std::move(K)));
      Serial.clear();
    };
    for (const NodePtr &P : Nodes) {
      const Node &Nd = *P;
      if (std::optional<KernelPlan> Scan = scanKernel(Nd, HostLoops)) {
        FlushSerial();
        Steps.push_back(launch(std::move(*Scan)));
      } else if (std::optional<KernelPlan> Strided = scanKernel(Nd, HostLoops, /*Strided=*/true);
                 Strided && Nd.K == Node::Kind::Loop && isMappable(Nd.Id)) {
        // A scan along columns: with many columns, a column per thread
        // (coalesced, one thread per column keeps the GPU busy); with few,
        // CUB's scan by key over the strided columns. H100, 2^26 floats
        // (bench/RESULTS.md run 21): 32 columns 4.4 ms against 212 ms, 1024
        // 2.0 against 7.4, 4096 1.7 against 1.9, 16384 1.8 against 0.57.
        FlushSerial();
        HostStep C;
        C.K = HostStep::Kind::Choose;
        C.ChoiceLoops = Strided->ScanSegments;
        C.Threshold = ColumnScanThreshold;
        C.Why = "a scan along columns: CUB's scan by key below " + std::to_string(ColumnScanThreshold) +
                " columns, a column per thread from there";
        C.Body.push_back(launch(std::move(*Strided)));
        KernelPlan Tiled = registerTiledByDefault(Nd, HostLoops);
        if (Alternative) // no choice inside this one: the kernel that runs at every size
          Tiled = std::move(Alternative->Small);
        Alternative.reset();
        C.Else.push_back(launch(std::move(Tiled)));
        const Loop &L = N.Loops[Strided->TheScan->Loop];
        Plan.Remarks.push_back("loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) + "): " + C.Why);
        Steps.push_back(std::move(C));
      } else if (Nd.K == Node::Kind::Loop && isMappable(Nd.Id)) {
        FlushSerial();
        KernelPlan K = registerTiledByDefault(Nd, HostLoops);
        std::optional<KernelChoice> Small = std::move(Alternative);
        Alternative.reset();
        if (!Small) {
          Steps.push_back(launch(std::move(K)));
          continue;
        }
        HostStep C;
        C.K = HostStep::Kind::Choose;
        C.Why = Small->Why;
        if (Small->ByExact) { // K where its exact version runs, Small elsewhere (named first)
          C.ByExact = true;
          C.Else.push_back(launch(std::move(Small->Small)));
          C.Body.push_back(launch(std::move(K)));
          Steps.push_back(std::move(C));
          continue;
        }
        // K from a size on, Small below it.
        for (const MappedLoop &M : K.Mapped)
          C.ChoiceLoops.push_back(M.Loop);
        C.Threshold = Small->Threshold;
        C.ThresholdEnv = Small->Env;
        C.Else.push_back(launch(std::move(K)));
        C.Body.push_back(launch(std::move(Small->Small)));
        Steps.push_back(std::move(C));
      } else if (Nd.K == Node::Kind::Loop && isReductionKernelLoop(N, DI, Nd.Id)) {
        FlushSerial();
        Steps.push_back(launch(reductionKernel(Nd, HostLoops)));
      } else if (Nd.K == Node::Kind::Loop && containsMappable(Nd)) {
        FlushSerial();
        const Loop &L = N.Loops[Nd.Id];
        Plan.Remarks.push_back("loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) +
                               ") stays sequential on the host: " + DI.verdict(Nd.Id).Reason);
        HostStep S;
        S.K = HostStep::Kind::Loop;
        S.Src = &Nd;
        HostLoops.push_back(Nd.Id);
        S.Body = planNodes(Nd.Body, HostLoops);
        HostLoops.pop_back();
        Steps.push_back(std::move(S));
      } else if (Nd.K == Node::Kind::If && Nd.IsAffine && containsMappable(Nd) &&
                 conditionOnHostValues(Nd, HostLoops)) {
        FlushSerial();
        HostStep S;
        S.K = HostStep::Kind::If;
        S.Src = &Nd;
        S.Body = planNodes(Nd.Body, HostLoops);
        S.Else = planNodes(Nd.Else, HostLoops);
        Steps.push_back(std::move(S));
      } else {
        if (Nd.K == Node::Kind::Loop) {
          const Loop &L = N.Loops[Nd.Id];
          Plan.Remarks.push_back("loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) +
                                 ") runs in one thread: " +
                                 (userSequential(Nd.Id)
                                      ? std::string("'#pragma loopgpu sequential' keeps it sequential")
                                      : std::string(spelling(DI.verdict(Nd.Id).K)) +
                                            (DI.verdict(Nd.Id).Reason.empty() ? "" : ": " + DI.verdict(Nd.Id).Reason)));
        }
        Serial.push_back(&Nd);
      }
    }
    FlushSerial();
    return Steps;
  }

  /// A scan kernel for Nd: a chain of perfectly nested parallel loops (the
  /// segments) around a loop with a scan whose body is the scan's statement
  /// alone, all bounds free of the chain's iterators (each segment has the
  /// same length). With segments, the scanned subscript is X's last, so
  /// that a segment is a contiguous row; or, with Strided, another one (a
  /// scan along columns, which planNodes runs this way only for few
  /// columns).
  /// Columns below which a scan along columns runs as CUB's scan.
  static constexpr int64_t ColumnScanThreshold = 8192;

  std::optional<KernelPlan> scanKernel(const Node &Nd, const std::vector<unsigned> &HostLoops,
                                       bool Strided = false) const {
    std::vector<unsigned> Chain;
    const Node *Cur = &Nd;
    while (Cur->K == Node::Kind::Loop && !DI.scan(Cur->Id)) {
      if (!isMappable(Cur->Id) || !DI.isParallel(Cur->Id) || Cur->Body.size() != 1)
        return std::nullopt;
      Chain.push_back(Cur->Id);
      Cur = Cur->Body[0].get();
    }
    if (Cur->K != Node::Kind::Loop || userSequential(Cur->Id))
      return std::nullopt;
    const Scan &Sc = *DI.scan(Cur->Id);
    if (Cur->Body.size() != 1 || Cur->Body[0]->K != Node::Kind::Stmt || Cur->Body[0]->Id != Sc.Stmt)
      return std::nullopt;
    const ArrayInfo &X = N.Arrays[Sc.Array];
    if (X.ElementType.K == ScalarType::Kind::Bool || X.ElementType.K == ScalarType::Kind::LongDouble)
      return std::nullopt;
    bool Contiguous = Chain.empty() || Sc.Dim + 1 == N.Accesses[Sc.Store].Subscripts.size();
    if (Contiguous == Strided)
      return std::nullopt;
    std::vector<unsigned> All = Chain;
    All.push_back(Cur->Id);
    for (unsigned L : All)
      if (usesAny(N.Loops[L].Lower, All) || usesAny(N.Loops[L].Upper, All))
        return std::nullopt;
    KernelPlan K;
    K.K = KernelPlan::Kind::Scan;
    K.Nodes = {&Nd};
    K.HostLoops = HostLoops;
    K.TheScan = Sc;
    K.ScanSegments = Chain;
    const Loop &L = N.Loops[Cur->Id];
    K.Notes.push_back("line " + std::to_string(L.Loc.Line) + ": loop " + L.Iterator + " is an " + Sc.describe(N) +
                      ": CUB's DeviceScan computes it in parallel" +
                      (Chain.empty() ? std::string() : ", one segment per iteration of the loops around it") +
                      (X.ElementType.isFloating() && (Sc.Op == "+" || Sc.Op == "*")
                           ? " (floating point reassociates, as in a reduction)"
                           : ""));
    return K;
  }

  bool conditionOnHostValues(const Node &Nd, const std::vector<unsigned> &HostLoops) const {
    bool OK = true;
    Nd.Cond.forEachVar([&](AffVar V) {
      if (V.isIterator() && std::find(HostLoops.begin(), HostLoops.end(), V.Index) == HostLoops.end())
        OK = false;
    });
    return OK;
  }

  HostStep launch(KernelPlan K) {
    if (K.K == KernelPlan::Kind::Parallel)
      for (const MappedLoop &M : K.Mapped)
        if (isAtomicScatterLoop(N, DI, M.Loop)) {
          for (const Reduction &R : DI.reductions(M.Loop))
            K.AtomicUpdates.insert(R.Statements.begin(), R.Statements.end());
          const Loop &L = N.Loops[M.Loop];
          Plan.Remarks.push_back("loop " + L.Iterator + " (line " + std::to_string(L.Loc.Line) +
                                 ") runs across threads: its reductions scatter into elements threads may share, "
                                 "each update an atomicAdd");
        }
    if (!K.AtomicUpdates.empty() && K.Mapped.size() == 1 && Opts.Coarsen.empty() &&
        !coarsenClause(K.Mapped[0].Loop) && !sharedBinCandidates(N, K).empty())
      for (MappedLoop &M : K.Mapped)
        if (M.Dim == 'x' && M.Coarsen == 1) {
          // Shared bins' default: a thread's 4 updates a block apart keep
          // more loads in flight (H200 run 39: a histogram of 2^26 bytes at
          // 37-41% of CUB's with one update per thread, 88-92% with 4). Not
          // with two mapped loops, whose x loop may be short (run 39 call 4:
          // 3 x 10^7 updates over x loops of 3 iterations, 1.55 ms against
          // 1.02 ms with one update per thread).
          M.Coarsen = KernelPlan::BinCoarsen;
          M.Stride = M.BlockSize;
          K.Notes.push_back("loop " + N.Loops[M.Loop].Iterator + ": " + std::to_string(KernelPlan::BinCoarsen) +
                            " updates per thread a block apart (shared bins)");
        }
    K.Name = N.symbolPrefix() + (K.K == KernelPlan::Kind::Scan ? "_scan" : "_kernel");
    if (KernelCount > 0)
      K.Name += std::to_string(KernelCount);
    ++KernelCount;
    HostStep S;
    S.K = HostStep::Kind::Launch;
    S.Kernel = Plan.Kernels.size();
    Plan.Kernels.push_back(std::move(K));
    return S;
  }

  /// Per-loop block sizes from the loop's tile clause, else the nest's, else -tile.
  std::vector<int64_t> requestedTiles(unsigned Outer) const {
    for (const Clause &C : N.Loops[Outer].Clauses)
      if (C.K == Clause::Kind::Tile)
        return C.Ints;
    for (const Clause &C : N.Clauses)
      if (C.K == Clause::Kind::Tile)
        return C.Ints;
    return Opts.Tile;
  }
  /// The planner's own tile and coarsening for the kernel being planned
  /// (registerTiledByDefault), where the user asks for none.
  std::vector<int64_t> DefaultTile, DefaultCoarsen;
  int64_t DefaultVector = 0; ///< with them: runs along x (0: none unless -vector)
  /// A kernel the host runs at run time instead of the planned one (a
  /// HostStep::Choose): Small, which runs at every size, where the product
  /// of the trip counts of the planned kernel's mapped loops is below
  /// Threshold (Env overrides it at run time), or with ByExact where the
  /// planned kernel's exact version does not run (HostStep::ByExact).
  struct KernelChoice {
    KernelPlan Small;
    int64_t Threshold = 0;
    std::string Env, Why;
    bool ByExact = false;
  };
  /// Set by pencilByDefault (the mapper's default kernel, for problems too
  /// small for the pencil) and by registerTiledByDefault (the default
  /// tensor-core tile, where the large one's exact version does not run).
  std::optional<KernelChoice> Alternative;
  /// Planning the tensor-core layout of a register tile (tensorCoreTile):
  /// no vector runs, no transposed tiles, rows padded for the fragments.
  bool MmaLayout = false;

  /// (how many accesses have Loop's iterator in their last subscript with
  /// coefficient +-1: consecutive threads then touch consecutive elements;
  /// how many have it in their last subscript only, with a coefficient of
  /// at most 8: a warp then touches a few neighbouring sectors, not one row
  /// each). The iterator of a loop that runs once (a wavefront's, j = w -
  /// 4*t - 2*i) counts as its value.
  std::pair<unsigned, unsigned> coalescingScore(unsigned Loop) const {
    std::pair<unsigned, unsigned> Score;
    auto Value = [&](const AffExpr &E) { return valueOf(N, E); };
    for (const Access &A : N.Accesses) {
      if (!A.isArray() || !A.IsAffine || A.Subscripts.empty())
        continue;
      std::optional<LinearForm> F = Value(A.Subscripts.back()).linear();
      if (!F)
        continue;
      int64_t C = F->coefficient(AffVar::iterator(Loop));
      if (C == 1 || C == -1)
        ++Score.first;
      bool Elsewhere = false;
      for (size_t D = 0; D + 1 < A.Subscripts.size(); ++D)
        Elsewhere |= Value(A.Subscripts[D]).uses(AffVar::iterator(Loop));
      if (C != 0 && C >= -8 && C <= 8 && !Elsewhere)
        ++Score.second;
    }
    return Score;
  }

  /// Without -tile, -coarsen or clauses, a kernel whose staged strip reads
  /// only shared tiles that each serve one of its two mapped loops (gemm,
  /// syrk: every value read from shared memory serves a row or a column of
  /// outputs) gets a register tile: 16 x 16 threads, 8 x 8 outputs each for
  /// 4-byte elements, 8 x 4 for 8-byte ones (H100, bench/RESULTS.md run 19:
  /// PolyBench gemm in double 4.3 TFLOP/s with one output per thread, 15.2
  /// with 8 x 4, 14.3 with 4 x 8, 13.7 with 4 x 4; SGEMM 85% of cuBLAS with
  /// 8 x 8).
  KernelPlan registerTiledByDefault(const Node &Root, const std::vector<unsigned> &HostLoops) {
    size_t Remarks = Plan.Remarks.size();
    KernelPlan K = parallelKernel(Root, HostLoops);
    if (Failed || !requestedTiles(Root.Id).empty() || !Opts.Coarsen.empty() || coarsenClause(Root.Id))
      return K;
    KernelPlan LK = lowered(K);
    if (!LK.StagedLoop)
      return pencilByDefault(Root, HostLoops, std::move(K), LK, Remarks);
    if (K.Mapped.size() != 2)
      return K;
    int64_t Elem = 0;
    std::set<unsigned> Served; // mapped loops some tile is indexed by
    for (const StagedArray &S : LK.Staged) {
      Elem = std::max(Elem, elementBytes(N.Arrays[S.Array].ElementType));
      for (unsigned L : S.DimLoops)
        if (L != *LK.StagedLoop && L != ~0u)
          Served.insert(L);
    }
    bool OnlyTiles = true;
    std::vector<unsigned> Under = statementsUnder(*findLoopNode(N, *LK.StagedLoop));
    for (unsigned St : Under)
      for (unsigned AId : N.Statements[St].Accesses) {
        const Access &A = N.Accesses[AId];
        OnlyTiles &= !A.isArray() || std::any_of(LK.Staged.begin(), LK.Staged.end(),
                                                 [&](const StagedArray &S) { return S.Array == A.Index; });
      }
    if (!OnlyTiles || Served.size() != 2 || Elem > 8)
      return K;
    DefaultTile = {16, 16};
    DefaultCoarsen = {8, Elem == 8 ? 4 : 8};
    size_t Mid = Plan.Remarks.size();
    KernelPlan R = parallelKernel(Root, HostLoops);
    DefaultTile.clear();
    DefaultCoarsen.clear();
    if (Failed || !lowered(R).StagedLoop)
      return K;
    // The first plan's remarks are not this kernel's.
    Plan.Remarks.erase(Plan.Remarks.begin() + Remarks, Plan.Remarks.begin() + Mid);
    R.Notes.insert(R.Notes.begin(), "register tile by default (16 x 16 threads, 8 x " + std::to_string(Elem == 8 ? 4 : 8) +
                                        " outputs each): every value a thread reads from the shared tiles serves a "
                                        "row or a column of its outputs (-tile and -coarsen choose otherwise)");
    if (Elem == 8) {
      size_t Before = Plan.Remarks.size();
      if (std::optional<KernelPlan> T = tensorCoreTile(Root, HostLoops, R, MmaPlan::Default)) {
        Plan.Remarks.erase(Plan.Remarks.begin() + Remarks, Plan.Remarks.begin() + Before);
        size_t Mid2 = Plan.Remarks.size();
        std::optional<KernelPlan> L;
        if (Opts.ExactTiles && gpuTarget(Opts.Arch).ExactBorderSplit)
          L = tensorCoreTile(Root, HostLoops, R, MmaPlan::Large);
        Plan.Remarks.resize(Mid2);
        if (!L)
          return *T;
        L->Mma->Pipelined = true;
        // MmaPlan's comment: the large tile where its exact version runs.
        T->Notes.insert(T->Notes.begin(), "the default tile, where the 128 x 64 tile's exact version does not run");
        L->Notes.insert(L->Notes.begin(), "the 128 x 64 tile, where its exact version runs (whole strips, aligned "
                                          "rows, every tile full or a wave of full tiles)");
        Alternative = KernelChoice{std::move(*T), 0, "",
                                    "the 128 x 64 tensor-core tile where its exact version runs, the 96 x 64 one "
                                    "elsewhere (its general kernel is slower)",
                                    /*ByExact=*/true};
        return std::move(*L);
      }
      Plan.Remarks.resize(Before);
    }
    return R;
  }

  /// Without -tile, -coarsen or clauses, a nest of three mapped loops
  /// outside host loops whose reads overlap along the outermost mapped loop
  /// besides x (a stencil's neighbouring planes) and that reads no array it
  /// writes gets the stencil pencil
  /// (PencilDepth and the other constants of GPUMapping.h) with vector runs
  /// along x (VectorRuns), launched where the problem fills the GPU
  /// (Alternative, pencilMinIterations); else K, the mapper's default.
  /// Not 2-D stencils: runs of 2 along x with 32 x 8 threads took PolyBench
  /// jacobi-2d from 10.0 to 9.0 ms but fdtd-2d from 15.9 to 18.0 (n = 2800,
  /// 2000 x 2600, 100 steps, kernels alone; bench/RESULTS.md run 29 D).
  KernelPlan pencilByDefault(const Node &Root, const std::vector<unsigned> &HostLoops, KernelPlan K,
                             const KernelPlan &LK, size_t Remarks) {
    // Not inside a host loop: the run-time choice between the pencil and
    // the default kernel (pencilMinIterations) would take away the loop's
    // device-loop runs (DeviceLoop.cpp); PolyBench heat-3d at EXTRALARGE
    // ran 0.142-0.145 s end to end with it, 0.132-0.138 s without
    // (bench/RESULTS.md run 29).
    if (K.Mapped.size() != 3 || LK.Transposed || !LK.Halo.empty() || !LK.LaneLoops.empty() || K.BlockCoarsen != 1 ||
        Opts.Vector == 1 || !HostLoops.empty())
      return K;
    unsigned X = 0;
    while (K.Mapped[X].Dim != 'x')
      ++X;
    unsigned C = X == 0 ? 1 : 0;
    if (!readsOverlapAlong(Root, K.Mapped[C].Loop) || readsWritten(Root))
      return K;
    DefaultTile.assign(3, PencilRows);
    DefaultTile[C] = 1;
    DefaultTile[X] = PencilThreadsX;
    DefaultCoarsen.assign(3, 1);
    DefaultCoarsen[C] = PencilDepth;
    DefaultCoarsen[X] = PencilVector;
    DefaultVector = PencilVector;
    size_t Mid = Plan.Remarks.size();
    KernelPlan P = parallelKernel(Root, HostLoops);
    DefaultTile.clear();
    DefaultCoarsen.clear();
    DefaultVector = 0;
    if (Failed || !lowered(P).XRuns) {
      Plan.Remarks.resize(Mid);
      return K;
    }
    Plan.Remarks.erase(Plan.Remarks.begin() + Remarks, Plan.Remarks.begin() + Mid);
    const Loop &L = N.Loops[K.Mapped[C].Loop];
    K.Notes.insert(K.Notes.begin(), "the default mapping, for problems too small for the stencil pencil's grid");
    GPUTarget T = gpuTarget(Opts.Arch);
    int64_t Threshold = pencilMinIterations(T);
    Alternative = KernelChoice{std::move(K), Threshold, "LOOPGPU_PENCIL_MIN_ITERATIONS",
                                "the stencil pencil from " + std::to_string(Threshold) +
                                    " iterations (its grid fills the " + std::to_string(T.SMs) + " SMs of " + T.Card +
                                    "), the default mapping below"};
    P.Notes.insert(P.Notes.begin(),
                   "stencil pencil by default (" + std::to_string(PencilThreadsX) + " x " +
                       std::to_string(PencilRows) + " threads, " + std::to_string(PencilDepth) +
                       " consecutive iterations of loop " + L.Iterator + " per thread, runs of " +
                       std::to_string(PencilVector) + " along x): reads overlap along loop " + L.Iterator +
                       ", so a thread's iterations share their loads (-tile and -coarsen choose otherwise)");
    return P;
  }

  /// Whether some array under Root is both read and written (`a[i] = a[i]
  /// - ...`): nvcc's vectorizer then left most of a run's accesses scalar,
  /// and the runs made PolyBench fdtd-2d's kernels slower (bench/RESULTS.md
  /// run 29 D), so the stencil pencil is for nests that only read what they
  /// do not write.
  bool readsWritten(const Node &Root) const {
    std::set<unsigned> Read, Written;
    for (unsigned St : statementsUnder(Root))
      for (unsigned AId : N.Statements[St].Accesses) {
        const Access &A = N.Accesses[AId];
        if (A.isArray())
          (A.IsWrite ? Written : Read).insert(A.Index);
      }
    return llvm::any_of(Written, [&](unsigned W) { return Read.count(W) > 0; });
  }

  /// Whether two reads of one array under Root differ only by a nonzero
  /// constant in one subscript that uses loop Loop's iterator (a stencil's
  /// a[i - 1][j] and a[i + 1][j] along i).
  bool readsOverlapAlong(const Node &Root, unsigned Loop) const {
    std::vector<const Access *> Reads;
    for (unsigned St : statementsUnder(Root))
      for (unsigned AId : N.Statements[St].Accesses) {
        const Access &A = N.Accesses[AId];
        if (A.isArray() && !A.IsWrite && A.IsAffine)
          Reads.push_back(&A);
      }
    for (size_t I = 0; I < Reads.size(); ++I)
      for (size_t J = I + 1; J < Reads.size(); ++J) {
        const Access &A = *Reads[I], &B = *Reads[J];
        if (A.Index != B.Index || A.Subscripts.size() != B.Subscripts.size())
          continue;
        unsigned Differ = 0;
        bool Along = false;
        for (size_t D = 0; D < A.Subscripts.size(); ++D) {
          if (A.Subscripts[D] == B.Subscripts[D])
            continue;
          AffExpr Diff = AffExpr::sub(A.Subscripts[D], B.Subscripts[D]);
          ++Differ;
          Along = Diff.isConstant() && A.Subscripts[D].uses(AffVar::iterator(Loop));
        }
        if (Differ == 1 && Along)
          return true;
      }
    return false;
  }

  /// The register tile R (doubles) on FP64 tensor cores (KernelPlan::Mma),
  /// where its strip is a product of a row and a column operand
  /// (matchTensorCoreProduct): 96 x 64 outputs (rows on y) dealt out in the
  /// instruction's accumulator layout, 24 x 8 threads of 4 x 8 outputs each,
  /// 6 warps of 32 x 32 (MmaPlan); tiles stored as the array's rows (no
  /// transposition: the fragments read them in place), padded so that the
  /// lanes' fragment loads hit distinct banks, and copied by cp.async
  /// MmaPlan::Stages strips ahead (KernelPlan::Stages). H100, PolyBench gemm
  /// at EXTRALARGE: run 25's 128 x 64 tile with register prefetch 26.7
  /// TFLOP/s, 53% of cuBLAS DGEMM (15.1 for the scalar register tile); run
  /// 28's experiments: this shape 75.7% (MmaPlan's comment).
  std::optional<KernelPlan> tensorCoreTile(const Node &Root, const std::vector<unsigned> &HostLoops,
                                           const KernelPlan &R, const MmaShape &Shape) {
    // Threads and outputs per thread along the rows (y) and the columns (x).
    const int64_t RowThreads = Shape.RowThreads, RowCopies = Shape.RowCopies, ColThreads = Shape.ColThreads,
                  ColCopies = Shape.ColCopies;
    DefaultTile.assign(R.Mapped.size(), 0);
    DefaultCoarsen.assign(R.Mapped.size(), 0);
    for (size_t P = 0; P < R.Mapped.size(); ++P) {
      bool Rows = R.Mapped[P].Dim == 'y';
      DefaultTile[P] = Rows ? RowThreads : ColThreads;
      DefaultCoarsen[P] = Rows ? RowCopies : ColCopies;
    }
    MmaLayout = true;
    KernelPlan T = parallelKernel(Root, HostLoops);
    MmaLayout = false;
    DefaultTile.clear();
    DefaultCoarsen.clear();
    std::string WhyNot;
    if (Failed)
      return std::nullopt;
    KernelPlan LT = lowered(T);
    std::optional<MmaPlan> P = matchTensorCoreProduct(N, LT, Opts, WhyNot);
    if (!P)
      return std::nullopt;
    T.Mma = *P;
    T.Notes.insert(T.Notes.begin(),
                   "register tile on FP64 tensor cores by default (mma.sync m16n8k" + std::to_string(MmaPlan::K) +
                       "; " + std::to_string(P->WarpsRow * P->WarpsCol) + " warps of " +
                       std::to_string(RowThreads * RowCopies / P->WarpsRow) + " x " +
                       std::to_string(ColThreads * ColCopies / P->WarpsCol) + " outputs, " +
                       std::to_string(RowThreads) + " x " + std::to_string(ColThreads) + " threads, " +
                       std::to_string(RowCopies) + " x " + std::to_string(ColCopies) +
                       " outputs each in the instruction's accumulator layout): "
                       "loop " + N.Loops[*LT.StagedLoop].Iterator + "'s statement adds a product of a row operand (" +
                       std::to_string(P->RowFactors.size()) + " factor" + (P->RowFactors.size() > 1 ? "s" : "") +
                       ") and a column operand (" + std::to_string(P->ColFactors.size()) + " factor" +
                       (P->ColFactors.size() > 1 ? "s" : "") +
                       "); the instruction sums the products in its own order, so results differ from the source's in the last "
                       "bits, as with FMA contraction (-tensor-cores=false: one FMA per term in order)");
    return T;
  }

  KernelPlan parallelKernel(const Node &Root, const std::vector<unsigned> &HostLoops) {
    KernelPlan K;
    K.K = KernelPlan::Kind::Parallel;
    K.Nodes = {&Root};
    K.HostLoops = HostLoops;
    // The band: Root and perfectly nested mappable loops with bounds that do
    // not depend on the band's iterators (a rectangular grid).
    std::vector<unsigned> Band = {Root.Id};
    const Node *Cur = &Root;
    while (Band.size() < 3 && Cur->Body.size() == 1 && Cur->Body[0]->K == Node::Kind::Loop) {
      const Node &Inner = *Cur->Body[0];
      const Loop &L = N.Loops[Inner.Id];
      if (!isMappable(Inner.Id) || usesAny(L.Lower, Band) || usesAny(L.Upper, Band))
        break;
      Band.push_back(Inner.Id);
      Cur = &Inner;
    }
    // x: the best coalescing score, ties to the innermost; then y, z inward-out.
    unsigned XPos = Band.size() - 1;
    for (unsigned P = 0; P < Band.size(); ++P)
      if (coalescingScore(Band[P]) > coalescingScore(Band[XPos]))
        XPos = P;
    std::vector<unsigned> Order; // band positions by dimension: x, y, z
    Order.push_back(XPos);
    for (int P = static_cast<int>(Band.size()) - 1; P >= 0; --P)
      if (static_cast<unsigned>(P) != XPos)
        Order.push_back(P);
    std::vector<int64_t> Tiles = requestedTiles(Root.Id);
    if (Tiles.empty())
      Tiles = DefaultTile;
    static const int64_t Defaults[3][3] = {{256, 0, 0}, {32, 8, 0}, {32, 4, 2}};
    // A 1-D grid whose threads run loops has about as many threads as the
    // nest has rows (adi's sweeps, nussinov's diagonals, doitgen's r: 250 to
    // a few thousand): blocks of 32 spread them over 8 times as many SMs as
    // blocks of 256 (H100: 132 SMs; adi at n = 2000 ran on 8 of them).
    bool RowsPerThread = Band.size() == 1 && Tiles.empty() && !loopsUnder(Root).empty();
    K.Mapped.resize(Band.size());
    for (unsigned D = 0; D < Order.size(); ++D) {
      unsigned Pos = Order[D];
      MappedLoop &M = K.Mapped[Pos];
      M.Loop = Band[Pos];
      M.Dim = "xyz"[D];
      M.BlockSize = !Tiles.empty() ? (Pos < Tiles.size() ? Tiles[Pos] : Tiles.back())
                    : RowsPerThread ? 32
                                    : Defaults[Band.size() - 1][D];
    }
    int64_t Threads = K.threadsPerBlock();
    if (Threads > 1024) {
      // Say how the sizes went to the loops: a size missing for a loop
      // repeats the last one (-tile 64 on a 2-D band is 64 x 64).
      std::vector<std::string> Sizes;
      for (const MappedLoop &M : K.Mapped)
        Sizes.push_back(std::to_string(M.BlockSize) + " (loop " + N.Loops[M.Loop].Iterator + ")");
      Diags.error(N.Loops[Root.Id].Loc,
                  "tile sizes " + llvm::join(Sizes, " x ") + " give " + std::to_string(Threads) +
                      " threads per block; a CUDA block has at most 1024 (use smaller -tile sizes" +
                      (Tiles.size() < K.Mapped.size() ? "; a loop without a size of its own takes the last one" : "") +
                      ")");
      Failed = true;
    }
    int64_t ZSize = 0;
    for (const MappedLoop &M : K.Mapped)
      if (M.Dim == 'z')
        ZSize = M.BlockSize;
    if (ZSize > 64) {
      Diags.error(N.Loops[Root.Id].Loc, "a block has at most 64 threads along z; the tile asks for " +
                                            std::to_string(ZSize));
      Failed = true;
    }
    applyCoarsening(K, Root.Id);
    for (const MappedLoop &M : K.Mapped) // the first notes, one per mapped loop (vector-runs rewrites x's)
      K.Notes.push_back(mappedLoopNote(N, DI, M));
    // What the kernel passes after this one (KernelPasses.h) need of it.
    KernelPlan::MapRequest &Q = K.Request;
    Q.Inner = Cur;
    Q.Lanes = Opts.LaneReductions && RowsPerThread && Opts.Coarsen.empty() && !coarsenClause(Root.Id) &&
              K.Mapped[0].Coarsen == 1 && K.BlockCoarsen == 1;
    Q.MmaLayout = MmaLayout;
    Q.CoarsenClause = coarsenClause(Root.Id) != nullptr;
    Q.ShapeRequested = !requestedTiles(Root.Id).empty() || !Opts.Coarsen.empty() || Q.CoarsenClause;
    Q.Vector = Opts.Vector ? Opts.Vector : DefaultVector;
    return K;
  }

  /// K as the kernel passes would leave it (lowerKernel), for the choices
  /// between mappings; their remarks are not kept (they come again when the
  /// chosen kernel is lowered for real).
  KernelPlan lowered(const KernelPlan &K) const { return lowerKernel(N, DI, Opts, K); }

  /// Warns about tile and coarsen clauses of loops that are not the
  /// outermost mapped loop of any kernel: the clauses shape the blocks of the
  /// kernel whose mapped loops start at their loop (requestedTiles,
  /// coarsenClause), so elsewhere they do nothing, which the user should know.
  void warnUnappliedShapeClauses() {
    auto SameClause = [](const Clause &A, const Clause &B) {
      return A.K == B.K && A.Loc.Line == B.Loc.Line && A.Loc.Col == B.Loc.Col;
    };
    std::set<std::pair<unsigned, unsigned>> Said; // copies of a loop share its clauses
    for (const Loop &L : N.Loops)
      for (const Clause &C : L.Clauses) {
        if ((C.K != Clause::Kind::Tile && C.K != Clause::Kind::Coarsen) || !Said.insert({C.Loc.Line, C.Loc.Col}).second)
          continue;
        bool Applied = false;
        const KernelPlan *MapsIt = nullptr;
        for (const KernelPlan &K : Plan.Kernels) {
          if (K.Mapped.empty())
            continue;
          for (const Clause &R : N.Loops[K.Mapped[0].Loop].Clauses)
            Applied |= SameClause(R, C);
          for (const MappedLoop &M : K.Mapped)
            for (const Clause &R : N.Loops[M.Loop].Clauses)
              if (SameClause(R, C) && !MapsIt)
                MapsIt = &K;
        }
        if (Applied)
          continue;
        std::string What = C.K == Clause::Kind::Tile ? "tile" : "coarsen";
        std::string Why = "loop " + L.Iterator + " does not run across GPU threads here";
        if (MapsIt) {
          const Loop &Outer = N.Loops[MapsIt->Mapped[0].Loop];
          Why = "the clause shapes a kernel's blocks on the outermost loop the kernel maps, here loop " +
                Outer.Iterator + " (line " + std::to_string(Outer.Loc.Line) + "): put it there, with a size for "
                "each of the " + std::to_string(MapsIt->Mapped.size()) + " mapped loops, outermost first";
        }
        Diags.warning(C.Loc, "the " + What + " clause of loop " + L.Iterator + " is not applied: " + Why);
      }
  }

  //===------------------------------------------------------------------===//
  // Thread and block coarsening
  //===------------------------------------------------------------------===//
  const Clause *coarsenClause(unsigned Outer) const {
    for (const Clause &C : N.Loops[Outer].Clauses)
      if (C.K == Clause::Kind::Coarsen)
        return &C;
    for (const Clause &C : N.Clauses)
      if (C.K == Clause::Kind::Coarsen)
        return &C;
    return nullptr;
  }

  void applyCoarsening(KernelPlan &K, unsigned Outer) {
    std::vector<int64_t> Factors = Opts.Coarsen.empty() ? DefaultCoarsen : Opts.Coarsen;
    int64_t Stride = 0;
    SourceLoc Where = N.Loops[Outer].Loc;
    if (const Clause *C = coarsenClause(Outer)) {
      Factors = C->Ints;
      Where = C->Loc;
      for (const auto &[Key, Val] : C->Named) {
        if (Key == "stride")
          Stride = Val;
        if (Key == "block")
          K.BlockCoarsen = Val;
      }
    }
    for (MappedLoop &M : K.Mapped)
      M.Stride = M.BlockSize;
    // Factors go to the mapped loops outermost first.
    for (size_t I = 0; I < Factors.size() && I < K.Mapped.size(); ++I) {
      MappedLoop &M = K.Mapped[I];
      M.Coarsen = Factors[I];
      if (Stride) {
        // Lecture: stride <= threads per block along the dimension (the
        // coarsened block's span divided by the factor); it must divide it.
        if (Stride > M.BlockSize || M.BlockSize % Stride != 0) {
          Diags.error(Where, "coarsening stride " + std::to_string(Stride) + " must divide the " +
                                 std::to_string(M.BlockSize) + " threads per block along " +
                                 std::string(1, M.Dim));
          Failed = true;
          return;
        }
        M.Stride = Stride;
      }
    }
    if (Factors.size() > K.Mapped.size()) {
      if (coarsenClause(Outer)) {
        Diags.error(Where, std::to_string(Factors.size()) + " coarsening factors for " +
                               std::to_string(K.Mapped.size()) + " mapped loop(s)");
        Failed = true;
      } else {
        Plan.Remarks.push_back("-coarsen gives " + std::to_string(Factors.size()) + " factors; this nest maps " +
                               std::to_string(K.Mapped.size()) + " loop(s): the extra ones are ignored");
      }
    }
    // Each of a thread's iterations keeps its values in registers of its own
    // (a thread has at most 255): past that, the arrays spill to local
    // memory, nvcc takes minutes and nothing runs faster.
    int64_t PerThread = 1;
    for (const MappedLoop &M : K.Mapped)
      PerThread *= M.Coarsen;
    if (PerThread > MaxIterationsPerThread) {
      Diags.error(Where, "coarsening gives " + std::to_string(PerThread) + " iterations per thread; at most " +
                             std::to_string(MaxIterationsPerThread) +
                             " (each keeps its values in registers of its own; use smaller -coarsen factors)");
      Failed = true;
    }
  }
  static constexpr int64_t MaxIterationsPerThread = 256;

  //===------------------------------------------------------------------===//
  // Reduction kernels
  //===------------------------------------------------------------------===//
  KernelPlan reductionKernel(const Node &Root, const std::vector<unsigned> &HostLoops) {
    KernelPlan K;
    K.K = KernelPlan::Kind::Reduction;
    K.Nodes = {&Root};
    K.HostLoops = HostLoops;
    K.Reductions = DI.reductions(Root.Id);
    MappedLoop M;
    M.Loop = Root.Id;
    M.Dim = 'x';
    std::vector<int64_t> Tiles = requestedTiles(Root.Id);
    M.BlockSize = Tiles.empty() ? 256 : Tiles[0];
    if (M.BlockSize % 32 != 0 || M.BlockSize > 1024) {
      Diags.error(N.Loops[Root.Id].Loc, "a reduction block must be a multiple of 32 threads, at most "
                                        "1024; the tile asks for " + std::to_string(M.BlockSize));
      Failed = true;
    }
    // Thread coarsening (-coarsen C): each thread keeps C independent
    // partials and loads C elements per round of the grid-stride loop. The
    // default is one chain, whose loop nvcc unrolls by 4: on the H100 it
    // reads 2^26 ints at 96% of copy bandwidth, C = 8 at 89% (bench/RESULTS.md
    // run 5).
    M.Coarsen = 1;
    const Clause *CC = coarsenClause(Root.Id);
    const std::vector<int64_t> &Factors = CC ? CC->Ints : Opts.Coarsen;
    if (!Factors.empty())
      M.Coarsen = Factors[0];
    if (Factors.size() > 1)
      Plan.Remarks.push_back("a reduction kernel maps one loop: coarsening factors after the first are "
                             "ignored");
    M.Stride = M.BlockSize;
    K.Mapped = {M};
    return K;
  }

  const Nest &N;
  const DependenceInfo &DI;
  const CodeGenOptions &Opts;
  DiagnosticSink &Diags;
  GPUPlan Plan;
  unsigned KernelCount = 0;
  bool Failed = false;
};

} // namespace

bool transformForGPU(Nest &N, DependenceInfo &Info, DiagnosticSink &Diags) {
  Nest C = cloneNest(N);
  PipelineOptions PO;
  PO.TileClauses = false; // the clause gives the block shape (planGPU)
  PO.GPU = true;
  DependenceInfo CI;
  if (!runPipeline(C, PO, Diags, CI))
    return false;
  // The mapping handles loops of the input (reordered, distributed copies),
  // scalars declared inside the nest, and temporary arrays the launcher can
  // allocate: those allocated at the nest start or in sequential loops that
  // stay on the host. Which loops stay there does not depend on the code generation
  // options; a plan that fails (a clause asks for an impossible block) tells
  // nothing, and its error comes again when the nest is planned for real.
  CollectingDiagnostics Trial;
  GPUPlan TrialPlan = Planner(C, CI, CodeGenOptions(), Trial).run();
  std::string Problem;
  bool Preferable = !Trial.hasErrors();
  for (unsigned A = 0; A < C.Arrays.size(); ++A) {
    if (!C.Arrays[A].isTemporary())
      continue;
    std::string Why;
    bool Pref = false;
    if (Trial.hasErrors())
      Why = "temporary array '" + C.Arrays[A].Name + "' (" + C.Arrays[A].Origin +
            "), and the transformed nest cannot be planned for the GPU";
    else
      Why = unallocatableTemporary(C, CI, TrialPlan, A, &Pref);
    if (!Why.empty() && Problem.empty())
      Problem = Why;
    Preferable &= Why.empty() || Pref;
  }
  // A temporary per iteration of a parallel loop that stays on the host
  // costs that loop's parallelism; the nest as written is mapped instead,
  // unless it cannot be (a scalar of a host loop's body used by two of its
  // kernels, which the transformed nest expands): then the transformed
  // nest, with that loop on the host, is the correct one.
  if (!Problem.empty() && Preferable) {
    CollectingDiagnostics AsWritten;
    DependenceInfo NI = analyzeDependences(N);
    GPUPlan Plan = Planner(N, NI, CodeGenOptions(), AsWritten).run();
    if (AsWritten.hasErrors() || !splitHostScalar(N, Plan).empty())
      Problem.clear();
  }
  if (Problem.empty()) {
    N = std::move(C);
    Info = std::move(CI);
    return true;
  }
  for (const AppliedTransform &T : C.Transforms)
    if (T.Requested)
      Diags.warning(T.Loc, "'" + T.Description + "' needs a " + Problem +
                               "; the nest is mapped as written (-emit=c shows the transformed nest)");
  Info = analyzeDependences(N);
  return true;
}

GPUPlan mapForGPU(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts, DiagnosticSink &Diags) {
  unsigned Errors = Diags.errorCount();
  // nvcc computes long double as double on the device, without a word.
  auto RefuseLongDouble = [&](ScalarType T, const std::string &Name, SourceLoc Loc) {
    if (T.K == ScalarType::Kind::LongDouble && N.VersionOf < 0)
      Diags.error(Loc, "'" + Name + "' is long double, which CUDA computes as double on the GPU: declare it "
                                    "double, or leave this loop nest to the CPU (no '#pragma loopgpu')");
  };
  for (const ArrayInfo &A : N.Arrays)
    RefuseLongDouble(A.ElementType, A.Name, A.Loc);
  for (const ScalarInfo &S : N.Scalars)
    RefuseLongDouble(S.Type, S.Name, S.Loc);
  if (Diags.errorCount() != Errors)
    return {};
  GPUPlan Plan = Planner(N, DI, Opts, Diags).run();
  if (Diags.errorCount() != Errors)
    return {};
  for (unsigned A = 0; A < N.Arrays.size(); ++A) {
    bool Pref = false;
    if (std::string Why = unallocatableTemporary(N, DI, Plan, A, &Pref); !Why.empty()) {
      // Per iteration of a parallel loop on the host: transformForGPU kept
      // this nest because the one as written cannot be mapped; the loop
      // runs sequentially there, and the launcher allocates per iteration.
      if (Pref)
        continue;
      Diags.error(N.Arrays[A].Loc, "cannot map the nest to the GPU: it needs a " + Why);
      return {};
    }
  }
  if (std::string Why = splitHostScalar(N, Plan); !Why.empty()) {
    // A safety net: the pipeline expands these; emitted code would not compile.
    Diags.error(N.Loc, "cannot map the nest to the GPU: " + Why + " (an internal limitation; please report it)");
    return {};
  }
  // Kernels take arrays that no other array of the nest may share memory
  // with __restrict__.
  Plan.NoAlias.assign(N.Arrays.size(), true);
  for (unsigned A = 0; A < N.Arrays.size(); ++A)
    for (unsigned B = 0; B < N.Arrays.size(); ++B)
      if (B != A && N.Arrays[B].AliasClass == N.Arrays[A].AliasClass)
        Plan.NoAlias[A] = false;
  return Plan;
}

GPUPlan planGPU(const Nest &N, const DependenceInfo &DI, const CodeGenOptions &Opts,
                DiagnosticSink &Diags) {
  unsigned Errors = Diags.errorCount();
  GPUPlan Plan = mapForGPU(N, DI, Opts, Diags);
  if (Diags.errorCount() != Errors || !runGPUPasses(N, DI, Opts, Plan, Diags))
    return {};
  if (N.VersionOf < 0) // a version's clauses are its nest's: said once
    warnUnstagedSharedArrays(N, Plan, Opts, Diags);
  return Plan;
}

std::vector<ScalarType> reductionPartTypes(const Nest &N, const Reduction &R) {
  if (!R.isArg())
    return {R.Memory.isScalar() ? N.Scalars[R.Memory.Index].Type : N.Arrays[R.Memory.Index].ElementType};
  ScalarType Iter = ScalarType::intType();
  Iter.K = ScalarType::Kind::LongLong;
  return {N.Scalars[R.Memory.Index].Type, N.Scalars[R.Index->Index].Type, Iter};
}

} // namespace loopgpu
