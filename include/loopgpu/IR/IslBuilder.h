//===- IslBuilder.h - The loop-nest IR as ISL sets and maps ------*- C++ -*-===//
//
// Translates the affine parts of a Nest into integer sets and relations of
// the Integer Set Library, which decides their emptiness exactly:
//
//   - the parameter space: one ISL parameter per Nest::Params entry, named
//     after it; parameters are NOT assumed non-negative (a loop `i < n` with
//     n <= 0 simply has an empty domain);
//   - the iteration domain of a statement, `S<k>[i0, ..., id-1]` over its
//     enclosing loops, outermost first: inclusive bounds Lower <= i <= Upper,
//     the stride (i - start) mod |Step| == 0 with start = Lower for Step > 0
//     and Upper for Step < 0, and the affine guards. Data-dependent guards are
//     dropped, which over-approximates the domain (the statement's accesses
//     are then "may" accesses);
//   - the access relation of an access, `S<k>[...] -> <array>[subscripts]`;
//     a scalar is a 0-d array, except that a scalar declared inside the nest
//     is indexed by the iterators of its declaring loops (one instance per
//     iteration of those loops). A non-affine access may touch any element.
//
// AffExpr's Div and Rem truncate toward zero like C; they become
// isl_pw_aff_tdiv_q / tdiv_r. Min and Max become isl_pw_aff_min / max.
//
// Expressions that refer to an iterator of a loop that does not enclose the
// statement cannot be represented; the builder then returns a null object
// (`is_null()`), and the callers fall back to a conservative answer.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_IR_ISLBUILDER_H
#define LOOPGPU_IR_ISLBUILDER_H

#include "loopgpu/IR/LoopNest.h"

#include <isl/cpp.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace loopgpu {

/// Owns an isl_ctx. ISL errors continue (the C++ bindings then throw
/// isl::exception), so that an exceeded operation budget can be caught.
class IslContext {
public:
  IslContext();
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;

  isl::ctx get() const { return isl::ctx(Ctx); }
  isl_ctx *raw() const { return Ctx; }

  /// Limits the number of elementary ISL operations until the next
  /// resetBudget(); 0 means no limit. When the limit is hit, ISL operations
  /// fail (the bindings throw isl::exception).
  void setBudget(unsigned long MaxOperations);
  void resetBudget();
  bool budgetExceeded() const;

private:
  isl_ctx *Ctx;
};

/// A wall-clock bound on the ISL computations of one context, beside the
/// operation budget: an operation of isl's tableaux can cost seconds when
/// its integers grow (Fourier-Motzkin elimination in isl's scheduler), so a
/// count of operations alone does not bound the time. While the object
/// lives, a thread aborts the context (isl_ctx_abort: the next operation
/// fails, the bindings throw) once Time has passed; expired() says
/// whether it did. Results then depend on the machine's speed, so callers
/// give it a bound far above any normal run and say so when it fires.
class IslDeadline {
public:
  IslDeadline(const IslContext &Ctx, std::chrono::milliseconds Time);
  ~IslDeadline();
  IslDeadline(const IslDeadline &) = delete;
  IslDeadline &operator=(const IslDeadline &) = delete;
  bool expired() const;

private:
  struct State;
  std::unique_ptr<State> S;
};

/// Builds ISL objects for one nest. Cheap to construct; caches nothing that
/// outlives the nest.
class IslBuilder {
public:
  IslBuilder(const Nest &N, isl::ctx Ctx);

  const Nest &nest() const { return N; }
  isl::ctx ctx() const { return isl::ctx(Ctx); }

  /// The parameter space (a set space with no dimensions).
  isl::space paramSpace() const;
  /// A set space named Name with one dimension per loop of Loops (named after
  /// the iterators), over the parameter space.
  isl::space loopSpace(const std::string &Name, const std::vector<unsigned> &Loops) const;
  /// The set space of a statement: `S<Id>` over Statement::Loops.
  isl::space statementSpace(unsigned Stmt) const;
  /// The tuple name of a statement's space.
  static std::string statementTupleName(unsigned Stmt);

  /// E as a piecewise quasi-affine function on the set space Space, whose
  /// dimensions are the iterators of Loops (in that order). Null if E uses
  /// an iterator that is not in Loops.
  isl::pw_aff pwAff(const AffExpr &E, const isl::space &Space,
                    const std::vector<unsigned> &Loops) const;
  /// The subset of Space where C holds. Null if C uses an iterator that is
  /// not in Loops.
  isl::set condition(const AffCond &C, const isl::space &Space,
                     const std::vector<unsigned> &Loops) const;

  /// The values loop Loops[Position] takes given the outer iterators: bounds
  /// and stride, as a subset of Space (dimensions = Loops). Bounds that cannot
  /// be represented are dropped (over-approximation).
  isl::set loopRange(const isl::space &Space, const std::vector<unsigned> &Loops,
                     unsigned Position) const;
  /// The iteration domain of a statement (see the file comment).
  isl::set domain(unsigned Stmt) const;
  /// The domain of a point nested in Loops (outermost first, each enclosing
  /// the next) under Guards: what domain() computes for a statement, usable
  /// before the statement exists (the frontend, while building it).
  isl::set domain(const std::string &Name, const std::vector<unsigned> &Loops,
                  const std::vector<Guard> &Guards) const;
  /// True if the domain is exact: no data-dependent guard and every bound and
  /// guard representable.
  bool isDomainExact(unsigned Stmt) const;

  /// The set space of the memory an access touches: one space per array and
  /// per scalar (scalars declared inside the nest have one dimension per
  /// declaring loop).
  isl::space memorySpace(const Access &A) const;
  /// The elements of the access's array within its known extents (C forbids
  /// indexing past an inner extent and past the size of an array object; the
  /// outermost extent of an array parameter is not a bound and is skipped).
  isl::set elementsInBounds(const Access &A) const;
  /// Every element of the access's array within all its extents, the
  /// outermost included (the elements a host function copies); null if an
  /// extent is unknown or cannot be represented.
  isl::set allElements(const Access &A) const;
  /// The access relation of access Id, domain -> element, restricted to the
  /// statement's domain. A non-affine access (or one whose subscripts cannot
  /// be represented) relates every instance to every element within the
  /// array's known extents (elementsInBounds).
  isl::map accessRelation(unsigned AccessId) const;
  /// True if accessRelation(AccessId) is exact (affine, representable).
  bool isAccessExact(unsigned AccessId) const;
  /// True if accessRelation(AccessId) is exact or, for an access of a
  /// sequential region (Access::Region), a bounded over-approximation: the
  /// elements the access may touch, finitely many per instance (a footprint
  /// can be computed from it, a copy sized by it).
  bool isAccessBounded(unsigned AccessId) const;
  /// The relation of a region access's form (Access::Region): the elements
  /// its subscripts reach for the values the region's conditions allow its
  /// variables; null without one or where it cannot be represented.
  isl::map boundedRelation(const Access &A) const;

  /// Proves Lo <= E < HiExclusive for every instance of statement Stmt, for
  /// every value of the parameters. E, Lo and HiExclusive may use the
  /// statement's iterators and the parameters. False if not proven (or not
  /// representable).
  bool provesBounds(unsigned Stmt, const AffExpr &E, const AffExpr &Lo,
                    const AffExpr &HiExclusive) const;
  /// The same over the domain of Loops and Guards, with Locals variables of
  /// a sequential region after the loops' (AffVar::local) where Facts hold.
  bool provesBounds(const std::vector<unsigned> &Loops, const std::vector<Guard> &Guards,
                    const AffExpr &E, const AffExpr &Lo, const AffExpr &HiExclusive,
                    const std::vector<AffCond> &Facts = {}, unsigned Locals = 0) const;

private:
  isl::set elementsWithin(const Access &A, bool All) const;

  const Nest &N;
  isl_ctx *Ctx;
  isl::space Params;
};

/// The nest's sequential execution order as a schedule map, statement
/// instance -> time: statement S at loop depth d runs at (p0, e0, p1, e1, ...,
/// pd, 0, ...), with p its position among the nodes of each body and e the
/// iterator in execution order (negated for a loop that runs downward).
isl::union_map originalSchedule(const IslBuilder &B);

/// Convenience wrapper with its own ISL context, for the frontend: proves
/// Lo <= E < HiExclusive over the domain of statement Stmt (e.g. 0 <= k < K
/// when delinearizing `A[i*K + k]`). Sound: false when in doubt.
bool provesBounds(const Nest &N, unsigned Stmt, const AffExpr &E, const AffExpr &Lo,
                  const AffExpr &HiExclusive);
/// The same for a point nested in Loops under Guards (the statement need not
/// exist yet), and in a sequential region: E may use Locals variables of the
/// region (AffVar::local) for all values that Facts allow.
bool provesBounds(const Nest &N, const std::vector<unsigned> &Loops,
                  const std::vector<Guard> &Guards, const AffExpr &E, const AffExpr &Lo,
                  const AffExpr &HiExclusive, const std::vector<AffCond> &Facts = {}, unsigned Locals = 0);

} // namespace loopgpu

#endif // LOOPGPU_IR_ISLBUILDER_H
