//===- LoopBounds.h - Loop bounds of a reordered band (ISL projection) -*- C++ -*-===//
//
// Interchange and tiling put the loops of a band in a new order; when a
// loop's bounds depend on another loop of the band (triangular nests), the
// new bounds come from projecting the band's constraints onto the loops
// outside each one with ISL (isl_basic_set_project_out, then
// isl_basic_set_remove_divs: a Fourier-Motzkin elimination that also drops
// redundant constraints and normalizes coefficients):
//
//   every bound term is a constraint  sum_k c_k * x_k + rest >= 0,
//
// where x_k are the band's iterators and `rest` is affine in everything else
// (parameters, iterators of enclosing loops; it may contain div / rem / min /
// max of those; each such term is an unknown integer, an ISL parameter, to
// the projection). The bounds of the loop at position p are the constraints
// on x_p once the loops inside it are eliminated. Derived constraints are
// implied by the original ones, so they only tighten outer loops; every
// original constraint is enforced at its innermost variable, which keeps the
// iteration set exact.
//
// Supported: lower bounds that are max(...) and upper bounds that are
// min(...) of terms linear in the band's iterators with coefficients that
// need no division (an original constraint must have coefficient +-1 on the
// variable it bounds), unless the system allows division: then a
// coefficient a gives the bound ceil(.../a) or floor(.../a) (skewed bands,
// Wavefront.h). Anything else is refused with a reason. With division the
// elimination is rational, so projected bounds may include a few points
// outside the integer projection: the caller enforces the original
// constraints where they are exact.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_LIB_TRANSFORM_LOOPBOUNDS_H
#define LOOPGPU_LIB_TRANSFORM_LOOPBOUNDS_H

#include "loopgpu/IR/AffineExpr.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

struct BandConstraint {
  std::vector<int64_t> Coef; ///< one per band variable
  AffExpr Rest;              ///< free of the band's iterators
  bool Original = true;      ///< from a loop bound (else derived)
  bool operator==(const BandConstraint &O) const { return Coef == O.Coef && Rest == O.Rest; }
};

/// Lower and upper bound terms of one variable: Lower = max(terms),
/// Upper = min(terms).
struct BoundTerms {
  std::vector<AffExpr> Lower, Upper;
};

class BandSystem {
public:
  /// Vars: the loop ids whose iterators are the band's variables; NameOf
  /// names variables in messages.
  BandSystem(std::vector<unsigned> Vars, std::function<std::string(AffVar)> NameOf,
             bool AllowDivision = false);

  /// Adds Lower <= x_K <= Upper. False (with Why) if a bound has a form the
  /// elimination cannot handle.
  bool addBounds(unsigned K, const AffExpr &Lower, const AffExpr &Upper, std::string &Why);
  /// Adds Lo <= x_K (if Lo) and x_K <= Hi (if Hi); the terms may use other
  /// variables linearly.
  bool addRange(unsigned K, const std::optional<AffExpr> &Lo, const std::optional<AffExpr> &Hi,
                std::string &Why);
  /// Adds E >= 0 for E linear in the variables (min / max / division only
  /// in the terms free of them).
  bool addNonNegative(const AffExpr &E, std::string &Why);

  /// The bound terms of x_K from the constraints that involve it. Every other
  /// variable they involve must be in Outer (else false). Original
  /// constraints must have coefficient +-1 on x_K; derived ones that do not
  /// are skipped.
  bool bounds(unsigned K, const std::vector<unsigned> &Outer, BoundTerms &Out, std::string &Why) const;
  /// Eliminates x_K: ISL's projection of the system onto the other variables
  /// (a rational shadow: it may admit outer points without an integer x_K),
  /// with the original constraints free of x_K kept as they are.
  void eliminate(unsigned K);

  unsigned size() const { return Vars.size(); }

private:
  bool decompose(const AffExpr &E, std::vector<int64_t> &Coef, AffExpr &Rest) const;
  bool addTerm(unsigned K, const AffExpr &Term, bool IsLower, std::string &Why);
  void add(BandConstraint C);
  AffExpr toExpr(const std::vector<int64_t> &Coef, const AffExpr &Rest, unsigned Skip) const;

  std::vector<unsigned> Vars;
  std::function<std::string(AffVar)> NameOf;
  std::map<unsigned, unsigned> IndexOfLoop;
  std::vector<BandConstraint> Cons;
  bool AllowDivision = false;
};

/// The terms of nested max (Fold = Max) or min (Fold = Min) expressions.
void splitTerms(const AffExpr &E, AffExpr::Kind Fold, std::vector<AffExpr> &Out);

/// Known ranges of iterators, for simplifying bounds.
using KnownRanges = std::map<unsigned, std::pair<AffExpr, AffExpr>>;

/// A >= B provably, for every value of the iterators within Known (a few
/// rounds of replacing iterators by their bounds; false when unsure).
bool provablyGreaterEqual(const AffExpr &A, const AffExpr &B, const KnownRanges &Known);

/// max / min of the terms without duplicates and without terms that another
/// term provably dominates.
AffExpr foldMax(std::vector<AffExpr> Terms, const KnownRanges &Known);
AffExpr foldMin(std::vector<AffExpr> Terms, const KnownRanges &Known);

} // namespace loopgpu

#endif // LOOPGPU_LIB_TRANSFORM_LOOPBOUNDS_H
