//===- Dependences.h - Exact data-dependence analysis of a nest --*- C++ -*-===//
//
// Computed once per nest (analyzeDependences), never mutates the IR, and
// queried by every transformation and by code generation:
//
//   - the dependences between accesses, each with its distinct direction
//     vectors over the common loops and its constant distances
//     (MLIR affine's DependenceComponent idea: one structure, used everywhere);
//   - a verdict per loop (parallel / parallel after privatization /
//     reduction / sequential) with the blocking dependences and a reason;
//   - legal permutations of the outermost perfectly nested band;
//   - loop distribution (statement SCCs in topological order) and the scalars
//     that distribution has to expand into arrays;
//   - privatizable scalars and arrays, and reductions, per loop.
//
// Exactness. Dependences between affine accesses are decided by ISL over the
// exact iteration domains (bounds, steps, affine guards) and the exact
// execution order, so a reported dependence really occurs for some parameter
// values and an unreported one never does. Parameters are not assumed
// non-negative. Everything else is over-approximated: a non-affine access
// may touch any element of its array, a statement under a data-dependent
// guard may execute in any iteration of its domain, arrays of the same alias
// class may overlap; such dependences are marked IsMay.
//
// Execution order. Iteration x of a statement runs before iteration y of
// another iff at the first common loop where they differ x comes first in
// that loop's execution order (a Step < 0 loop runs downward), or they agree
// on every common loop and the first statement is textually first (lower id).
// Within one instance of a statement, reads happen before writes, and
// accesses of the same kind follow Statement::Accesses order.
//
// Directions are in execution order: '<' means the source runs in an earlier
// iteration of that loop than the sink, whatever the sign of the step.
// Distances are iterator differences, sink minus source (so '<' goes with a
// negative distance on a Step < 0 loop).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_ANALYSIS_DEPENDENCES_H
#define LOOPGPU_ANALYSIS_DEPENDENCES_H

#include "loopgpu/IR/Diagnostics.h"
#include "loopgpu/IR/LoopNest.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

/// One component of a direction vector.
enum class Direction { LT, EQ, GT, Star };
/// "<", "=", ">", "*".
const char *spelling(Direction D);

/// One direction per common loop, outermost first.
using DirectionVector = std::vector<Direction>;
/// "(=,<)"; "()" for no common loop.
std::string str(const DirectionVector &V);

enum class DepKind { RAW, WAR, WAW };
/// "RAW", "WAR", "WAW".
const char *spelling(DepKind K);

/// A piece of memory of the nest: an array or a scalar.
struct MemoryRef {
  Access::Target On = Access::Target::Array;
  unsigned Index = 0;

  static MemoryRef of(const Access &A) { return {A.On, A.Index}; }
  bool isArray() const { return On == Access::Target::Array; }
  bool isScalar() const { return On == Access::Target::Scalar; }
  bool operator==(const MemoryRef &O) const { return On == O.On && Index == O.Index; }
  bool operator!=(const MemoryRef &O) const { return !(*this == O); }
  bool operator<(const MemoryRef &O) const {
    return On != O.On ? On < O.On : Index < O.Index;
  }
};
/// The name of the array or scalar.
const std::string &nameOf(const Nest &N, MemoryRef M);

/// A dependence from one access (the source, executed first) to another (the
/// sink), summarizing every pair of instances that touch the same memory.
struct Dependence {
  unsigned Id = 0;            ///< index in DependenceInfo::dependences(); printed D<Id+1>
  DepKind Kind = DepKind::RAW;
  unsigned SourceAccess = 0, SinkAccess = 0; ///< Nest::Accesses ids
  unsigned SourceStmt = 0, SinkStmt = 0;     ///< Nest::Statements ids
  std::vector<unsigned> CommonLoops;         ///< outermost first
  /// The distinct direction vectors that occur, over CommonLoops, sorted.
  /// Never contains Direction::Star; never empty.
  std::vector<DirectionVector> Directions;
  /// Per common loop: the sink iterator minus the source iterator when it is
  /// the same for every pair of instances.
  std::vector<std::optional<int64_t>> Distances;
  /// The dependence may not occur (non-affine access, data-dependent guard,
  /// possible alias, or the exact test ran out of budget); its directions
  /// then over-approximate.
  bool IsMay = false;
  std::string MayReason;      ///< why IsMay, for the user

  std::string name() const { return "D" + std::to_string(Id + 1); }
  /// Position of Loop in CommonLoops.
  std::optional<unsigned> position(unsigned Loop) const;
  /// Every direction vector is all '=' (the dependence is within one
  /// iteration of every common loop).
  bool isLoopIndependent() const;
  /// Some direction vector is all '='.
  bool hasLoopIndependentVector() const;
  /// Some direction vector is '=' on every common loop outside Loop and not
  /// '=' on Loop: the loop carries the dependence (it blocks parallelism).
  bool isCarriedBy(unsigned Loop) const;
  /// The direction vectors carried by Loop (see isCarriedBy).
  std::vector<DirectionVector> vectorsCarriedBy(unsigned Loop) const;
  /// Some direction vector is '=' on every common loop outside Loop (the
  /// dependence constrains statement order inside one iteration of those
  /// loops: it matters for distributing Loop).
  bool isWithinOuterIterationsOf(unsigned Loop) const;
  /// One direction per common loop: the common direction of all vectors, or
  /// '*' where they differ.
  DirectionVector summary() const;
};

/// Whether a loop can run its iterations in parallel, and why.
struct LoopVerdict {
  enum Kind { Parallel, ParallelAfterPrivatization, Reduction, Sequential };
  unsigned Loop = 0;
  Kind K = Parallel;
  /// Human-readable: for Sequential the first unresolved dependence, e.g.
  /// `RAW A[i][j] -> A[i][j-1] lines 13->13, direction (=,<)`.
  std::string Reason;
  /// Every dependence the loop carries (what the parallelism theorem says
  /// blocks it), whether or not privatization or a reduction resolves it.
  std::vector<unsigned> Blocking;
  /// The blocking dependences that nothing resolves (empty unless Sequential).
  std::vector<unsigned> Unresolved;
};
/// "parallel", "parallel-after-privatization", "reduction", "sequential".
const char *spelling(LoopVerdict::Kind K);

/// A scalar or array that can be made private to each iteration of a loop:
/// every read of it in an iteration reads a value written earlier in the
/// same iteration by a write that surely executes.
struct Privatization {
  unsigned Loop = 0;
  MemoryRef Memory;
  /// The value may be read after the loop (scalars declared outside the
  /// nest, scalars read elsewhere in the nest, arrays): the privatized loop
  /// must copy the last iteration's value out. Only reported when that is
  /// valid, i.e. every iteration writes every element any iteration writes.
  bool LastPrivate = false;
  std::vector<unsigned> Dependences; ///< the carried dependences it removes
};

/// A reduction of a loop: every access to the variable inside the loop is an
/// update `x op= e` (or an equivalent form) with the same associative and
/// commutative operator, and e does not read x.
///
/// argmin/argmax: `if (e < x) { x = e; y = f; }` (one update of x, one of a
/// scalar y under the same guards, f a function of the iterators and
/// parameters; neither variable otherwise accessed in the loop). The result
/// is the smallest (largest) e with the y of its iteration, or x and y
/// unchanged when no e beats x; on equal values a strict comparison (`<`,
/// `>`) keeps the first such iteration in execution order, `<=` and `>=`
/// the last.
struct Reduction {
  unsigned Loop = 0;
  MemoryRef Memory;          ///< the reduction variable (scalar or array)
  /// "+", "*", "min", "max", "&", "|", "^", "argmin", "argmax"
  std::string Op;
  std::string Text;          ///< the variable as written, e.g. "sum", "C[i][j]"
  /// argmin/argmax: the scalar y recording the chosen iteration.
  std::optional<MemoryRef> Index;
  std::string IndexText;     ///< y as written
  bool FirstOnTies = true;   ///< argmin/argmax: which iteration equal values keep
  std::vector<unsigned> Statements; ///< the update statements
  std::vector<unsigned> Accesses;   ///< their reads and writes of the variable(s)
  std::vector<unsigned> Dependences;///< the carried dependences it resolves

  bool isArg() const { return Index.has_value(); }
  /// "sum (+)"; "(best, at) (argmin, first on ties)".
  std::string describe() const;
};

/// A first-order linear recurrence carried by a loop: a scan. The loop's
/// only statement is `X[.., i + c, ..] = X[.., i - 1 + c, ..] op e` (or
/// `X[..] op= e` reading X[.., i - 1 + c, ..] in e, or fminf/fmaxf/`?:`
/// forms of min and max), op in + * min max, e reading no element of X
/// other than the one written (its value before the update), no guard; and
/// the recurrence on X is the only dependence the loop carries. With the
/// loop running i = lb .. ub, the values written are the inclusive scan, by
/// op, of the sequence X[.., lb - 1 + c, ..], e(lb), e(lb + 1), ..., e(ub):
/// an associative operator lets the GPU compute it in parallel (floating
/// point reassociates, like a reduction).
struct Scan {
  unsigned Loop = 0;
  unsigned Stmt = 0;
  unsigned Array = 0;        ///< X
  unsigned Dim = 0;          ///< the subscript of X that follows the loop's iterator
  unsigned Store = 0;        ///< the statement's access storing X[.., i + c, ..]
  std::string Op;            ///< "+", "*", "min", "max"
  /// e as an expression of the iterators: X[.., i - 1 + c, ..] op e is the
  /// value the statement stores (its previous-element operand replaced by
  /// op's identity for + and *).
  std::shared_ptr<const Expr> Element;
  std::vector<unsigned> Dependences; ///< the carried dependences it resolves
  std::string Text;          ///< "A[i] = A[i-1] + e"

  /// "scan of A along i (+): first-order linear recurrence on line 5".
  std::string describe(const Nest &N) const;
};

/// The result of the analysis of one nest.
class DependenceInfo {
public:
  const std::vector<Dependence> &dependences() const { return Deps; }
  const Dependence &dependence(unsigned Id) const { return Deps[Id]; }

  /// The dependences Loop carries.
  std::vector<unsigned> carriedDependences(unsigned Loop) const;

  const LoopVerdict &verdict(unsigned Loop) const { return Verdicts[Loop]; }
  /// True if the loop carries no dependence at all.
  bool isParallel(unsigned Loop) const { return Verdicts[Loop].K == LoopVerdict::Parallel; }
  /// True unless the verdict is Sequential: parallel possibly after
  /// privatization or as a reduction.
  bool isParallelizable(unsigned Loop) const {
    return Verdicts[Loop].K != LoopVerdict::Sequential;
  }

  /// Privatizations that loop needs (one per memory with a carried
  /// dependence that privatization removes).
  const std::vector<Privatization> &privatizable(unsigned Loop) const { return Privs[Loop]; }
  /// Reductions of a loop (only those that resolve a carried dependence and
  /// that nothing else in the loop interferes with).
  const std::vector<Reduction> &reductions(unsigned Loop) const { return Reds[Loop]; }
  /// The scan a sequential loop computes (its verdict stays Sequential: it
  /// runs in order unless code generation emits a parallel scan for it).
  const std::optional<Scan> &scan(unsigned Loop) const { return Scans[Loop]; }
  /// "scan" for a loop with a scan, else spelling(verdict(Loop).K).
  const char *verdictSpelling(unsigned Loop) const {
    return Scans[Loop] ? "scan" : spelling(Verdicts[Loop].K);
  }

  /// The outermost perfectly nested band: Loops[0] and each loop whose
  /// parent's body is that loop alone. Empty for an empty nest.
  const std::vector<unsigned> &outermostBand() const { return Band; }
  /// Is running the loops of BandLoops (nested, outermost first) in the order
  /// NewOrder (the same loop ids, new outermost first) legal? The legality
  /// oracle (Legality.h, permutationViolation) answers, with the witness.
  bool isLegalPermutation(const std::vector<unsigned> &BandLoops,
                          const std::vector<unsigned> &NewOrder) const;
  /// Can the band BandLoops (nested, outermost first) be tiled (strip-mined
  /// and the tile loops moved outside)? It must be fully permutable: no
  /// dependence that stays within one iteration of the loops outside the
  /// band has '>' on a band loop (Legality.h, tilingViolation).
  bool isTileable(const std::vector<unsigned> &BandLoops) const;
  /// Every legal order of BandLoops (loop ids, outermost first), the original
  /// order first, then lexicographic.
  std::vector<std::vector<unsigned>> legalPermutations(const std::vector<unsigned> &BandLoops) const;
  /// legalPermutations(outermostBand()).
  std::vector<std::vector<unsigned>> legalPermutations() const {
    return legalPermutations(Band);
  }

  /// Loop distribution of Loop: the statements inside Loop grouped into the
  /// strongly connected components of the dependence graph (dependences that
  /// stay within one iteration of the loops outside Loop), in a topological
  /// order (ties: lowest statement first); each group in textual order.
  /// Dependences on expandable scalars (see scalarsNeedingExpansion) are
  /// counted as if those scalars were expanded into arrays indexed by Loop.
  const std::vector<std::vector<unsigned>> &distribution(unsigned Loop) const {
    return Distributions[Loop];
  }
  /// The scalars (ids) that the distribution of Loop leaves with accesses in
  /// more than one group: they must be expanded into arrays (lecture: "loop
  /// distribution may require array expansion").
  const std::vector<unsigned> &scalarsNeedingExpansion(unsigned Loop) const {
    return Expansions[Loop];
  }

  /// Seconds the analysis took.
  double seconds() const { return Seconds; }
  /// Exact tests that ran out of their ISL budget (MaxOperationsPerTest):
  /// each pair was assumed dependent in every direction, as "source line ->
  /// sink line" of its accesses.
  const std::vector<std::string> &budgetExceeded() const { return OverBudget; }
  /// The analysis ran past DependenceOptions::SecondsPerAnalysis: the pairs
  /// not yet tested then were assumed dependent in every direction, and the
  /// loop-level questions still open (privatization, copy-out, covered
  /// reads) answered no. Sound, but the answer then depends on the
  /// machine's speed.
  bool timedOut() const { return TimedOut; }
  /// The nest has more dependences than DependenceOptions::MaxDependences
  /// (thousands of statements on the same data): the analysis stopped, and
  /// nothing in this result may be used (the driver reports an error).
  bool incomplete() const { return Incomplete; }

private:
  friend class DependenceAnalyzer;
  std::vector<Dependence> Deps;
  std::vector<LoopVerdict> Verdicts;
  std::vector<std::vector<Privatization>> Privs;
  std::vector<std::vector<Reduction>> Reds;
  std::vector<std::optional<Scan>> Scans;
  std::vector<unsigned> Band;
  std::vector<std::vector<std::vector<unsigned>>> Distributions;
  std::vector<std::vector<unsigned>> Expansions;
  double Seconds = 0;
  std::vector<std::string> OverBudget;
  bool TimedOut = false;
  bool Incomplete = false;
};

struct DependenceOptions {
  /// ISL operations allowed per dependence test (0: unlimited). A test that
  /// runs out falls back to a conservative may-dependence.
  unsigned long MaxOperationsPerTest = 400000;
  /// Dependences kept per nest (each pair of conflicting accesses is one):
  /// past it the analysis stops (DependenceInfo::incomplete) instead of
  /// taking gigabytes.
  size_t MaxDependences = 1000000;
  /// Wall-clock seconds for one analysis: each ISL operation is bounded by
  /// the budget above, but a nest with hundreds of pairs of accesses whose
  /// subscripts have large coefficients (linearized arrays, 4096*k + 64*l)
  /// took two minutes in all. PolyBench's nests take 0.35 s at most.
  /// 0: no limit. Default: defaultSecondsPerAnalysis() (30; the driver's
  /// -analysis-time-limit sets it).
  double SecondsPerAnalysis = defaultSecondsPerAnalysis();

  static double defaultSecondsPerAnalysis();
  /// For the whole process (every analysis constructs its own options).
  static void setDefaultSecondsPerAnalysis(double Seconds);
};

/// Analyzes a nest. Never mutates it.
DependenceInfo analyzeDependences(const Nest &N, const DependenceOptions &Opts = {});

/// How many analyses in this process ran past their time limit
/// (DependenceInfo::timedOut): the passes that analyse transformed copies of
/// a nest keep only their verdicts, so the driver compares this count before
/// and after each phase to tell the user.
unsigned long dependenceAnalysesTimedOut();

/// If Info is incomplete (DependenceInfo::incomplete), reports the error at
/// the nest and returns true.
bool reportIncomplete(const Nest &N, const DependenceInfo &Info, DiagnosticSink &Diags);

/// `RAW A[i][j] -> A[i][j-1] lines 13->13, direction (=,<)`; with Loop, only
/// the direction vectors that loop carries.
std::string describe(const Nest &N, const Dependence &D, std::optional<unsigned> Loop = std::nullopt);
/// The source line of an access (its statement's where it has none).
unsigned accessLine(const Nest &N, const Access &A);
/// The source spelling of an access ("A[i][j-1]", "sum").
std::string accessText(const Nest &N, const Access &A);

/// Checks the `parallel` and `sequential` clauses of the nest's loops against
/// the verdicts: a loop marked parallel whose verdict is sequential gets an
/// error at the clause naming the blocking dependence and both access
/// locations, with a note at each access. A dependence only on variables the
/// loop's `private(...)` clause names is accepted with a warning (the user
/// asserts it). A loop marked both parallel and sequential is an error.
void checkParallelClauses(const Nest &N, const DependenceInfo &DI, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_ANALYSIS_DEPENDENCES_H
