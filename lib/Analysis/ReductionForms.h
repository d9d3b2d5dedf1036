//===- ReductionForms.h - Recognizing reduction statements ------*- C++ -*-===//
//
// The syntactic half of reduction detection: does a statement update a
// variable x with an associative and commutative operator, reading x only
// for that update? Recognized forms (casts around x are looked through):
//
//   x op= e          op in + - * & | ^   ("-=" is a "+" reduction)
//   x = x op e ...   a chain of one operator in + - * & | ^ with x once
//                    (not negated), e.g. x = x + a - b
//   x++, ++x, x--, --x                  ("+")
//   x = fminf(x, e), fmin, fminl, min   ("min"; max likewise)
//   x = x < e ? x : e  (any comparison, either operand order)   min / max
//   if (e < x) x = e;  (data-dependent guard comparing x and e)  min / max
//
// and the index half of an argmin/argmax pair, `if (e < x) { x = e; y = f; }`
// (recognizeIndexUpdate): `y = f` under a data-dependent guard, f reading no
// memory (a function of the iterators and parameters only).
//
// x is a scalar or an array element; e must not read x (nor any array that
// may alias it) and must have no side effects. Whether the statement really
// is a reduction of a loop is decided by Dependences.cpp: every dependence
// the loop carries on x must run between such updates with the same operator.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_LIB_ANALYSIS_REDUCTIONFORMS_H
#define LOOPGPU_LIB_ANALYSIS_REDUCTIONFORMS_H

#include "loopgpu/Analysis/Dependences.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

struct ReductionForm {
  MemoryRef Memory;              ///< the variable x
  std::string Op;                ///< "+", "*", "min", "max", "&", "|", "^"
  std::string Text;              ///< x as written
  std::vector<unsigned> Accesses;///< the statement's accesses of x
  /// The `if (e < x) x = e;` form: the guard's condition, and whether its
  /// comparison is strict (`<`, `>`: an equal e does not replace x).
  const Expr *Guard = nullptr;
  bool StrictGuard = false;
};

/// The reduction update a statement performs, if any.
std::optional<ReductionForm> recognizeReduction(const Nest &N, const Statement &S);

/// `y = f;` under a data-dependent guard, with f pure and reading no memory
/// (iterators, parameters, constants): returns y, a scalar. Dependences.cpp
/// pairs it with a min/max update under the same guards into an
/// argmin/argmax reduction.
std::optional<MemoryRef> recognizeIndexUpdate(const Statement &S);

/// The syntactic half of a scan (Dependences.h, struct Scan) along Loop:
/// S, in Loop (step 1; possibly in loops inside it: a scan per iteration of
/// those) and under no guard, stores X[f] where
/// exactly one subscript of f is the loop's iterator plus terms without it,
/// and its value is X[f'] op e with f' = f less one in that subscript:
///
///   X[f] = X[f'] + e ...   a chain of + and - (X[f'] positive) or of *
///   X[f] += e, -= e, *= e  with X[f'] (positive) in e
///   X[f] = fminf(X[f'], e), fmin, min, fmaxf, ... (either order)
///   X[f] = X[f'] < e ? X[f'] : e   (any comparison, either order)
///
/// e pure, reading X (or an array that may alias it) only as X[f] itself.
struct RecurrenceForm {
  unsigned Array = 0;
  unsigned Dim = 0;               ///< the subscript that follows the loop
  unsigned Store = 0;             ///< the access storing X[f]
  std::string Op;                 ///< "+", "*", "min", "max"
  std::shared_ptr<const Expr> Element; ///< e (see Scan::Element)
  std::vector<unsigned> Accesses; ///< S's accesses of X
};
std::optional<RecurrenceForm> recognizeRecurrence(const Nest &N, const Statement &S, unsigned Loop);

/// Structural equality of two expressions, looking through casts.
bool sameExpr(const Expr &A, const Expr &B);

} // namespace loopgpu

#endif // LOOPGPU_LIB_ANALYSIS_REDUCTIONFORMS_H
