//===- Dependences.cpp - Exact data-dependence analysis of a nest ----------===//
//
// See Dependences.h. The work is done by DependenceAnalyzer, in this order:
//   1. domains and access relations of every statement / access (IslBuilder);
//   2. for every pair of accesses to the same memory, at least one a write,
//      and both execution orders: the dependence relation
//        { x -> y : x in Dom_src, y in Dom_snk, Acc_src(x) = Acc_snk(y),
//                   x before y }
//      its iterator deltas on the common loops, the direction vectors that
//      occur (sign patterns enumerated with prefix pruning, each decided by
//      an exact emptiness test) and the constant distances;
//   3. reduction candidates per statement (syntactic forms, ReductionForms.cpp);
//   4. per loop: carried dependences, privatization (exact coverage test),
//      reductions, verdict, distribution;
//   5. the outermost band.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/Analysis/Legality.h"
#include "ReductionForms.h"

#include "loopgpu/IR/IslBuilder.h"

#include <isl/constraint.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <queue>
#include <set>
#include <tuple>

namespace loopgpu {

//===----------------------------------------------------------------------===//
// Small vocabulary
//===----------------------------------------------------------------------===//

const char *spelling(Direction D) {
  switch (D) {
  case Direction::LT: return "<";
  case Direction::EQ: return "=";
  case Direction::GT: return ">";
  case Direction::Star: return "*";
  }
  return "?";
}

std::string str(const DirectionVector &V) {
  std::string S = "(";
  for (size_t K = 0; K < V.size(); ++K)
    S += (K ? "," : "") + std::string(spelling(V[K]));
  return S + ")";
}

const char *spelling(DepKind K) {
  switch (K) {
  case DepKind::RAW: return "RAW";
  case DepKind::WAR: return "WAR";
  case DepKind::WAW: return "WAW";
  }
  return "?";
}

std::string Scan::describe(const Nest &N) const {
  std::string T = Text;
  while (!T.empty() && (T.back() == ';' || T.back() == ' '))
    T.pop_back();
  return "inclusive scan (" + Op + ") of " + N.Arrays[Array].Name + " along " + N.Loops[Loop].Iterator +
         ": '" + T + "' is a first-order linear recurrence";
}

const char *spelling(LoopVerdict::Kind K) {
  switch (K) {
  case LoopVerdict::Parallel: return "parallel";
  case LoopVerdict::ParallelAfterPrivatization: return "parallel-after-privatization";
  case LoopVerdict::Reduction: return "reduction";
  case LoopVerdict::Sequential: return "sequential";
  }
  return "?";
}

const std::string &nameOf(const Nest &N, MemoryRef M) {
  return M.isArray() ? N.Arrays[M.Index].Name : N.Scalars[M.Index].Name;
}

//===----------------------------------------------------------------------===//
// Dependence queries
//===----------------------------------------------------------------------===//

std::optional<unsigned> Dependence::position(unsigned Loop) const {
  for (unsigned K = 0; K < CommonLoops.size(); ++K)
    if (CommonLoops[K] == Loop)
      return K;
  return std::nullopt;
}

static bool allEqual(const DirectionVector &V, size_t Begin, size_t End) {
  for (size_t K = Begin; K < End && K < V.size(); ++K)
    if (V[K] != Direction::EQ)
      return false;
  return true;
}

bool Dependence::isLoopIndependent() const {
  for (const DirectionVector &V : Directions)
    if (!allEqual(V, 0, V.size()))
      return false;
  return true;
}

bool Dependence::hasLoopIndependentVector() const {
  for (const DirectionVector &V : Directions)
    if (allEqual(V, 0, V.size()))
      return true;
  return false;
}

std::vector<DirectionVector> Dependence::vectorsCarriedBy(unsigned Loop) const {
  std::vector<DirectionVector> R;
  std::optional<unsigned> P = position(Loop);
  if (!P)
    return R;
  for (const DirectionVector &V : Directions)
    if (allEqual(V, 0, *P) && V[*P] != Direction::EQ)
      R.push_back(V);
  return R;
}

bool Dependence::isCarriedBy(unsigned Loop) const { return !vectorsCarriedBy(Loop).empty(); }

bool Dependence::isWithinOuterIterationsOf(unsigned Loop) const {
  std::optional<unsigned> P = position(Loop);
  if (!P)
    return false;
  for (const DirectionVector &V : Directions)
    if (allEqual(V, 0, *P))
      return true;
  return false;
}

DirectionVector Dependence::summary() const {
  DirectionVector S(CommonLoops.size(), Direction::EQ);
  for (size_t K = 0; K < S.size(); ++K) {
    bool First = true;
    for (const DirectionVector &V : Directions) {
      if (First)
        S[K] = V[K];
      else if (S[K] != V[K])
        S[K] = Direction::Star;
      First = false;
    }
  }
  return S;
}

std::vector<unsigned> DependenceInfo::carriedDependences(unsigned Loop) const {
  std::vector<unsigned> R;
  for (const Dependence &D : Deps)
    if (D.isCarriedBy(Loop))
      R.push_back(D.Id);
  return R;
}

//===----------------------------------------------------------------------===//
// Text helpers
//===----------------------------------------------------------------------===//

std::string accessText(const Nest &N, const Access &A) {
  if (!A.Text.empty())
    return A.Text;
  std::string S = N.targetName(A);
  if (A.isScalar())
    return S;
  if (!A.IsAffine)
    return S + "[?]";
  for (const AffExpr &E : A.Subscripts)
    S += "[" + E.str(N.namer()) + "]";
  return S;
}

unsigned accessLine(const Nest &N, const Access &A) {
  return A.Loc.isValid() ? A.Loc.Line : N.Statements[A.Stmt].Loc.Line;
}

static SourceLoc locOf(const Nest &N, const Access &A) {
  return A.Loc.isValid() ? A.Loc : N.Statements[A.Stmt].Loc;
}

std::string describe(const Nest &N, const Dependence &D, std::optional<unsigned> Loop) {
  const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
  std::string S = std::string(spelling(D.Kind)) + " " + accessText(N, Src) + " -> " +
                  accessText(N, Snk) + " lines " + std::to_string(accessLine(N, Src)) + "->" +
                  std::to_string(accessLine(N, Snk));
  std::vector<DirectionVector> Vs = Loop ? D.vectorsCarriedBy(*Loop) : D.Directions;
  if (Vs.empty())
    Vs = D.Directions;
  S += Vs.size() == 1 ? ", direction" : ", directions";
  for (const DirectionVector &V : Vs)
    S += " " + str(V);
  if (D.IsMay)
    S += " (may: " + D.MayReason + ")";
  return S;
}

//===----------------------------------------------------------------------===//
// ISL helpers
//===----------------------------------------------------------------------===//

namespace {

template <typename T> T checked(T Obj) {
  if (Obj.is_null())
    isl::exception::throw_error(isl_error_unknown, "isl operation failed", __FILE__, __LINE__);
  return Obj;
}

isl_basic_map *addEquality(isl_basic_map *BM, unsigned K) {
  isl_local_space *LS = isl_local_space_from_space(isl_basic_map_get_space(BM));
  isl_constraint *C = isl_constraint_alloc_equality(LS);
  C = isl_constraint_set_coefficient_si(C, isl_dim_in, K, 1);
  C = isl_constraint_set_coefficient_si(C, isl_dim_out, K, -1);
  return isl_basic_map_add_constraint(BM, C);
}

/// in_K runs strictly before out_K in a loop whose step has sign Sign.
isl_basic_map *addStrictlyBefore(isl_basic_map *BM, unsigned K, int Sign) {
  isl_local_space *LS = isl_local_space_from_space(isl_basic_map_get_space(BM));
  isl_constraint *C = isl_constraint_alloc_inequality(LS);
  C = isl_constraint_set_coefficient_si(C, isl_dim_in, K, -Sign);
  C = isl_constraint_set_coefficient_si(C, isl_dim_out, K, Sign);
  C = isl_constraint_set_constant_si(C, -1);
  return isl_basic_map_add_constraint(BM, C);
}

/// Sign * S_K >= Bound (Sign = +1 or -1), or S_K == Value for equalities.
isl::set constrainDim(isl::set S, unsigned K, int Coefficient, int64_t Constant, bool Equality) {
  isl_local_space *LS = isl_local_space_from_space(isl_set_get_space(S.get()));
  isl_constraint *C =
      Equality ? isl_constraint_alloc_equality(LS) : isl_constraint_alloc_inequality(LS);
  C = isl_constraint_set_coefficient_si(C, isl_dim_set, K, Coefficient);
  C = isl_constraint_set_constant_si(C, Constant);
  return checked(isl::manage(isl_set_add_constraint(S.release(), C)));
}

/// Deltas in execution order on dimension K: LT is "sink later".
isl::set restrictDirection(isl::set S, unsigned K, Direction D, int Sign) {
  switch (D) {
  case Direction::LT: return constrainDim(S, K, Sign, -1, false);   // Sign*d - 1 >= 0
  case Direction::GT: return constrainDim(S, K, -Sign, -1, false);  // -Sign*d - 1 >= 0
  case Direction::EQ: return constrainDim(S, K, 1, 0, true);        // d == 0
  case Direction::Star: return S;
  }
  return S;
}

unsigned dims(const isl::map &M, isl_dim_type T) {
  isl_size N = isl_map_dim(M.get(), T);
  if (N < 0)
    isl::exception::throw_error(isl_error_unknown, "bad map", __FILE__, __LINE__);
  return static_cast<unsigned>(N);
}

/// Common-prefix length of two statements' loops.
unsigned commonDepth(const Nest &N, unsigned S1, unsigned S2) {
  const auto &A = N.Statements[S1].Loops, &B = N.Statements[S2].Loops;
  unsigned D = 0;
  while (D < A.size() && D < B.size() && A[D] == B[D])
    ++D;
  return D;
}

bool inLoop(const Statement &S, unsigned Loop) {
  return std::find(S.Loops.begin(), S.Loops.end(), Loop) != S.Loops.end();
}

} // namespace

//===----------------------------------------------------------------------===//
// The analyzer
//===----------------------------------------------------------------------===//

class DependenceAnalyzer {
public:
  DependenceAnalyzer(const Nest &N, const DependenceOptions &Opts, DependenceInfo &Info)
      : N(N), Opts(Opts), Info(Info) {}

  void run();

private:
  const Nest &N;
  DependenceOptions Opts;
  DependenceInfo &Info;
  // The context first: ISL objects below are destroyed before it.
  mutable IslContext Ctx;
  /// Bounds the analysis's wall-clock time (run()); once it fires, every
  /// ISL call fails and each question still open gets its conservative
  /// answer.
  std::unique_ptr<IslDeadline> Deadline;
  /// The time limit has passed: every ISL call would fail (and throw, which
  /// costs more than the test itself when millions of pairs remain).
  bool late() const { return Deadline && Deadline->expired(); }
  std::unique_ptr<IslBuilder> B;
  std::vector<isl::set> Domains;   ///< per statement; null if it failed
  std::vector<isl::map> Relations; ///< per access; null if it failed
  std::vector<bool> Exact;         ///< access relation and domain exact, must access
  std::vector<std::string> MayWhy; ///< per access: why not exact
  std::vector<std::optional<ReductionForm>> Forms; ///< per statement
  std::vector<std::optional<MemoryRef>> IndexForms; ///< per statement: recognizeIndexUpdate

  void buildRelations();
  /// Per access: its subscripts as linear forms, if all are linear.
  std::vector<std::optional<std::vector<LinearForm>>> Subscripts;
  bool subscriptsNeverEqual(unsigned X, unsigned Y) const;
  /// Per access: an id shared by accesses whose exact tests give the same
  /// answers (same loops, no guards, same target, linear subscripts, same
  /// exactness); -1 if none. Tests are memoized by (shape, shape, order).
  std::vector<int> Shapes;
  struct PairResult {
    bool Dependent = false;
    std::vector<DirectionVector> Vectors;
    std::vector<std::optional<int64_t>> Distances;
  };
  std::map<std::tuple<int, int, bool>, PairResult> Memo;
  void computeShapes();
  void computeDependences();
  void testPair(unsigned Src, unsigned Snk, bool Alias);
  bool allEqualAllowed(unsigned Src, unsigned Snk) const;
  isl::map orderMap(unsigned Src, unsigned Snk, int SameIterationThrough) const;
  void addConservative(unsigned Src, unsigned Snk, const std::string &Why);
  void addDependence(unsigned Src, unsigned Snk, std::vector<DirectionVector> Vectors,
                     std::vector<std::optional<int64_t>> Distances, bool IsMay,
                     std::string MayReason);

  // Per loop.
  /// Candidate reduction statements of a loop on one (variable, operator).
  struct ReductionGroup {
    Reduction R;
    std::set<unsigned> AccessSet;
    bool Spoiled = false;
  };
  void analyzeLoop(unsigned L);
  void findScan(unsigned L);
  void pairArgUpdates(unsigned L, std::vector<ReductionGroup> &Groups) const;
  bool sameContext(const Statement &A, const Statement &B) const;
  std::vector<unsigned> statementsIn(unsigned L) const;
  bool coversReads(unsigned L, MemoryRef M) const;
  bool computeCoversReads(unsigned L, MemoryRef M) const;
  mutable std::map<std::pair<unsigned, MemoryRef>, bool> Covered;
  bool copyOutValid(unsigned L, MemoryRef M) const;
  bool isLiveAfter(unsigned L, MemoryRef M) const;
  bool privateByDeclaration(unsigned L, MemoryRef M) const;
  bool expandable(unsigned L, MemoryRef M);
  void distribute(unsigned L);
  void computeBand();
};

void DependenceAnalyzer::run() {
  auto Start = std::chrono::steady_clock::now();
  if (Opts.SecondsPerAnalysis > 0)
    Deadline = std::make_unique<IslDeadline>(
        Ctx, std::chrono::milliseconds(std::max<long long>(1, std::llround(Opts.SecondsPerAnalysis * 1000))));
  Info.Verdicts.resize(N.Loops.size());
  Info.Privs.resize(N.Loops.size());
  Info.Reds.resize(N.Loops.size());
  Info.Scans.resize(N.Loops.size());
  Info.Distributions.resize(N.Loops.size());
  Info.Expansions.resize(N.Loops.size());
  buildRelations();
  computeDependences();
  if (Info.Incomplete) { // nothing may use this result; if anything does, it runs nothing in parallel
    for (unsigned L = 0; L < N.Loops.size(); ++L)
      Info.Verdicts[L] = {L, LoopVerdict::Sequential, "the analysis stopped: more than " +
                                                          std::to_string(Opts.MaxDependences) + " dependences"};
    return;
  }
  for (const Statement &S : N.Statements) {
    Forms.push_back(recognizeReduction(N, S));
    IndexForms.push_back(recognizeIndexUpdate(S));
  }
  for (unsigned L = 0; L < N.Loops.size(); ++L)
    analyzeLoop(L);
  computeBand();
  Info.TimedOut = Deadline && Deadline->expired();
  Deadline.reset();
  Info.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
}

void DependenceAnalyzer::buildRelations() {
  Ctx.setBudget(Opts.MaxOperationsPerTest);
  try {
    B = std::make_unique<IslBuilder>(N, Ctx.get());
  } catch (const isl::exception &) {
    B.reset();
  }
  Domains.resize(N.Statements.size());
  Relations.resize(N.Accesses.size());
  Exact.assign(N.Accesses.size(), false);
  MayWhy.assign(N.Accesses.size(), "");
  if (!B)
    return;
  std::vector<bool> DomainExact(N.Statements.size(), false);
  for (unsigned S = 0; S < N.Statements.size(); ++S) {
    Ctx.resetBudget();
    try {
      Domains[S] = B->domain(S);
      DomainExact[S] = B->isDomainExact(S);
    } catch (const isl::exception &) {
      Domains[S] = isl::set();
    }
  }
  for (unsigned A = 0; A < N.Accesses.size(); ++A) {
    const Access &Acc = N.Accesses[A];
    Ctx.resetBudget();
    bool RelExact = false;
    try {
      if (!Domains[Acc.Stmt].is_null()) {
        Relations[A] = B->accessRelation(A);
        RelExact = B->isAccessExact(A);
      }
    } catch (const isl::exception &) {
      Relations[A] = isl::map();
    }
    const Statement &S = N.Statements[Acc.Stmt];
    if (!Acc.IsAffine || !RelExact)
      MayWhy[A] = "non-affine access " + accessText(N, Acc);
    else if (!Acc.IsMust && S.isRegion() && !S.isGuardedByData())
      MayWhy[A] = "inside the loop on line " + std::to_string(S.Loc.Line) + " (run as written)";
    else if (!Acc.IsMust || S.isGuardedByData())
      MayWhy[A] = "data-dependent guard on line " + std::to_string(S.Loc.Line);
    else if (!DomainExact[Acc.Stmt])
      MayWhy[A] = "non-affine bound or guard";
    Exact[A] = MayWhy[A].empty();
  }
}

/// Whether accesses X and Y to the same array can never touch one element,
/// whatever the iterations: in some dimension the subscripts' difference
/// has no integer zero, by the GCD test (each instance's iterators are free
/// integers; parameters are shared). Both constant: they differ (ZIV). A
/// sound relaxation of the exact test, and O(subscript size) instead of
/// ISL's work: a loop of 2000 statements on distinct columns of one array
/// makes 2 million pairs (issue 18, item 14).
bool DependenceAnalyzer::subscriptsNeverEqual(unsigned X, unsigned Y) const {
  const std::optional<std::vector<LinearForm>> &FX = Subscripts[X], &FY = Subscripts[Y];
  if (!FX || !FY || FX->size() != FY->size())
    return false;
  for (size_t D = 0; D < FX->size(); ++D) {
    const LinearForm &LX = (*FX)[D], &LY = (*FY)[D];
    uint64_t G = 0;
    auto Add = [&](int64_t C) {
      if (C != 0)
        G = std::gcd(G, static_cast<uint64_t>(C < 0 ? -C : C));
    };
    for (const auto &[V, C] : LX.Coefficients)
      Add(V.isParam() ? C - LY.coefficient(V) : C);
    for (const auto &[V, C] : LY.Coefficients)
      if (!V.isParam() || !LX.Coefficients.count(V))
        Add(V.isParam() ? -C : C);
    int64_t Diff = LY.Constant - LX.Constant;
    uint64_t AbsDiff = static_cast<uint64_t>(Diff < 0 ? -Diff : Diff);
    if (G == 0 ? AbsDiff != 0 : AbsDiff % G != 0)
      return true;
  }
  return false;
}

static bool small(const LinearForm &F) {
  auto Small = [](int64_t V) { return V > -(int64_t(1) << 61) && V < (int64_t(1) << 61); };
  return Small(F.Constant) && std::all_of(F.Coefficients.begin(), F.Coefficients.end(),
                                          [&](const auto &VC) { return Small(VC.second); });
}

void DependenceAnalyzer::computeShapes() {
  std::map<std::string, int> Ids;
  Shapes.assign(N.Accesses.size(), -1);
  for (unsigned A = 0; A < N.Accesses.size(); ++A) {
    const Access &Acc = N.Accesses[A];
    const Statement &S = N.Statements[Acc.Stmt];
    if (!Subscripts[A] || !S.Guards.empty() || Relations[A].is_null())
      continue;
    std::string Key = std::to_string(static_cast<int>(Acc.On)) + ":" + std::to_string(Acc.Index) + ":" +
                      std::to_string(Acc.IsWrite) + ":" + std::to_string(Exact[A]) + ":" + MayWhy[A] + "|";
    for (unsigned L : S.Loops)
      Key += std::to_string(L) + ",";
    Key += "|";
    for (const LinearForm &F : *Subscripts[A]) {
      for (const auto &[V, C] : F.Coefficients)
        Key += (V.isParam() ? "p" : "i") + std::to_string(V.Index) + "*" + std::to_string(C) + "+";
      Key += std::to_string(F.Constant) + ";";
    }
    Shapes[A] = Ids.try_emplace(Key, static_cast<int>(Ids.size())).first->second;
  }
}

void DependenceAnalyzer::computeDependences() {
  const auto &Accs = N.Accesses;
  Subscripts.assign(Accs.size(), std::nullopt);
  for (unsigned A = 0; A < Accs.size(); ++A) {
    if (!Accs[A].isArray()) {
      Subscripts[A] = std::vector<LinearForm>(); // a scalar: one element
      continue;
    }
    if (!Accs[A].IsAffine)
      continue;
    std::vector<LinearForm> Forms;
    for (const AffExpr &E : Accs[A].Subscripts)
      if (std::optional<LinearForm> F = E.linear(); F && small(*F)) // differences cannot overflow
        Forms.push_back(std::move(*F));
    if (Forms.size() == Accs[A].Subscripts.size())
      Subscripts[A] = std::move(Forms);
  }
  computeShapes();
  for (unsigned A = 0; A < Accs.size(); ++A) {
    for (unsigned Bi = A; Bi < Accs.size(); ++Bi) {
      const Access &X = Accs[A], &Y = Accs[Bi];
      if (!X.IsWrite && !Y.IsWrite)
        continue;
      if (X.On != Y.On)
        continue;
      bool Same = X.Index == Y.Index;
      bool Alias = !Same && X.isArray() &&
                   N.Arrays[X.Index].AliasClass == N.Arrays[Y.Index].AliasClass;
      if (!Same && !Alias)
        continue;
      if (Same && A != Bi && subscriptsNeverEqual(A, Bi))
        continue;
      if (Info.Deps.size() > Opts.MaxDependences) {
        Info.Incomplete = true;
        return;
      }
      if (A == Bi) {
        testPair(A, A, false);
        continue;
      }
      testPair(A, Bi, Alias);
      testPair(Bi, A, Alias);
    }
  }
  // Deterministic order: by source statement, sink statement, then accesses.
  std::sort(Info.Deps.begin(), Info.Deps.end(), [](const Dependence &L, const Dependence &R) {
    return std::tie(L.SourceStmt, L.SinkStmt, L.SourceAccess, L.SinkAccess, L.Kind) <
           std::tie(R.SourceStmt, R.SinkStmt, R.SourceAccess, R.SinkAccess, R.Kind);
  });
  for (unsigned K = 0; K < Info.Deps.size(); ++K)
    Info.Deps[K].Id = K;
}

/// May instance x of Src's statement and instance y of Snk's statement with
/// equal common iterators have Src's access before Snk's?
bool DependenceAnalyzer::allEqualAllowed(unsigned Src, unsigned Snk) const {
  const Access &A = N.Accesses[Src], &Bc = N.Accesses[Snk];
  if (A.Stmt != Bc.Stmt)
    return A.Stmt < Bc.Stmt;
  if (N.Statements[A.Stmt].isRegion() && (!A.IsMust || !Bc.IsMust)) {
    // A loop run as written: its body's accesses run in any order, again
    // and again, after its initialization (the must accesses, first).
    return !(Bc.IsMust && !A.IsMust);
  }
  if (Src == Snk)
    return false;
  if (A.IsWrite != Bc.IsWrite)
    return !A.IsWrite; // reads of an instance happen before its writes
  return Src < Snk;
}

/// { x -> y : x runs before y } between the statements of two accesses.
/// With SameIterationThrough = p >= 0, x and y must also agree on the common
/// loops at positions 0..p.
isl::map DependenceAnalyzer::orderMap(unsigned Src, unsigned Snk, int SameIterationThrough) const {
  const Access &A = N.Accesses[Src], &Bc = N.Accesses[Snk];
  const Statement &SA = N.Statements[A.Stmt];
  unsigned D = commonDepth(N, A.Stmt, Bc.Stmt);
  isl_space *Space = isl_space_map_from_domain_and_range(B->statementSpace(A.Stmt).release(),
                                                         B->statementSpace(Bc.Stmt).release());
  isl_map *R = isl_map_empty(isl_space_copy(Space));
  for (unsigned L = 0; L < D; ++L) {
    if (static_cast<int>(L) <= SameIterationThrough)
      continue;
    isl_basic_map *BM = isl_basic_map_universe(isl_space_copy(Space));
    for (unsigned K = 0; K < L; ++K)
      BM = addEquality(BM, K);
    BM = addStrictlyBefore(BM, L, N.Loops[SA.Loops[L]].Step < 0 ? -1 : 1);
    R = isl_map_union(R, isl_map_from_basic_map(BM));
  }
  if (allEqualAllowed(Src, Snk)) {
    isl_basic_map *BM = isl_basic_map_universe(isl_space_copy(Space));
    for (unsigned K = 0; K < D; ++K)
      BM = addEquality(BM, K);
    R = isl_map_union(R, isl_map_from_basic_map(BM));
  }
  isl_space_free(Space);
  return checked(isl::manage(R));
}

void DependenceAnalyzer::addDependence(unsigned Src, unsigned Snk,
                                       std::vector<DirectionVector> Vectors,
                                       std::vector<std::optional<int64_t>> Distances, bool IsMay,
                                       std::string MayReason) {
  const Access &A = N.Accesses[Src], &Bc = N.Accesses[Snk];
  Dependence D;
  D.Kind = A.IsWrite ? (Bc.IsWrite ? DepKind::WAW : DepKind::RAW) : DepKind::WAR;
  D.SourceAccess = Src;
  D.SinkAccess = Snk;
  D.SourceStmt = A.Stmt;
  D.SinkStmt = Bc.Stmt;
  unsigned Depth = commonDepth(N, A.Stmt, Bc.Stmt);
  const auto &Loops = N.Statements[A.Stmt].Loops;
  D.CommonLoops.assign(Loops.begin(), Loops.begin() + Depth);
  std::sort(Vectors.begin(), Vectors.end());
  Vectors.erase(std::unique(Vectors.begin(), Vectors.end()), Vectors.end());
  D.Directions = std::move(Vectors);
  D.Distances = std::move(Distances);
  D.Distances.resize(Depth);
  D.IsMay = IsMay;
  D.MayReason = std::move(MayReason);
  Info.Deps.push_back(std::move(D));
}

/// Every direction vector consistent with the execution order: the answer
/// when the exact test is impossible.
void DependenceAnalyzer::addConservative(unsigned Src, unsigned Snk, const std::string &Why) {
  unsigned D = commonDepth(N, N.Accesses[Src].Stmt, N.Accesses[Snk].Stmt);
  std::vector<DirectionVector> Vs;
  for (unsigned L = 0; L < D; ++L) {
    // '=' before L, '<' at L, anything after.
    std::vector<DirectionVector> Partial{DirectionVector(L, Direction::EQ)};
    Partial[0].push_back(Direction::LT);
    for (unsigned K = L + 1; K < D; ++K) {
      std::vector<DirectionVector> Next;
      for (const DirectionVector &P : Partial)
        for (Direction Dir : {Direction::LT, Direction::EQ, Direction::GT}) {
          Next.push_back(P);
          Next.back().push_back(Dir);
        }
      Partial = std::move(Next);
    }
    Vs.insert(Vs.end(), Partial.begin(), Partial.end());
  }
  if (allEqualAllowed(Src, Snk))
    Vs.push_back(DirectionVector(D, Direction::EQ));
  if (Vs.empty())
    return;
  addDependence(Src, Snk, std::move(Vs), {}, true, Why);
}

void DependenceAnalyzer::testPair(unsigned Src, unsigned Snk, bool Alias) {
  const Access &A = N.Accesses[Src], &Bc = N.Accesses[Snk];
  std::string Why;
  if (Alias)
    Why = "possible alias of " + N.targetName(A) + " and " + N.targetName(Bc);
  else if (!Exact[Src])
    Why = MayWhy[Src];
  else if (!Exact[Snk])
    Why = MayWhy[Snk];
  if (!B || Relations[Src].is_null() || Relations[Snk].is_null()) {
    addConservative(Src, Snk, "could not build the access relations");
    return;
  }
  if (late()) {
    addConservative(Src, Snk, "the analysis ran past its time limit");
    return;
  }
  // Accesses of the same shapes in the same order give the same answer.
  std::optional<std::tuple<int, int, bool>> Key;
  if (!Alias && Shapes[Src] >= 0 && Shapes[Snk] >= 0)
    Key = std::make_tuple(Shapes[Src], Shapes[Snk], allEqualAllowed(Src, Snk));
  if (Key)
    if (auto It = Memo.find(*Key); It != Memo.end()) {
      if (It->second.Dependent)
        addDependence(Src, Snk, It->second.Vectors, It->second.Distances, !Why.empty(), Why);
      return;
    }
  auto Remember = [&](PairResult R) {
    if (Key)
      Memo.emplace(*Key, std::move(R));
  };
  Ctx.resetBudget();
  try {
    unsigned D = commonDepth(N, A.Stmt, Bc.Stmt);
    isl::map R;
    if (Alias)
      R = checked(isl::manage(isl_map_from_domain_and_range(
          Domains[A.Stmt].copy(), Domains[Bc.Stmt].copy())));
    else
      R = Relations[Src].apply_range(Relations[Snk].reverse());
    R = R.intersect(orderMap(Src, Snk, -1));
    if (R.is_empty()) {
      Remember({});
      return;
    }
    // Iterator deltas on the common loops.
    isl_map *M = R.copy();
    unsigned In = dims(R, isl_dim_in), Out = dims(R, isl_dim_out);
    M = isl_map_project_out(M, isl_dim_in, D, In - D);
    M = isl_map_project_out(M, isl_dim_out, D, Out - D);
    M = isl_map_reset_tuple_id(M, isl_dim_in);
    M = isl_map_reset_tuple_id(M, isl_dim_out);
    for (unsigned K = 0; K < D; ++K) {
      M = isl_map_set_dim_name(M, isl_dim_in, K, ("d" + std::to_string(K)).c_str());
      M = isl_map_set_dim_name(M, isl_dim_out, K, ("d" + std::to_string(K)).c_str());
    }
    isl::set Deltas = checked(isl::manage(isl_map_deltas(M)));
    const auto &Loops = N.Statements[A.Stmt].Loops;
    std::vector<DirectionVector> Vectors;
    DirectionVector Prefix;
    std::function<void(const isl::set &, unsigned)> Enumerate = [&](const isl::set &S,
                                                                  unsigned K) {
      if (K == D) {
        Vectors.push_back(Prefix);
        return;
      }
      int Sign = N.Loops[Loops[K]].Step < 0 ? -1 : 1;
      for (Direction Dir : {Direction::LT, Direction::EQ, Direction::GT}) {
        isl::set Sub = restrictDirection(S, K, Dir, Sign);
        if (Sub.is_empty())
          continue;
        Prefix.push_back(Dir);
        Enumerate(Sub, K + 1);
        Prefix.pop_back();
      }
    };
    Enumerate(Deltas, 0);
    if (Vectors.empty()) {
      Remember({});
      return;
    }
    std::vector<std::optional<int64_t>> Distances(D);
    isl::point P = Deltas.sample_point();
    if (!P.is_null() && !isl_point_is_void(P.get())) {
      for (unsigned K = 0; K < D; ++K) {
        isl_val *V = isl_point_get_coordinate_val(P.get(), isl_dim_set, K);
        if (!V)
          continue;
        bool IsInt = isl_val_is_int(V) == isl_bool_true;
        int64_t C = IsInt ? isl_val_get_num_si(V) : 0;
        isl_val_free(V);
        if (!IsInt)
          continue;
        bool Below = !constrainDim(Deltas, K, -1, C - 1, false).is_empty(); // d <= C-1
        bool Above = !constrainDim(Deltas, K, 1, -(C + 1), false).is_empty(); // d >= C+1
        if (!Below && !Above)
          Distances[K] = C;
      }
    }
    Remember({true, Vectors, Distances});
    addDependence(Src, Snk, std::move(Vectors), std::move(Distances), !Why.empty(), Why);
  } catch (const isl::exception &) {
    if (late()) {
      addConservative(Src, Snk, "the analysis ran past its time limit");
      return;
    }
    addConservative(Src, Snk, "exact test exceeded its budget");
    Info.OverBudget.push_back("line " + std::to_string(N.Statements[A.Stmt].Loc.Line) + " -> line " +
                              std::to_string(N.Statements[Bc.Stmt].Loc.Line));
  }
}

//===----------------------------------------------------------------------===//
// Per loop: privatization, reductions, verdict
//===----------------------------------------------------------------------===//

std::vector<unsigned> DependenceAnalyzer::statementsIn(unsigned L) const {
  std::vector<unsigned> R;
  for (const Statement &S : N.Statements)
    if (inLoop(S, L))
      R.push_back(S.Id);
  return R;
}

/// A scalar declared inside Loop's body has one instance per iteration.
bool DependenceAnalyzer::privateByDeclaration(unsigned L, MemoryRef M) const {
  if (!M.isScalar())
    return false;
  const ScalarInfo &S = N.Scalars[M.Index];
  return std::find(S.DeclLoops.begin(), S.DeclLoops.end(), L) != S.DeclLoops.end();
}

/// Exact: is every read of M inside L preceded, in the same iteration of L
/// (and of the loops around it), by a must-write of the same element?
bool DependenceAnalyzer::coversReads(unsigned L, MemoryRef M) const {
  auto Cached = Covered.find({L, M});
  if (Cached != Covered.end())
    return Cached->second;
  return Covered[{L, M}] = computeCoversReads(L, M);
}

bool DependenceAnalyzer::computeCoversReads(unsigned L, MemoryRef M) const {
  if (!B || late())
    return false;
  unsigned Pos = N.Loops[L].Depth;
  std::vector<unsigned> Reads, Writes;
  for (const Access &A : N.Accesses) {
    if (MemoryRef::of(A) != M && !(A.isArray() && M.isArray() &&
                                   N.Arrays[A.Index].AliasClass == N.Arrays[M.Index].AliasClass))
      continue;
    if (!inLoop(N.Statements[A.Stmt], L))
      continue;
    if (MemoryRef::of(A) != M) {
      // A possibly aliased array is accessed in the loop: its writes could
      // change M behind our back, its reads could see the private copy's
      // absence. Give up.
      return false;
    }
    if (A.IsWrite) {
      if (Exact[A.Id])
        Writes.push_back(A.Id);
    } else {
      Reads.push_back(A.Id);
    }
  }
  try {
    for (unsigned R : Reads) {
      if (Relations[R].is_null())
        return false;
      // The (instance, element) pairs the read may touch, minus those some
      // must-write of the same iteration wrote earlier. (Pairs, not
      // instances: a non-affine read may touch many elements.)
      unsigned Stmt = N.Accesses[R].Stmt;
      isl::map Uncovered = Relations[R];
      for (unsigned W : Writes) {
        if (Relations[W].is_null())
          continue;
        Ctx.resetBudget();
        isl::map Before = orderMap(W, R, static_cast<int>(Pos)).reverse();
        Before = Before.intersect_domain(Domains[Stmt]);
        Uncovered = Uncovered.subtract(Before.apply_range(Relations[W]));
      }
      if (!Uncovered.is_empty())
        return false;
    }
  } catch (const isl::exception &) {
    return false;
  }
  return true;
}

/// Is M possibly read after loop L finishes? Scalars declared outside the
/// nest and arrays: yes (we cannot see after the nest). Scalars declared in
/// the nest: if some statement outside L reads them.
bool DependenceAnalyzer::isLiveAfter(unsigned L, MemoryRef M) const {
  if (M.isArray() || (!N.Scalars[M.Index].declaredInside() && N.Scalars[M.Index].ReadAfterNest))
    return true;
  for (const Access &A : N.Accesses)
    if (MemoryRef::of(A) == M && !A.IsWrite && !inLoop(N.Statements[A.Stmt], L))
      return true;
  return false;
}

/// Does every iteration of L (within one iteration of the loops around it)
/// surely write every element of M that any of those iterations may write?
/// Then the last iteration's private copy holds the final values.
bool DependenceAnalyzer::copyOutValid(unsigned L, MemoryRef M) const {
  if (!B || late())
    return false;
  unsigned Pos = N.Loops[L].Depth;
  try {
    Ctx.resetBudget();
    // Prefix space P[o..., l] and the iterations of L that run something.
    std::vector<unsigned> Prefix;
    for (int K = static_cast<int>(L); K >= 0; K = N.Loops[K].Parent)
      Prefix.insert(Prefix.begin(), static_cast<unsigned>(K));
    isl::space PSpace = B->loopSpace("P", Prefix);
    auto ToPrefix = [&](isl_map *Map) {
      isl_size In = isl_map_dim(Map, isl_dim_in);
      Map = isl_map_project_out(Map, isl_dim_in, Pos + 1, In - (Pos + 1));
      Map = isl_map_set_tuple_name(Map, isl_dim_in, "P");
      for (unsigned K = 0; K <= Pos; ++K)
        Map = isl_map_set_dim_name(Map, isl_dim_in, K,
                                   isl_space_get_dim_name(PSpace.get(), isl_dim_set, K));
      return Map;
    };
    // Every iteration of L by its bounds, whether or not a guard lets a
    // statement run in it: the copy back reads the last one (an iteration
    // whose guards fail writes nothing, and must then write nothing that
    // others write). Bounds ISL cannot represent are dropped: more
    // iterations, a stricter test.
    isl::set Iters = B->domain("P", Prefix, {});
    isl::map MustW, MayW;
    bool Any = false;
    for (unsigned S : statementsIn(L))
      if (Domains[S].is_null())
        return false;
    for (const Access &A : N.Accesses) {
      if (MemoryRef::of(A) != M || !A.IsWrite || !inLoop(N.Statements[A.Stmt], L))
        continue;
      if (Relations[A.Id].is_null())
        return false;
      isl::map W = checked(isl::manage(ToPrefix(Relations[A.Id].copy())));
      if (!Any) {
        MayW = W.subtract(W); // empty map of the right space
        MustW = MayW;
        Any = true;
      }
      MayW = MayW.unite(W);
      if (Exact[A.Id])
        MustW = MustW.unite(W);
    }
    if (!Any)
      return true;
    // T = { P[o,l] -> P[o,l'] : both iterations run }.
    isl_map *T = isl_map_from_domain_and_range(Iters.copy(), Iters.copy());
    {
      isl_basic_map *Eq = isl_basic_map_universe(isl_map_get_space(T));
      for (unsigned K = 0; K < Pos; ++K)
        Eq = addEquality(Eq, K);
      T = isl_map_intersect(T, isl_map_from_basic_map(Eq));
    }
    isl::map Need = checked(isl::manage(T)).apply_range(MayW);
    return Need.subtract(MustW).is_empty();
  } catch (const isl::exception &) {
    return false;
  }
}

bool DependenceAnalyzer::expandable(unsigned L, MemoryRef M) {
  if (!M.isScalar())
    return false;
  if (privateByDeclaration(L, M))
    return true; // declared in L's body (or deeper): one instance per iteration
  if (!coversReads(L, M))
    return false;
  return !isLiveAfter(L, M) || copyOutValid(L, M);
}

void DependenceAnalyzer::analyzeLoop(unsigned L) {
  LoopVerdict &V = Info.Verdicts[L];
  V.Loop = L;
  V.Blocking = Info.carriedDependences(L);

  // Reductions: group the candidate statements of L by (variable, operator).
  std::vector<ReductionGroup> Groups;
  for (unsigned S : statementsIn(L)) {
    const std::optional<ReductionForm> &F = Forms[S];
    if (!F || privateByDeclaration(L, F->Memory))
      continue;
    ReductionGroup *G = nullptr;
    for (ReductionGroup &X : Groups)
      if (X.R.Memory == F->Memory && X.R.Op == F->Op)
        G = &X;
    if (!G) {
      Groups.emplace_back();
      G = &Groups.back();
      G->R.Loop = L;
      G->R.Memory = F->Memory;
      G->R.Op = F->Op;
      G->R.Text = F->Text;
    }
    G->R.Statements.push_back(S);
    for (unsigned A : F->Accesses) {
      G->R.Accesses.push_back(A);
      G->AccessSet.insert(A);
    }
  }
  pairArgUpdates(L, Groups);
  for (unsigned DId : V.Blocking) {
    const Dependence &D = Info.Deps[DId];
    for (ReductionGroup &G : Groups) {
      bool In1 = G.AccessSet.count(D.SourceAccess), In2 = G.AccessSet.count(D.SinkAccess);
      if (In1 && In2)
        G.R.Dependences.push_back(DId);
      else if (In1 || In2)
        G.Spoiled = true;
    }
  }

  // Privatization: memories with a carried dependence between two of their
  // own accesses.
  std::vector<MemoryRef> Candidates;
  for (unsigned DId : V.Blocking) {
    const Dependence &D = Info.Deps[DId];
    MemoryRef M1 = MemoryRef::of(N.Accesses[D.SourceAccess]),
              M2 = MemoryRef::of(N.Accesses[D.SinkAccess]);
    if (M1 == M2 && std::find(Candidates.begin(), Candidates.end(), M1) == Candidates.end())
      Candidates.push_back(M1);
  }
  std::sort(Candidates.begin(), Candidates.end());
  for (MemoryRef M : Candidates) {
    if (privateByDeclaration(L, M) || !coversReads(L, M))
      continue;
    Privatization P;
    P.Loop = L;
    P.Memory = M;
    P.LastPrivate = isLiveAfter(L, M);
    if (P.LastPrivate && !copyOutValid(L, M))
      continue;
    for (unsigned DId : V.Blocking) {
      const Dependence &D = Info.Deps[DId];
      if (MemoryRef::of(N.Accesses[D.SourceAccess]) == M &&
          MemoryRef::of(N.Accesses[D.SinkAccess]) == M)
        P.Dependences.push_back(DId);
    }
    Info.Privs[L].push_back(std::move(P));
  }

  // Which blocking dependences stay?
  std::set<unsigned> ByPrivatization, ByReduction;
  for (const Privatization &P : Info.Privs[L])
    ByPrivatization.insert(P.Dependences.begin(), P.Dependences.end());
  for (ReductionGroup &G : Groups) {
    if (G.Spoiled || G.R.Dependences.empty())
      continue;
    ByReduction.insert(G.R.Dependences.begin(), G.R.Dependences.end());
    Info.Reds[L].push_back(G.R);
  }
  for (unsigned DId : V.Blocking)
    if (!ByPrivatization.count(DId) && !ByReduction.count(DId))
      V.Unresolved.push_back(DId);

  // Verdict and reason.
  auto PrivText = [&]() {
    std::string S;
    for (const Privatization &P : Info.Privs[L])
      S += (S.empty() ? "" : ", ") + nameOf(N, P.Memory) + (P.LastPrivate ? " (last-private)" : "");
    return S;
  };
  if (V.Blocking.empty()) {
    V.K = LoopVerdict::Parallel;
    V.Reason = "no loop-carried dependence";
  } else if (!V.Unresolved.empty()) {
    V.K = LoopVerdict::Sequential;
    V.Reason = describe(N, Info.Deps[V.Unresolved[0]], L);
    if (V.Unresolved.size() > 1) {
      V.Reason += "; also";
      for (size_t K = 1; K < V.Unresolved.size(); ++K)
        V.Reason += " " + Info.Deps[V.Unresolved[K]].name();
    }
  } else if (!Info.Reds[L].empty()) {
    V.K = LoopVerdict::Reduction;
    for (const Reduction &R : Info.Reds[L])
      V.Reason += (V.Reason.empty() ? "" : ", ") + R.describe();
    if (!Info.Privs[L].empty())
      V.Reason += "; privatize " + PrivText();
  } else {
    V.K = LoopVerdict::ParallelAfterPrivatization;
    V.Reason = "privatize " + PrivText();
  }
  if (V.K == LoopVerdict::Sequential)
    findScan(L);

  distribute(L);
}

/// A sequential loop whose only statement is a first-order recurrence
/// (recognizeRecurrence) carrying nothing but that recurrence: each
/// blocking dependence is an exact RAW from the statement's store of X to
/// its read of the previous element, one iteration later.
void DependenceAnalyzer::findScan(unsigned L) {
  std::vector<unsigned> Stmts = statementsIn(L);
  if (Stmts.size() != 1)
    return;
  const Statement &S = N.Statements[Stmts[0]];
  std::optional<RecurrenceForm> F = recognizeRecurrence(N, S, L);
  if (!F)
    return;
  LoopVerdict &V = Info.Verdicts[L];
  std::set<unsigned> Own(F->Accesses.begin(), F->Accesses.end());
  // The store's subscripts are injective in L's iterator, so within one
  // iteration of the loops around L (and of those inside it) the element
  // read at i was stored at i - 1 alone: the RAW carried by L must be the
  // only dependence L carries, and '=' on the loops inside L.
  for (unsigned DId : V.Blocking) {
    const Dependence &D = Info.Deps[DId];
    std::optional<unsigned> P = D.position(L);
    if (D.IsMay || D.Kind != DepKind::RAW || D.SourceAccess != F->Store || !Own.count(D.SinkAccess) || !P)
      return;
    for (const DirectionVector &DV : D.vectorsCarriedBy(L))
      for (unsigned K = *P + 1; K < DV.size(); ++K)
        if (DV[K] != Direction::EQ)
          return;
  }
  Scan Sc;
  Sc.Loop = L;
  Sc.Stmt = S.Id;
  Sc.Array = F->Array;
  Sc.Dim = F->Dim;
  Sc.Store = F->Store;
  Sc.Op = F->Op;
  Sc.Element = F->Element;
  Sc.Dependences = V.Blocking;
  Sc.Text = S.Text;
  V.Reason = Sc.describe(N) + "; it carries " + V.Reason;
  Info.Scans[L] = std::move(Sc);
}

/// Same loops and same guards (the same `if` nodes, same branches).
bool DependenceAnalyzer::sameContext(const Statement &A, const Statement &B) const {
  if (A.Loops != B.Loops || A.Guards.size() != B.Guards.size())
    return false;
  for (size_t K = 0; K < A.Guards.size(); ++K) {
    const Guard &G = A.Guards[K], &H = B.Guards[K];
    if (G.IsAffine != H.IsAffine || G.Condition != H.Condition || G.Negated != H.Negated ||
        G.Loc.Raw != H.Loc.Raw)
      return false;
    if (G.IsAffine && G.Cond.str(N.namer()) != H.Cond.str(N.namer()))
      return false;
  }
  return true;
}

/// argmin/argmax: a min/max group of one `if (e < x) x = e;` statement and
/// one `y = f;` under the same guards (the pattern's comparison among them)
/// become one reduction on (x, y). The group takes the index statement's
/// accesses of x and y (its guard reads x), so that a carried dependence
/// involving any other access of either spoils it. Anything less regular
/// (two index candidates, x updated twice) is left alone: the dependences on
/// y then stay unresolved and the loop sequential.
void DependenceAnalyzer::pairArgUpdates(unsigned L, std::vector<ReductionGroup> &Groups) const {
  for (ReductionGroup &G : Groups) {
    if ((G.R.Op != "min" && G.R.Op != "max") || !G.R.Memory.isScalar() ||
        G.R.Statements.size() != 1)
      continue;
    unsigned VS = G.R.Statements[0];
    const ReductionForm &F = *Forms[VS];
    if (!F.Guard)
      continue;
    std::optional<unsigned> XS;
    unsigned Candidates = 0;
    for (unsigned S : statementsIn(L)) {
      const std::optional<MemoryRef> &Y = IndexForms[S];
      if (S == VS || !Y || *Y == G.R.Memory || privateByDeclaration(L, *Y) ||
          !sameContext(N.Statements[S], N.Statements[VS]))
        continue;
      ++Candidates;
      XS = S;
    }
    if (Candidates != 1)
      continue;
    MemoryRef Y = *IndexForms[*XS];
    G.R.Op = G.R.Op == "min" ? "argmin" : "argmax";
    G.R.Index = Y;
    G.R.IndexText = nameOf(N, Y);
    G.R.FirstOnTies = F.StrictGuard;
    G.R.Statements.push_back(*XS);
    std::sort(G.R.Statements.begin(), G.R.Statements.end());
    for (unsigned A : N.Statements[*XS].Accesses) {
      MemoryRef M = MemoryRef::of(N.Accesses[A]);
      if (M == Y || M == G.R.Memory) {
        G.R.Accesses.push_back(A);
        G.AccessSet.insert(A);
      }
    }
  }
}

std::string Reduction::describe() const {
  if (!isArg())
    return Text + " (" + Op + ")";
  return "(" + Text + ", " + IndexText + ") (" + Op + ", " + (FirstOnTies ? "first" : "last") +
         " on ties)";
}

//===----------------------------------------------------------------------===//
// Distribution
//===----------------------------------------------------------------------===//

void DependenceAnalyzer::distribute(unsigned L) {
  std::vector<unsigned> Stmts = statementsIn(L);
  if (Stmts.empty())
    return;
  std::map<unsigned, unsigned> Local; // statement id -> node
  for (unsigned K = 0; K < Stmts.size(); ++K)
    Local[Stmts[K]] = K;
  unsigned Pos = N.Loops[L].Depth;

  std::map<MemoryRef, bool> Expandable;
  auto IsExpandable = [&](MemoryRef M) {
    auto It = Expandable.find(M);
    if (It != Expandable.end())
      return It->second;
    return Expandable[M] = expandable(L, M);
  };

  std::vector<std::set<unsigned>> Succ(Stmts.size());
  for (const Dependence &D : Info.Deps) {
    if (!Local.count(D.SourceStmt) || !Local.count(D.SinkStmt) || D.CommonLoops.size() <= Pos)
      continue;
    MemoryRef M1 = MemoryRef::of(N.Accesses[D.SourceAccess]),
              M2 = MemoryRef::of(N.Accesses[D.SinkAccess]);
    bool Expanded = M1 == M2 && M1.isScalar() && IsExpandable(M1);
    bool Edge = false;
    for (const DirectionVector &V : D.Directions) {
      if (!allEqual(V, 0, Pos))
        continue; // carried by an outer loop: distribution keeps its order
      if (Expanded && V[Pos] != Direction::EQ)
        continue; // gone once the scalar is expanded along L
      Edge = true;
    }
    if (Edge && D.SourceStmt != D.SinkStmt)
      Succ[Local[D.SourceStmt]].insert(Local[D.SinkStmt]);
  }

  // Tarjan's strongly connected components.
  unsigned NStmts = Stmts.size(), Counter = 0;
  std::vector<int> Index(NStmts, -1), Low(NStmts, 0), Comp(NStmts, -1);
  std::vector<bool> OnStack(NStmts, false);
  std::vector<unsigned> Stack;
  unsigned NComps = 0;
  std::function<void(unsigned)> Visit = [&](unsigned V) {
    Index[V] = Low[V] = Counter++;
    Stack.push_back(V);
    OnStack[V] = true;
    for (unsigned W : Succ[V]) {
      if (Index[W] < 0) {
        Visit(W);
        Low[V] = std::min(Low[V], Low[W]);
      } else if (OnStack[W]) {
        Low[V] = std::min(Low[V], Index[W]);
      }
    }
    if (Low[V] == Index[V]) {
      unsigned W;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack[W] = false;
        Comp[W] = NComps;
      } while (W != V);
      ++NComps;
    }
  };
  for (unsigned V = 0; V < NStmts; ++V)
    if (Index[V] < 0)
      Visit(V);

  // Topological order of the components, lowest statement first on ties.
  std::vector<std::vector<unsigned>> Members(NComps);
  for (unsigned V = 0; V < NStmts; ++V)
    Members[Comp[V]].push_back(Stmts[V]);
  std::vector<std::set<unsigned>> CSucc(NComps);
  std::vector<unsigned> InDeg(NComps, 0);
  for (unsigned V = 0; V < NStmts; ++V)
    for (unsigned W : Succ[V])
      if (Comp[V] != Comp[W] && CSucc[Comp[V]].insert(Comp[W]).second)
        ++InDeg[Comp[W]];
  using Item = std::pair<unsigned, unsigned>; // (first statement, component)
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Ready;
  for (unsigned C = 0; C < NComps; ++C)
    if (!InDeg[C])
      Ready.push({Members[C].front(), C});
  auto &Out = Info.Distributions[L];
  std::map<unsigned, unsigned> PartOf;
  while (!Ready.empty()) {
    unsigned C = Ready.top().second;
    Ready.pop();
    for (unsigned S : Members[C])
      PartOf[S] = Out.size();
    Out.push_back(Members[C]);
    for (unsigned W : CSucc[C])
      if (--InDeg[W] == 0)
        Ready.push({Members[W].front(), W});
  }

  // Scalars whose accesses end up in different partitions.
  std::map<unsigned, std::set<unsigned>> Parts;
  for (const Access &A : N.Accesses)
    if (A.isScalar() && PartOf.count(A.Stmt))
      Parts[A.Index].insert(PartOf[A.Stmt]);
  for (auto &[Scalar, Ps] : Parts) {
    if (Ps.size() < 2 || !N.Scalars[Scalar].IsWritten)
      continue;
    bool Written = false;
    for (const Access &A : N.Accesses)
      Written |= A.isScalar() && A.Index == Scalar && A.IsWrite && PartOf.count(A.Stmt);
    if (Written && IsExpandable({Access::Target::Scalar, Scalar}))
      Info.Expansions[L].push_back(Scalar);
  }
}

//===----------------------------------------------------------------------===//
// Permutations
//===----------------------------------------------------------------------===//

void DependenceAnalyzer::computeBand() {
  if (N.Loops.empty())
    return;
  if (!N.Root.empty()) {
    const std::vector<NodePtr> *Body = &N.Root;
    while (Body->size() == 1 && (*Body)[0]->K == Node::Kind::Loop) {
      Info.Band.push_back((*Body)[0]->Id);
      Body = &(*Body)[0]->Body;
    }
    return;
  }
  // No tree (hand-built IR): use the flat tables.
  std::vector<unsigned> Tops;
  for (const Loop &L : N.Loops)
    if (L.Parent < 0)
      Tops.push_back(L.Id);
  if (Tops.size() != 1)
    return;
  unsigned Cur = Tops[0];
  for (;;) {
    Info.Band.push_back(Cur);
    std::vector<unsigned> Children;
    for (const Loop &L : N.Loops)
      if (L.Parent == static_cast<int>(Cur))
        Children.push_back(L.Id);
    bool DirectStmt = false;
    for (const Statement &S : N.Statements)
      DirectStmt |= !S.Loops.empty() && S.Loops.back() == Cur;
    if (Children.size() != 1 || DirectStmt)
      return;
    Cur = Children[0];
  }
}

bool DependenceInfo::isLegalPermutation(const std::vector<unsigned> &BandLoops,
                                        const std::vector<unsigned> &NewOrder) const {
  return BandLoops.size() == NewOrder.size() &&
         std::is_permutation(BandLoops.begin(), BandLoops.end(), NewOrder.begin()) &&
         !permutationViolation(*this, BandLoops, NewOrder);
}

bool DependenceInfo::isTileable(const std::vector<unsigned> &BandLoops) const {
  return !tilingViolation(*this, BandLoops);
}

std::vector<std::vector<unsigned>>
DependenceInfo::legalPermutations(const std::vector<unsigned> &BandLoops) const {
  std::vector<std::vector<unsigned>> R;
  if (BandLoops.empty() || BandLoops.size() > 7)
    return BandLoops.empty() ? R : std::vector<std::vector<unsigned>>{BandLoops};
  std::vector<unsigned> Idx(BandLoops.size());
  for (unsigned K = 0; K < Idx.size(); ++K)
    Idx[K] = K;
  do {
    std::vector<unsigned> Order;
    for (unsigned K : Idx)
      Order.push_back(BandLoops[K]);
    if (isLegalPermutation(BandLoops, Order))
      R.push_back(Order);
  } while (std::next_permutation(Idx.begin(), Idx.end()));
  return R;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace {
std::atomic<unsigned long> AnalysesTimedOut{0};
std::atomic<double> DefaultSeconds{30};
} // namespace

double DependenceOptions::defaultSecondsPerAnalysis() { return DefaultSeconds; }
void DependenceOptions::setDefaultSecondsPerAnalysis(double Seconds) { DefaultSeconds = Seconds; }

DependenceInfo analyzeDependences(const Nest &N, const DependenceOptions &Opts) {
  DependenceInfo Info;
  {
    DependenceAnalyzer A(N, Opts, Info);
    A.run();
  }
  if (Info.timedOut())
    ++AnalysesTimedOut;
  return Info;
}

unsigned long dependenceAnalysesTimedOut() { return AnalysesTimedOut; }

static const Clause *findClause(const Loop &L, Clause::Kind K) {
  for (const Clause &C : L.Clauses)
    if (C.K == K)
      return &C;
  return nullptr;
}

bool reportIncomplete(const Nest &N, const DependenceInfo &Info, DiagnosticSink &Diags) {
  if (!Info.incomplete())
    return false;
  Diags.error(N.Loc, "the dependence analysis stopped: the nest's " + std::to_string(N.Accesses.size()) +
                         " accesses give more than " + std::to_string(DependenceOptions().MaxDependences) +
                         " dependences (its statements keep touching the same data); split the loop into "
                         "smaller ones or combine statements");
  return true;
}

void checkParallelClauses(const Nest &N, const DependenceInfo &DI, DiagnosticSink &Diags) {
  for (const Loop &L : N.Loops) {
    const Clause *Par = findClause(L, Clause::Kind::Parallel);
    const Clause *Seq = findClause(L, Clause::Kind::Sequential);
    SourceLoc Where = Par && Par->Loc.isValid() ? Par->Loc : L.Loc;
    if (Par && Seq) {
      Diags.error(Where, "loop '" + L.Iterator + "' is marked both parallel and sequential");
      continue;
    }
    if (!Par)
      continue;
    const LoopVerdict &V = DI.verdict(L.Id);
    if (V.K != LoopVerdict::Sequential)
      continue;
    // Dependences only on variables the user declared private(...) are the
    // user's responsibility.
    std::set<std::string> UserPrivate;
    for (const Clause &C : L.Clauses)
      if (C.K == Clause::Kind::Private)
        UserPrivate.insert(C.Names.begin(), C.Names.end());
    std::vector<unsigned> Real;
    std::set<std::string> Asserted;
    for (unsigned DId : V.Unresolved) {
      const Dependence &D = DI.dependence(DId);
      const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
      if (MemoryRef::of(Src) == MemoryRef::of(Snk) && UserPrivate.count(N.targetName(Src)))
        Asserted.insert(N.targetName(Src));
      else
        Real.push_back(DId);
    }
    if (Real.empty()) {
      for (const std::string &Name : Asserted)
        Diags.warning(Where, "loop '" + L.Iterator + "' is parallel only because '" + Name +
                                 "' is declared private; the analysis could not prove that "
                                 "privatizing it is safe");
      continue;
    }
    const Dependence &D = DI.dependence(Real[0]);
    const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
    SourceLoc SrcLoc = locOf(N, Src), SnkLoc = locOf(N, Snk);
    auto LC = [](SourceLoc X) { return std::to_string(X.Line) + ":" + std::to_string(X.Col); };
    std::string Dirs;
    for (const DirectionVector &Vec : D.vectorsCarriedBy(L.Id))
      Dirs += (Dirs.empty() ? "" : " ") + str(Vec);
    Diags.error(Where, "loop '" + L.Iterator + "' is marked parallel but carries a " +
                           (D.IsMay ? "possible " : "") + spelling(D.Kind) + " dependence " +
                           D.name() + " on '" + N.targetName(Src) + "' from " +
                           accessText(N, Src) + " (" + LC(SrcLoc) + ") to " + accessText(N, Snk) +
                           " (" + LC(SnkLoc) + "), direction " + Dirs);
    Diags.note(SrcLoc, "dependence source: " + accessText(N, Src));
    Diags.note(SnkLoc, "dependence sink: " + accessText(N, Snk));
  }
}

} // namespace loopgpu
