//===- Pipeline.cpp - Which transformations a nest gets --------------------===//
//
// Reads top to bottom (runPipeline at the end): requests, default choices,
// the -tile option, invariant loads. Every step asks the analysis of the
// current nest, and the analysis runs again after every change. Default
// choices are tried on a copy of the nest and kept only when the analysis
// of the result shows what they were for (a parallel loop, a better order).
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Transform/Pipeline.h"
#include "loopgpu/Transform/BoundingBox.h"
#include "loopgpu/Transform/CopyForWAR.h"
#include "loopgpu/Transform/Distribute.h"
#include "loopgpu/Transform/ElementForScalar.h"
#include "loopgpu/Transform/ExpandScalars.h"
#include "loopgpu/Transform/Interchange.h"
#include "loopgpu/Transform/LICM.h"
#include "loopgpu/Transform/PromoteElements.h"
#include "loopgpu/Transform/Privatize.h"
#include "loopgpu/Transform/Reschedule.h"
#include "loopgpu/Transform/Tile.h"
#include "loopgpu/Transform/Wavefront.h"
#include "Support.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace loopgpu {

namespace {

/// Swallows the diagnostics of trials.
class Discard : public DiagnosticSink {
protected:
  void report(Severity, SourceLoc, const std::string &) override {}
};

/// Keeps the first error's message of a trial.
class FirstError : public DiagnosticSink {
public:
  std::string Message;

protected:
  void report(Severity S, SourceLoc, const std::string &M) override {
    if (S == Severity::Error && Message.empty())
      Message = M;
  }
};

const Clause *clauseOf(const Loop &L, Clause::Kind K) {
  for (const Clause &C : L.Clauses)
    if (C.K == K)
      return &C;
  return nullptr;
}

class Pipeline {
public:
  Pipeline(Nest &N, const PipelineOptions &Opts, DiagnosticSink &Diags)
      : N(N), Opts(Opts), Diags(Diags) {
    reanalyze();
    // The loops that carry clauses, outermost first, before anything moves.
    for (const Loop &L : N.Loops)
      if (!L.Clauses.empty())
        ClauseLoops.push_back(L.Id);
    std::stable_sort(ClauseLoops.begin(), ClauseLoops.end(),
                     [&](unsigned A, unsigned B) { return N.Loops[A].Depth < N.Loops[B].Depth; });
  }

  DependenceInfo DI;
  bool Failed = false;

  //===------------------------------------------------------------------===//
  // Requests
  //===------------------------------------------------------------------===//

  /// `parallel` / `sequential` clauses are assertions the analysis checks.
  void checkClauses() {
    unsigned Before = Diags.errorCount();
    checkParallelClauses(N, DI, Diags);
    Failed |= Diags.errorCount() != Before;
  }

  void privateClauses() {
    for (unsigned L : ClauseLoops)
      for (const Clause &C : N.Loops[L].Clauses)
        if (C.K == Clause::Kind::Private)
          for (const std::string &Name : C.Names) {
            PrivatizeRequest R;
            R.Loop = L;
            R.Name = Name;
            R.Loc = C.Loc;
            apply([&] { return privatize(N, DI, R, Diags); });
          }
  }

  void distributeClauses() {
    for (unsigned L : ClauseLoops)
      if (const Clause *C = clauseOf(N.Loops[L], Clause::Kind::Distribute)) {
        DistributeRequest R;
        R.Loop = L;
        R.Loc = C->Loc;
        apply([&] { return distribute(N, DI, R, Diags); });
      }
  }

  void interchangeClauses() {
    for (unsigned L : ClauseLoops)
      if (const Clause *C = clauseOf(N.Loops[L], Clause::Kind::Interchange)) {
        // The names refer to the loops perfectly nested from the clause's loop.
        std::vector<unsigned> Chain = perfectChain(N, L);
        InterchangeRequest R;
        R.Loc = C->Loc;
        bool Ok = true;
        for (const std::string &Name : C->Names) {
          auto Named = [&](unsigned X) { return N.Loops[X].Iterator == Name; };
          auto It = std::find_if(Chain.begin(), Chain.end(), Named);
          if (It != Chain.end()) {
            R.Order.push_back(*It);
            continue;
          }
          // A loop deeper in the nest: interchange says what is in the way.
          std::vector<unsigned> Inside = loopsUnder(*findLoopNode(N, L));
          auto Deep = std::find_if(Inside.begin(), Inside.end(), Named);
          if (Deep != Inside.end() && Name != N.Loops[L].Iterator) {
            R.Order.push_back(*Deep);
            continue;
          }
          Diags.error(C->Loc, "interchange: no loop '" + Name + "' in loop " + loopLabel(N, L) +
                                  " (the loops it may name: " + names(Chain) + ")");
          Ok = false;
          break;
        }
        if (Ok)
          apply([&] { return interchange(N, DI, R, Diags); });
        else
          Failed = true;
      }
  }

  void tileClauses() {
    for (unsigned L : ClauseLoops)
      if (const Clause *C = clauseOf(N.Loops[L], Clause::Kind::Tile)) {
        TileRequest R;
        R.Loop = L;
        R.Sizes = C->Ints;
        R.Loc = C->Loc;
        R.Spelling = "tile(" + sizesText(C->Ints, ", ") + ")";
        apply([&] { return tile(N, DI, R, Diags); });
      }
  }

  bool hasStructuralClauses() const {
    for (const Loop &L : N.Loops)
      for (const Clause &C : L.Clauses)
        if ((C.K == Clause::Kind::Tile && Opts.TileClauses) || C.K == Clause::Kind::Interchange ||
            C.K == Clause::Kind::Distribute)
          return true;
    return false;
  }

  //===------------------------------------------------------------------===//
  // Default choices
  //===------------------------------------------------------------------===//

  /// Lecture: statements in a dependence cycle stay in one sequential loop,
  /// the others go to loops of their own, which are parallel. Distribute a
  /// sequential loop when one of the resulting loops is parallel. Only loops
  /// outside every parallel loop: under one, the loop runs inside a GPU
  /// thread, where splitting it gains nothing and costs a temporary array.
  /// Whether the GPU runs loop L's iterations across threads: a parallel
  /// loop, or a reduction into scalars only (a reduction kernel). A
  /// reduction into array elements across L (`y[j] += A[i][j] * t[i]` over
  /// i) keeps L on the host, one launch per iteration.
  /// Loop L computes a scan (DependenceInfo::scan) of its only statement,
  /// directly in it: code generation may run it as a parallel scan, so the
  /// loop is left in place as if it ran across threads.
  bool innermostScan(unsigned L) const {
    const std::optional<Scan> &Sc = DI.scan(L);
    return Sc && !userSequential(L) && N.Statements[Sc->Stmt].Loops.back() == L;
  }

  static bool acrossThreads(const DependenceInfo &Info, unsigned L) {
    const LoopVerdict &V = Info.verdict(L);
    if (V.K != LoopVerdict::Reduction)
      return V.K != LoopVerdict::Sequential;
    const std::vector<Reduction> &Rs = Info.reductions(L);
    return std::all_of(Rs.begin(), Rs.end(), [](const Reduction &R) { return R.Memory.isScalar(); });
  }

  /// Default distributions: repeatedly, the first outermost loop (walking
  /// down to loops that run across threads) that Candidate accepts is
  /// distributed in a copy of the nest, which is adopted if Keep accepts it.
  /// Keep sees the copy, its analysis and the loops that are the
  /// distributed loop or its copies.
  void distributeWhere(const std::function<bool(unsigned)> &Candidate,
                       const std::function<bool(const Nest &, const DependenceInfo &,
                                                const std::vector<unsigned> &)> &Keep) {
    std::set<unsigned> Tried;
    for (unsigned Round = 0; Round < 4 * N.Loops.size() + 4; ++Round) {
      std::optional<unsigned> Next;
      walkOutermost([&](unsigned L) {
        if (!Next && !Tried.count(L) && DI.distribution(L).size() > 1 && !userSequential(L) && Candidate(L))
          Next = L;
        return acrossThreads(DI, L) && !userSequential(L);
      });
      if (!Next)
        return;
      Tried.insert(*Next);
      Nest C = cloneNest(N);
      Discard Quiet;
      DistributeRequest R;
      R.Loop = *Next;
      R.Requested = false;
      if (!distribute(C, DI, R, Quiet))
        continue;
      DependenceInfo CDI = analyzeDependences(C, Opts.Analysis);
      std::vector<unsigned> Parts;
      for (const Loop &X : C.Loops)
        if ((X.Id == *Next || (X.Origin.K == LoopOrigin::Kind::Copy && X.Origin.From == (int)*Next)) &&
            findLoopNode(C, X.Id))
          Parts.push_back(X.Id);
      if (Keep(C, CDI, Parts))
        adopt(std::move(C), std::move(CDI));
    }
  }

  /// Distributes the outermost loops that would not run across threads
  /// (sequential ones, reductions into arrays) when a part of them would.
  void distributeSequentialLoops() {
    distributeWhere([&](unsigned L) { return !acrossThreads(DI, L); },
                    [](const Nest &, const DependenceInfo &CDI, const std::vector<unsigned> &Parts) {
                      return std::any_of(Parts.begin(), Parts.end(),
                                         [&](unsigned X) { return acrossThreads(CDI, X); });
                    });
  }

  /// Distributes an outermost loop that runs across threads when its body
  /// holds several statements or loops and a part of it gets a perfect nest
  /// of two parallel loops or more, none losing its parallelism: gemm's
  /// `C[i][j] *= beta` beside the k loop under i made one kernel over rows
  /// (one row per thread, uncoalesced); distributed, both parts map (i, j)
  /// to a 2-D grid. Not when scalars would be expanded into arrays (a
  /// temporary per iteration costs more memory traffic than the band gains).
  void distributeForDeeperBands() {
    // Parallel loops of L's perfect chain with bounds free of the chain's
    // iterators (the GPU maps a rectangular band), or, for the GPU, a second
    // loop that can run over its bounding box (BoundingBox.h).
    auto ParallelInChain = [this](const Nest &C, const DependenceInfo &I, unsigned L) {
      std::vector<unsigned> Chain = perfectChain(C, L);
      unsigned Count = 0;
      for (size_t K = 0; K < Chain.size(); ++K) {
        unsigned X = Chain[K];
        bool Rectangular = true;
        for (unsigned Y : Chain)
          Rectangular &= !C.Loops[X].Lower.uses(AffVar::iterator(Y)) && !C.Loops[X].Upper.uses(AffVar::iterator(Y));
        Rectangular |= Opts.GPU && K == 1 && canBoxLoop(C, Chain[0], X);
        Count += Rectangular && parallelPerThread(C, I, X);
      }
      return Count;
    };
    distributeWhere(
        [&](unsigned L) { return acrossThreads(DI, L) && perfectChain(N, L).size() == 1; },
        [&](const Nest &C, const DependenceInfo &CDI, const std::vector<unsigned> &Parts) {
          return C.Arrays.size() == N.Arrays.size() &&
                 std::all_of(Parts.begin(), Parts.end(), [&](unsigned X) { return acrossThreads(CDI, X); }) &&
                 std::any_of(Parts.begin(), Parts.end(),
                             [&](unsigned X) { return ParallelInChain(C, CDI, X) >= 2; });
        });
  }

  /// For the GPU: an outermost mapped loop whose only child is a mapped
  /// loop with bounds that follow it (a triangle) gets that loop over its
  /// bounding box, guarded (BoundingBox.h), so that both map to the grid.
  void boxTriangularBands() {
    std::vector<std::pair<unsigned, unsigned>> Pairs;
    walkOutermost([&](unsigned L) {
      if (!mappedToThreads(L))
        return false;
      std::vector<unsigned> Chain = perfectChain(N, L);
      if (Chain.size() >= 2 && mappedToThreads(Chain[1]) && canBoxLoop(N, L, Chain[1]))
        Pairs.push_back({L, Chain[1]});
      return true;
    });
    for (auto [Outer, Inner] : Pairs)
      boxLoop(N, Outer, Inner);
    if (!Pairs.empty())
      reanalyze();
  }

  /// Interchange: parallel loops outward (the GPU maps the outermost ones),
  /// then the loop that indexes the fastest-varying subscript innermost.
  void permuteBands() {
    std::vector<std::vector<unsigned>> Bands;
    collectBands(N.Root, false, Bands);
    for (const std::vector<unsigned> &Band : Bands) {
      if (Band.size() < 2)
        continue;
      std::vector<std::vector<unsigned>> Orders = DI.legalPermutations(Band);
      if (Orders.size() < 2 || Orders.size() > 24)
        continue;
      auto Best = score(N, DI, Band);
      std::optional<Nest> BestNest;
      DependenceInfo BestDI;
      // Whether a loop of the band is parallel depends on which loops of
      // the band are outside it, not on their order (the dependences it
      // carries are those equal along them): known from an analysis of any
      // order with that prefix, a candidate's score needs no analysis of
      // its own unless it may win. (Where privatization inside the band
      // depends on the inner loops' order, a candidate may be scored below
      // its due and not taken: the choice stays legal.)
      std::map<std::pair<unsigned, std::vector<unsigned>>, bool> Parallel;
      auto Record = [&](const DependenceInfo &I, const std::vector<unsigned> &Order) {
        for (size_t K = 0; K < Order.size(); ++K) {
          std::vector<unsigned> Outside(Order.begin(), Order.begin() + K);
          std::sort(Outside.begin(), Outside.end());
          Parallel[{Order[K], Outside}] = isParallelLoop(I, Order[K]);
        }
      };
      Record(DI, Band);
      // Each analysis is of the whole nest (a second or more where guards
      // have modulos): at most MaxAnalyses orders per band are analysed,
      // in the order legalPermutations gives; those left unknown past that
      // are not taken.
      const unsigned MaxAnalyses = 8;
      unsigned Analysed = 0;
      for (const std::vector<unsigned> &Order : Orders) {
        if (Order == Band)
          continue;
        Nest C = cloneNest(N);
        Discard Quiet;
        InterchangeRequest R;
        R.Order = Order;
        R.Requested = false;
        if (!interchange(C, DI, R, Quiet))
          continue;
        if (std::optional<std::tuple<unsigned, unsigned, unsigned>> Known = scoreFrom(
                C, Order, [&](unsigned K) -> std::optional<bool> {
                  std::vector<unsigned> Outside(Order.begin(), Order.begin() + K);
                  std::sort(Outside.begin(), Outside.end());
                  auto It = Parallel.find({Order[K], Outside});
                  return It == Parallel.end() ? std::nullopt : std::optional<bool>(It->second);
                });
            Known && !(*Known > Best))
          continue;
        if (Analysed++ == MaxAnalyses)
          break;
        DependenceInfo CDI = analyzeDependences(C, Opts.Analysis);
        Record(CDI, Order);
        auto S = score(C, CDI, Order);
        if (S > Best) {
          Best = S;
          BestNest = std::move(C);
          BestDI = std::move(CDI);
        }
      }
      if (BestNest)
        adopt(std::move(*BestNest), std::move(BestDI));
    }
  }

  /// Privatization: the outermost loop on each path that is parallel once
  /// some variables are privatized gets them privatized.
  void privatizeOutermostParallelLoops() {
    std::set<unsigned> Done;
    for (unsigned Round = 0; Round < 2 * N.Loops.size() + 4; ++Round) {
      std::optional<unsigned> Next;
      walkOutermost([&](unsigned L) {
        const LoopVerdict &V = DI.verdict(L);
        if (V.K == LoopVerdict::ParallelAfterPrivatization && !Done.count(L) && !Next)
          Next = L;
        return V.K != LoopVerdict::Sequential || userSequential(L);
      });
      if (!Next)
        return;
      Done.insert(*Next);
      // Tried on a copy: kept if the loop is then parallel (a non-affine
      // access to a privatized array can hide that the copies are disjoint).
      Nest C = cloneNest(N);
      DependenceInfo CDI = DI;
      bool Changed = false;
      for (const Privatization &P : DI.privatizable(*Next)) {
        PrivatizeRequest R;
        R.Loop = *Next;
        R.Name = nameOf(N, P.Memory);
        R.Requested = false;
        Discard Quiet;
        if (privatize(C, CDI, R, Quiet)) {
          CDI = analyzeDependences(C, Opts.Analysis);
          Changed = true;
        }
      }
      if (Changed && CDI.verdict(*Next).K == LoopVerdict::Parallel)
        adopt(std::move(C), std::move(CDI));
    }
  }

  /// A sequential loop whose carried dependences are anti dependences from
  /// reads of the array as it was before the loop: read a copy instead
  /// (tried, kept if the loop becomes parallel).
  void copyForWARInSequentialLoops() {
    std::set<unsigned> Tried;
    for (unsigned Round = 0; Round < 2 * N.Loops.size() + 4; ++Round) {
      std::optional<unsigned> Next;
      walkOutermost([&](unsigned L) {
        const LoopVerdict &V = DI.verdict(L);
        if (V.K == LoopVerdict::Sequential && !userSequential(L) && !Tried.count(L) && !Next &&
            hasWARFromArray(L))
          Next = L;
        return V.K != LoopVerdict::Sequential;
      });
      if (!Next)
        return;
      Tried.insert(*Next);
      Nest C = cloneNest(N);
      DependenceInfo CDI = DI;
      std::set<unsigned> Arrays;
      for (unsigned D : DI.verdict(*Next).Unresolved) {
        const Dependence &Dep = DI.dependence(D);
        if (Dep.Kind == DepKind::WAR && N.Accesses[Dep.SourceAccess].isArray())
          Arrays.insert(N.Accesses[Dep.SourceAccess].Index);
      }
      bool Changed = false;
      for (unsigned A : Arrays) {
        CopyForWARRequest R;
        R.Loop = *Next;
        R.Array = A;
        R.Requested = false;
        Discard Quiet;
        if (copyForWAR(C, CDI, R, Quiet)) {
          CDI = analyzeDependences(C, Opts.Analysis);
          Changed = true;
        }
      }
      if (!Changed)
        continue;
      // Keep it if the loop is now parallel, possibly after privatization.
      if (CDI.isParallelizable(*Next))
        adopt(std::move(C), std::move(CDI));
    }
  }

  /// A perfectly nested band whose loops all carry dependences, with no
  /// loop at or under it that could run across threads, would run in one
  /// GPU thread: it runs as wavefronts instead (Wavefront.h) when one
  /// exists and the loops inside the wave loop come out parallel (nussinov,
  /// seidel-2d). Outermost such bands only: under a parallel loop the band
  /// is a thread's work. AroundParallel: also bands with loops inside them
  /// that could run across threads (runPipeline's wavefront alternative: a
  /// dynamic program's reduction over k under a band (i, j), which the
  /// loop-by-loop choices distribute or permute under two host loops).
  /// Returns whether a band was rewritten.
  bool wavefrontSequentialBands(bool AroundParallel = false) {
    bool Any = false;
    std::set<unsigned> Tried;
    for (unsigned Round = 0; Round < N.Loops.size() + 1; ++Round) {
      std::optional<unsigned> Next;
      walkOutermost([&](unsigned L) {
        if (Next || acrossThreads(DI, L) || userSequential(L))
          return true;
        std::vector<unsigned> Chain = perfectChain(N, L);
        bool Blocked = false;
        if (AroundParallel) {
          for (unsigned C : Chain) // the band itself must carry dependences
            Blocked |= acrossThreads(DI, C) || userSequential(C);
        } else {
          forEachLoopUnder(*findLoopNode(N, L), [&](unsigned D) {
            Blocked |= acrossThreads(DI, D) || userSequential(D) || innermostScan(D);
          });
          if (Blocked)
            return false; // the parallel loops inside are mapped
        }
        if (!Tried.count(L) && Chain.size() >= 2 && !Blocked)
          Next = L;
        return true;
      });
      if (!Next)
        return Any;
      Tried.insert(*Next);
      // The longest prefix of the band with a wavefront whose inner loops
      // come out parallel (a dynamic program's (i, j, k): the waves of (i, j),
      // k a reduction inside).
      std::vector<unsigned> Band = perfectChain(N, *Next);
      for (; Band.size() >= 2; Band.pop_back()) {
        std::string Why;
        std::optional<WavefrontPlan> Plan = findWavefrontPrefix(N, DI, Band, Why);
        if (!Plan)
          break;
        Band.resize(Plan->Band.size()); // the prefix it found
        Nest C = cloneNest(N);
        if (!applyWavefront(C, *Plan, Why))
          continue;
        DependenceInfo CDI = analyzeDependences(C, Opts.Analysis);
        bool InnerParallel = true;
        for (unsigned L : Plan->Band)
          if (L != Plan->Band[Plan->Eliminated])
            InnerParallel &= parallelPerThread(C, CDI, L);
        if (InnerParallel) {
          adopt(std::move(C), std::move(CDI));
          Any = true;
          break;
        }
      }
    }
    return Any;
  }

  /// The most loops that stay on the host around a statement (each of their
  /// iterations launches kernels): those before its first loop that runs
  /// across threads, or for a statement none of whose loops does, those of
  /// its loops that hold one.
  unsigned hostDepth() const {
    unsigned Max = 0;
    for (const Statement &S : N.Statements) {
      auto Across = [&](unsigned L) { return acrossThreads(DI, L) && !userSequential(L); };
      auto First = std::find_if(S.Loops.begin(), S.Loops.end(), Across);
      unsigned D = static_cast<unsigned>(First - S.Loops.begin());
      if (First == S.Loops.end()) {
        D = 0;
        for (unsigned L : S.Loops) {
          bool Holds = false;
          forEachLoopUnder(*findLoopNode(N, L), [&](unsigned X) { Holds |= Across(X); });
          D += Holds;
        }
      }
      Max = std::max(Max, D);
    }
    return Max;
  }

  /// A sequential loop that stays on the host around the kernels of its
  /// body (it contains a parallel or reduction loop): a scalar declared in
  /// its body and used by more than one of the body's parts would be
  /// computed in one kernel's registers and read in another's. Expanded
  /// along the loop, it lives in device memory that every kernel sees.
  void expandHostLoopScalars() {
    std::set<unsigned> Tried;
    for (unsigned Round = 0; Round < N.Loops.size() + 1; ++Round) {
      std::optional<std::pair<unsigned, std::vector<unsigned>>> Next;
      forEachLoop([&](unsigned L) {
        // (A reduction loop stays on the host too when its reductions are
        // not ones a reduction kernel combines, e.g. around another
        // reduction loop; when it becomes a reduction kernel, the
        // expanded scalar is an element per iteration: the same values.)
        if (Next || Tried.count(L) || mappedToThreads(L))
          return;
        const Node *Nd = findLoopNode(N, L);
        bool Kernels = false;
        forEachLoopUnder(*Nd, [&](unsigned D) {
          // (A scan loop is a CUB launch of its own.)
          Kernels |= D != L && (isParallelLoop(DI, D) || DI.verdict(D).K == LoopVerdict::Reduction ||
                                DI.scan(D).has_value());
        });
        if (!Kernels)
          return;
        std::map<unsigned, std::set<size_t>> Parts; // scalar -> children of the body using it
        for (size_t C = 0; C < Nd->Body.size(); ++C)
          for (unsigned S : statementsOf(*Nd->Body[C]))
            for (unsigned A : N.Statements[S].Accesses) {
              const Access &X = N.Accesses[A];
              if (X.isScalar() && !N.Scalars[X.Index].DeclLoops.empty() &&
                  N.Scalars[X.Index].DeclLoops.back() == L)
                Parts[X.Index].insert(C);
            }
        std::vector<unsigned> Scalars;
        for (auto &[S, Ps] : Parts)
          if (Ps.size() > 1)
            Scalars.push_back(S);
        if (!Scalars.empty())
          Next = {L, Scalars};
      });
      if (!Next)
        return;
      Tried.insert(Next->first);
      ExpandScalarsRequest R;
      R.Loop = Next->first;
      R.Scalars = Next->second;
      R.Requested = false;
      apply([&] { return expandScalars(N, DI, R, Diags); });
    }
  }

  /// Loops the CUDA mapping surely maps to threads (GPUMapping's test):
  /// parallel, or parallel once scalars declared inside are private to each
  /// thread. Others containing parallel loops stay on the host (e.g. one
  /// that needs a last-private copy of an array).
  bool mappedToThreads(unsigned L) const { return !userSequential(L) && parallelPerThread(N, DI, L); }

  /// The statements of a node: itself, or those in its bodies.
  static std::vector<unsigned> statementsOf(const Node &Nd) {
    if (Nd.K == Node::Kind::Stmt)
      return {Nd.Id};
    std::vector<unsigned> R;
    for (const std::vector<NodePtr> *Body : {&Nd.Body, &Nd.Else})
      for (const NodePtr &C : *Body) {
        std::vector<unsigned> Sub = statementsOf(*C);
        R.insert(R.end(), Sub.begin(), Sub.end());
      }
    return R;
  }

  /// Calls F on every loop at or under Nd.
  static void forEachLoopUnder(const Node &Nd, const std::function<void(unsigned)> &F) {
    if (Nd.K == Node::Kind::Loop)
      F(Nd.Id);
    for (const NodePtr &C : Nd.Body)
      forEachLoopUnder(*C, F);
    for (const NodePtr &C : Nd.Else)
      forEachLoopUnder(*C, F);
  }

  //===------------------------------------------------------------------===//
  // The -tile option
  //===------------------------------------------------------------------===//

  /// Tiles the outermost band of parallel loops on every path with the
  /// option's sizes (as many loops as are parallel and perfectly nested).
  void tileOption() {
    if (Opts.Tile.empty())
      return;
    std::string Spelling = "-tile=" + sizesText(Opts.Tile);
    for (const Loop &L : N.Loops)
      if (clauseOf(L, Clause::Kind::Tile)) {
        Diags.remark(L.Loc, Spelling + " not applied to this nest: its pragma asks for tile(...)");
        return;
      }
    std::vector<unsigned> Roots;
    walkOutermost([&](unsigned L) {
      if (isParallelLoop(DI, L)) {
        Roots.push_back(L);
        return true;
      }
      return false;
    });
    if (Roots.empty()) {
      Diags.warning(N.Loc, Spelling + ": the nest has no parallel loop to tile");
      return;
    }
    for (unsigned Root : Roots) {
      std::vector<unsigned> Chain = perfectChain(N, Root);
      unsigned D = 0;
      while (D < Chain.size() && D < Opts.Tile.size() && isParallelLoop(DI, Chain[D]))
        ++D;
      std::string Why;
      bool Done = false;
      for (unsigned K = D; K >= 1 && !Done; --K) {
        Nest C = cloneNest(N);
        FirstError Err;
        TileRequest R;
        R.Loop = Root;
        R.Sizes.assign(Opts.Tile.begin(), Opts.Tile.begin() + K);
        R.Spelling = Spelling;
        if (tile(C, DI, R, Err)) {
          if (K < Opts.Tile.size())
            Diags.warning(N.Loops[Root].Loc,
                          Spelling + ": tiled " + std::to_string(K) + " loop" + (K > 1 ? "s" : "") +
                              " from loop " + loopLabel(N, Root) +
                              (K < D ? " (" + Why + ")"
                                     : " (only " + std::to_string(K) +
                                           " parallel loop" + (K > 1 ? "s are" : " is") +
                                           " perfectly nested there)"));
          DependenceInfo CDI = analyzeDependences(C, Opts.Analysis);
          adopt(std::move(C), std::move(CDI));
          Done = true;
        } else if (Why.empty()) {
          Why = Err.Message;
        }
      }
      if (!Done) {
        Diags.error(N.Loops[Root].Loc, Why.empty() ? Spelling + ": cannot tile loop " + loopLabel(N, Root) : Why);
        Failed = true;
      }
    }
  }

  //===------------------------------------------------------------------===//
  // Loads a GPU thread repeats
  //===------------------------------------------------------------------===//

  /// In each loop that runs inside a thread (not parallel, under a parallel
  /// loop): elements it updates in every
  /// iteration live in scalars (PromoteElements.h), invariant loads are
  /// hoisted (LICM.h).
  void hoistInvariantLoads() {
    std::set<unsigned> Done;
    for (unsigned Round = 0; Round < 2 * N.Loops.size() + 4; ++Round) {
      std::optional<unsigned> Next;
      std::function<void(const std::vector<NodePtr> &, bool)> Walk =
          [&](const std::vector<NodePtr> &Nodes, bool UnderParallel) {
            for (const NodePtr &Nd : Nodes) {
              bool Par = UnderParallel;
              if (Nd->K == Node::Kind::Loop) {
                // For the GPU, the loops whose iterations become threads: a
                // parallel loop that stays on the host (a last-private copy)
                // would get the hoisted load as a host-level scalar, computed
                // by one kernel and read by another (fuzz case 901650).
                bool Threads = Opts.GPU ? mappedToThreads(Nd->Id) : isParallelLoop(DI, Nd->Id);
                if (UnderParallel && !Threads && !Done.count(Nd->Id) && !Next)
                  Next = Nd->Id;
                Par |= Threads;
              }
              Walk(Nd->Body, Par);
              Walk(Nd->Else, Par);
            }
          };
      Walk(N.Root, false);
      if (!Next)
        return;
      Done.insert(*Next);
      PromoteRequest P;
      P.Loop = *Next;
      apply([&] { return loopgpu::promoteUpdatedElements(N, DI, P, Diags); });
      LICMRequest R;
      R.Loop = *Next;
      apply([&] { return loopgpu::hoistInvariantLoads(N, DI, R, Diags); });
    }
  }

private:
  Nest &N;
  const PipelineOptions &Opts;
  DiagnosticSink &Diags;
  std::vector<unsigned> ClauseLoops;

  void reanalyze() {
    DI = analyzeDependences(N, Opts.Analysis);
    if (DI.incomplete() && !Failed) { // no transformation may trust it
      reportIncomplete(N, DI, Diags);
      Failed = true;
    }
  }

  /// Runs a transformation entry point; re-runs the analysis if it changed
  /// the nest. A request it refuses (an error) fails the pipeline.
  template <typename F> void apply(F &&Transform) {
    if (DI.incomplete())
      return;
    unsigned Errors = Diags.errorCount();
    if (Transform())
      reanalyze();
    if (Diags.errorCount() != Errors)
      Failed = true;
  }

  static std::string sizesText(const std::vector<int64_t> &Sizes, const char *Sep = ",") {
    std::string S;
    for (size_t K = 0; K < Sizes.size(); ++K)
      S += (K ? Sep : "") + std::to_string(Sizes[K]);
    return S;
  }

  std::string names(const std::vector<unsigned> &Loops) const {
    std::string S;
    for (size_t K = 0; K < Loops.size(); ++K)
      S += (K ? ", " : "") + N.Loops[Loops[K]].Iterator;
    return S;
  }

  bool userSequential(unsigned L) const { return clauseOf(N.Loops[L], Clause::Kind::Sequential); }

public:
  /// How much of the nest runs sequentially, per statement: its loops that
  /// do not run across GPU threads (host loops around its kernel, loops
  /// inside its thread). The GPU maps the first loop on the statement's path
  /// that runs across threads and the parallel loops perfectly nested in it,
  /// up to three. Returns (the largest count, the statements in loops none
  /// of which runs across threads): smaller is better.
  std::pair<unsigned, unsigned> sequentialWork() const {
    unsigned Max = 0, OneThread = 0;
    for (const Statement &S : N.Statements) {
      unsigned Mapped = 0;
      for (size_t K = 0; K < S.Loops.size() && !Mapped; ++K) {
        if (!acrossThreads(DI, S.Loops[K]) || userSequential(S.Loops[K]))
          continue;
        std::vector<unsigned> Chain = perfectChain(N, S.Loops[K]);
        Mapped = 1;
        for (size_t C = 1; C < Chain.size() && K + C < S.Loops.size() && Mapped < 3; ++C) {
          if (Chain[C] != S.Loops[K + C] || !mappedToThreads(Chain[C]))
            break;
          ++Mapped;
        }
      }
      if (!Mapped && !S.Loops.empty() && innermostScan(S.Loops.back()))
        Mapped = 1; // a parallel scan (CodeGen's scan kernels)
      Max = std::max<unsigned>(Max, S.Loops.size() - Mapped);
      OneThread += !S.Loops.empty() && !Mapped;
    }
    return {Max, OneThread};
  }

  /// The nest has no clause: the pipeline may choose its structure freely.
  bool hasNoClauses() const {
    if (!N.Clauses.empty())
      return false;
    for (const Loop &L : N.Loops)
      if (!L.Clauses.empty())
        return false;
    return true;
  }

  /// Takes another version of the nest, with its analysis.
  void adopt(Nest C, DependenceInfo CDI) {
    N = std::move(C);
    DI = std::move(CDI);
  }

private:
  /// A loop the GPU can run in parallel: parallel, or parallel once
  /// variables are privatized; not one the user marked sequential.
  bool isParallelLoop(const DependenceInfo &I, unsigned L) const {
    LoopVerdict::Kind K = I.verdict(L).K;
    return (K == LoopVerdict::Parallel || K == LoopVerdict::ParallelAfterPrivatization) &&
           !clauseOf(N.Loops[L], Clause::Kind::Sequential);
  }

  bool hasWARFromArray(unsigned L) const {
    for (unsigned D : DI.verdict(L).Unresolved) {
      const Dependence &Dep = DI.dependence(D);
      if (Dep.Kind == DepKind::WAR && N.Accesses[Dep.SourceAccess].isArray())
        return true;
    }
    return false;
  }

  /// Calls F on every loop in the tree, outer loops first.
  void forEachLoop(const std::function<void(unsigned)> &F) const {
    std::function<void(const std::vector<NodePtr> &)> Walk = [&](const std::vector<NodePtr> &Nodes) {
      for (const NodePtr &Nd : Nodes) {
        if (Nd->K == Node::Kind::Loop)
          F(Nd->Id);
        Walk(Nd->Body);
        Walk(Nd->Else);
      }
    };
    Walk(N.Root);
  }

  /// Calls F on loops outer first; F returns true to stop descending.
  void walkOutermost(const std::function<bool(unsigned)> &F) const {
    std::function<void(const std::vector<NodePtr> &)> Walk = [&](const std::vector<NodePtr> &Nodes) {
      for (const NodePtr &Nd : Nodes) {
        if (Nd->K == Node::Kind::Loop && F(Nd->Id))
          continue;
        Walk(Nd->Body);
        Walk(Nd->Else);
      }
    };
    Walk(N.Root);
  }

  /// Maximal perfectly nested chains of loops.
  void collectBands(const std::vector<NodePtr> &Nodes, bool ParentIsSoleLoop,
                    std::vector<std::vector<unsigned>> &Out) const {
    for (const NodePtr &Nd : Nodes) {
      if (Nd->K == Node::Kind::Loop && !(ParentIsSoleLoop && Nodes.size() == 1))
        Out.push_back(perfectChain(N, Nd->Id));
      bool Sole = Nd->K == Node::Kind::Loop && Nd->Body.size() == 1 &&
                  Nd->Body[0]->K == Node::Kind::Loop;
      collectBands(Nd->Body, Sole, Out);
      collectBands(Nd->Else, false, Out);
    }
  }

  /// (leading parallel loops, parallel loops right after the leading
  /// sequential ones, stride-1 accesses of the innermost loop). A band whose
  /// outer loop is sequential stays on the host around kernels that map the
  /// parallel loops after it (lu in isl's order: k, then i parallel).
  std::tuple<unsigned, unsigned, unsigned> score(const Nest &C, const DependenceInfo &I,
                                                 const std::vector<unsigned> &Order) const {
    return *scoreFrom(C, Order, [&](unsigned K) -> std::optional<bool> { return isParallelLoop(I, Order[K]); });
  }
  /// score() with the loop at position K of Order parallel where
  /// IsParallel(K) says; nullopt where it does not know one it needs.
  std::optional<std::tuple<unsigned, unsigned, unsigned>>
  scoreFrom(const Nest &C, const std::vector<unsigned> &Order,
            const std::function<std::optional<bool>(unsigned)> &IsParallel) const {
    bool Unknown = false;
    auto Par = [&](unsigned K) {
      std::optional<bool> P = IsParallel(K);
      Unknown |= !P;
      return P.value_or(false);
    };
    unsigned Lead = 0;
    while (Lead < Order.size() && Par(Lead))
      ++Lead;
    unsigned SeqPrefix = 0, AfterPrefix = 0;
    while (Lead == 0 && SeqPrefix < Order.size() && !Par(SeqPrefix))
      ++SeqPrefix;
    while (Lead == 0 && SeqPrefix + AfterPrefix < Order.size() && Par(SeqPrefix + AfterPrefix))
      ++AfterPrefix;
    if (Unknown)
      return std::nullopt;
    unsigned Inner = Order.back(), Stride = 0;
    AffVar V = AffVar::iterator(Inner);
    const Node *Nd = findLoopNode(C, Inner);
    for (unsigned S : statementsUnder(*Nd))
      for (unsigned A : C.Statements[S].Accesses) {
        const Access &X = C.Accesses[A];
        if (!X.isArray() || !X.IsAffine || X.Subscripts.empty())
          continue;
        bool Fastest = true;
        for (size_t K = 0; K + 1 < X.Subscripts.size(); ++K)
          Fastest &= !X.Subscripts[K].uses(V);
        std::optional<LinearForm> F = X.Subscripts.back().linear();
        if (Fastest && F && (F->coefficient(V) == 1 || F->coefficient(V) == -1))
          ++Stride;
      }
    return std::make_tuple(Lead, AfterPrefix, Stride);
  }
};

} // namespace

bool isAtomicScatter(const Nest &N, const Reduction &R, unsigned L) {
  (void)L;
  if (R.Op != "+" || !R.Memory.isArray() || R.isArg() || R.Statements.empty())
    return false;
  using K = ScalarType::Kind;
  ScalarType T = N.Arrays[R.Memory.Index].ElementType;
  if (T.K != K::Int && T.K != K::Long && T.K != K::LongLong && T.K != K::Float && T.K != K::Double)
    return false;
  for (unsigned S : R.Statements) {
    const Statement &St = N.Statements[S];
    if (St.IsDeclaration || !St.Body)
      return false;
    const Expr &B = *St.Body;
    const Expr *Target = nullptr;
    if (B.K == Expr::Kind::Assign && (B.Op == "+=" || B.Op == "-=")) {
      Target = B.Ops[0].get();
      if (T.isInteger() && !B.Ops[1]->Type.isInteger())
        return false;
    } else if (B.K == Expr::Kind::Unary &&
               (B.Op == "++pre" || B.Op == "post++" || B.Op == "--pre" || B.Op == "post--")) {
      Target = B.Ops[0].get();
    }
    if (!Target || Target->K != Expr::Kind::ArrayRef || Target->Index != R.Memory.Index)
      return false;
  }
  return true;
}

bool isAtomicScatterLoop(const Nest &N, const DependenceInfo &DI, unsigned L) {
  if (DI.verdict(L).K != LoopVerdict::Reduction || DI.reductions(L).empty())
    return false;
  for (const Clause &C : N.Loops[L].Clauses)
    if (C.K == Clause::Kind::Sequential)
      return false;
  bool Scatters = false;
  for (const Reduction &R : DI.reductions(L)) {
    if (!isAtomicScatter(N, R, L))
      return false;
    // A data-dependent subscript scatters. Affine ones are left to the
    // transformations (atax's `y[j] += A[i][j] * tmp[i]` over i: j moves
    // out and runs across threads, no atomics) and to the reduction kernel
    // (one element: one combine per block).
    for (unsigned A : R.Accesses)
      Scatters |= !N.Accesses[A].IsAffine;
  }
  return Scatters && onlyReductionsCarried(N, DI, L);
}

bool onlyReductionsCarried(const Nest &N, const DependenceInfo &DI, unsigned L) {
  std::set<unsigned> Resolved;
  for (const Reduction &R : DI.reductions(L))
    Resolved.insert(R.Dependences.begin(), R.Dependences.end());
  for (const Privatization &P : DI.privatizable(L))
    if (P.Memory.isScalar() && N.Scalars[P.Memory.Index].declaredInside() && !P.LastPrivate)
      Resolved.insert(P.Dependences.begin(), P.Dependences.end());
  for (unsigned D : DI.verdict(L).Blocking)
    if (!Resolved.count(D))
      return false;
  return true;
}

bool parallelPerThread(const Nest &N, const DependenceInfo &DI, unsigned L) {
  const LoopVerdict &V = DI.verdict(L);
  if (V.K == LoopVerdict::Parallel)
    return true;
  if (V.K == LoopVerdict::Reduction)
    return isAtomicScatterLoop(N, DI, L);
  if (V.K != LoopVerdict::ParallelAfterPrivatization)
    return false;
  for (const Privatization &P : DI.privatizable(L))
    if (!P.Memory.isScalar() || !N.Scalars[P.Memory.Index].declaredInside() || P.LastPrivate)
      return false;
  return true;
}

/// Whether N (analysed by DI) has, outside loops that could run across
/// threads, a perfect band of two loops or more that all carry dependences:
/// what the wavefront alternative needs (checked before it costs an
/// analysis).
static bool hasCarryingBand(const Nest &N, const DependenceInfo &DI) {
  bool Found = false;
  std::function<void(const std::vector<NodePtr> &)> Walk = [&](const std::vector<NodePtr> &Nodes) {
    for (const NodePtr &Nd : Nodes) {
      if (Found)
        return;
      if (Nd->K == Node::Kind::Loop) {
        const LoopVerdict &V = DI.verdict(Nd->Id);
        if (V.K != LoopVerdict::Sequential && V.K != LoopVerdict::Reduction)
          continue; // runs across threads: a band inside is a thread's
        std::vector<unsigned> Chain = perfectChain(N, Nd->Id);
        if (Chain.size() >= 2 && std::all_of(Chain.begin(), Chain.end(), [&](unsigned L) {
              return DI.verdict(L).K == LoopVerdict::Sequential || DI.verdict(L).K == LoopVerdict::Reduction;
            })) {
          Found = true;
          return;
        }
      }
      Walk(Nd->Body);
      Walk(Nd->Else);
    }
  };
  Walk(N.Root);
  return Found;
}

bool runPipeline(Nest &N, const PipelineOptions &Opts, DiagnosticSink &Diags, DependenceInfo &Info) {
  if (N.Root.empty()) {
    Info = analyzeDependences(N, Opts.Analysis);
    return true;
  }
  Pipeline P(N, Opts, Diags);
  if (P.DI.incomplete())
    return false;

  // 1. What the pragma clauses ask for, in this order.
  P.checkClauses();
  P.privateClauses();
  P.distributeClauses();
  P.interchangeClauses();
  if (Opts.TileClauses)
    P.tileClauses();

  // 2. Default choices that expose outermost parallel loops. A nest whose
  //    clauses already say how to restructure it keeps its structure.
  // Permute: false after the wavefront alternative, whose waves already
  // made the band's inner loops parallel (a permutation would take the
  // reduction loop out of the cells, under the host's wave loop).
  auto DefaultChoices = [](Pipeline &Q, bool Permute = true) {
    if (!Q.hasStructuralClauses()) {
      // A loop sequential only by reads of the array as it was before it
      // (trmm's B[k][j], k > i) reads a copy and stays whole.
      Q.copyForWARInSequentialLoops();
      Q.distributeSequentialLoops();
      Q.distributeForDeeperBands();
      if (Permute)
        Q.permuteBands();
    }
    Q.privatizeOutermostParallelLoops();
    Q.copyForWARInSequentialLoops();
    Q.privatizeOutermostParallelLoops(); // what the copies made parallel
    if (!Q.hasStructuralClauses())
      Q.wavefrontSequentialBands();
  };
  if (Opts.Defaults && !P.Failed) {
    // A nest without clauses may instead take the order isl's scheduler
    // computes (Reschedule.h) when the choices above leave a statement with
    // two sequential loops or more (n^2 launches, or a loop per thread
    // around a host loop) or in one GPU thread, and the new order, after the
    // same choices, leaves less.
    // Scalars that carry an element's value from its load to its store
    // (ludcmp's w) would serialize every order: the elements hold them
    // (ElementForScalar.h).
    std::optional<Nest> Original;
    std::optional<DependenceInfo> OriginalDI;
    if (P.hasNoClauses()) {
      Original = cloneNest(N);
      OriginalDI = P.DI;
    }
    DefaultChoices(P);
    // The wavefront alternative: a band whose loops all carry dependences,
    // with a loop inside that could run across threads (a dynamic program's
    // reduction over k), runs as wavefronts first; taken when it leaves
    // fewer loops on the host around a statement (launches) and no more
    // statements in one GPU thread. The matrix-chain order's program was
    // distributed under two host loops (n^2 / 2 rounds of launches).
    if (Original && !P.Failed && hasCarryingBand(*Original, *OriginalDI)) {
      Nest W = cloneNest(*Original);
      Discard Quiet;
      Pipeline Q(W, Opts, Quiet);
      if (!Q.Failed && Q.wavefrontSequentialBands(/*AroundParallel=*/true)) {
        DefaultChoices(Q, /*Permute=*/false);
        if (!Q.Failed && Q.hostDepth() < P.hostDepth() &&
            Q.sequentialWork().second <= P.sequentialWork().second)
          P.adopt(std::move(W), std::move(Q.DI));
      }
    }
    auto Before = P.sequentialWork();
    std::string WhyNot;
    if (Original && !P.Failed && (Before.first >= 2 || Before.second > 0) &&
        (elementsForScalars(*Original, *OriginalDI), rescheduleWithIsl(*Original, WhyNot))) {
      Discard Quiet;
      Pipeline Q(*Original, Opts, Quiet);
      if (!Q.Failed) {
        DefaultChoices(Q);
        auto After = Q.sequentialWork();
        if (!Q.Failed && After < Before) {
          for (AppliedTransform &T : Original->Transforms)
            if (T.Name == "reschedule")
              T.Description += ": the loop-by-loop choices leave up to " + std::to_string(Before.first) +
                               " sequential loops around a statement and " + std::to_string(Before.second) +
                               " statements in one GPU thread, isl's order " + std::to_string(After.first) +
                               " and " + std::to_string(After.second);
          P.adopt(std::move(*Original), std::move(Q.DI));
        }
      }
    }
  }
  if (Opts.GPU && !P.Failed) {
    P.boxTriangularBands();
    P.expandHostLoopScalars();
  }

  // 3. -tile on the outermost parallel band.
  if (!P.Failed)
    P.tileOption();

  // 4. Elements each GPU thread would update in memory in every iteration,
  //    loads it would repeat.
  if (Opts.Defaults && !P.Failed)
    P.hoistInvariantLoads();

  Info = std::move(P.DI);
  return !P.Failed;
}

} // namespace loopgpu
