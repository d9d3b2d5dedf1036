//===- Legality.h - One oracle for reorderings of a band ---------*- C++ -*-===//
//
// Every transformation that reorders the instances of a band of perfectly
// nested loops asks here whether the dependences allow it, and an illegal
// reordering comes back with its witness, the dependence it would break:
//
//   - a permutation of the band (interchange; the lecture's theorem: no
//     permuted direction vector may have '>' as its leftmost non-'='
//     direction);
//   - a tiling of the band (strip mining and moving the tile loops out: the
//     band must be fully permutable, no dependence within one iteration of
//     the loops around it may go backward on a band loop);
//   - a hyperplane schedule w = h . x of the band (wavefronts: h . d >= 1 for
//     every dependence vector d between two iterations of the band, in
//     execution order, directions without a constant distance
//     over-approximated).
//
// A dependence between a statement inside the band and one outside some of
// its loops is a witness too: the band is not common to both statements and
// the oracle does not guess. Reductions and privatization are not taken into
// account (conservative). DependenceInfo::isLegalPermutation and isTileable
// answer from here.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_ANALYSIS_LEGALITY_H
#define LOOPGPU_ANALYSIS_LEGALITY_H

#include "loopgpu/Analysis/Dependences.h"

#include <optional>
#include <string>
#include <vector>

namespace loopgpu {

/// Why a reordering is illegal: the dependence it breaks and how.
struct LegalityWitness {
  enum class Kind {
    /// The dependence's statements do not share every loop of the band.
    PartialBand,
    /// Permutation: the vector Before becomes After, whose leftmost non-'='
    /// direction is '>'.
    Reversed,
    /// Tiling: the vector Before goes backward ('>') on band loop Loop.
    Backward,
    /// Hyperplane: the dependence (vector Before) is not advanced by h: some
    /// of its instances would run in the same wave or an earlier one.
    NotAdvanced,
  };
  Kind K = Kind::Reversed;
  unsigned Dependence = 0;
  DirectionVector Before, After;
  unsigned Loop = 0;
};

/// The dependence that running BandLoops (nested, outermost first) in the
/// order NewOrder (a permutation of them) would break; nullopt if legal.
std::optional<LegalityWitness> permutationViolation(const DependenceInfo &DI, const std::vector<unsigned> &BandLoops,
                                                    const std::vector<unsigned> &NewOrder);

/// The dependence that tiling BandLoops (nested, outermost first) would
/// break; nullopt if the band is fully permutable.
std::optional<LegalityWitness> tilingViolation(const DependenceInfo &DI, const std::vector<unsigned> &BandLoops);

/// The dependences of a band (nested, outermost first) for hyperplane
/// schedules: each vector between two iterations of the band that stays
/// within one iteration of the loops around it, projected on the band in
/// execution order (an iterator of a loop running downward negated).
class BandDependences {
public:
  BandDependences(const Nest &N, const DependenceInfo &DI, const std::vector<unsigned> &Band);
  /// The dependence that w = h . x (H per band loop, in execution order)
  /// does not advance by at least 1; nullopt if it advances all.
  std::optional<LegalityWitness> hyperplaneViolation(const std::vector<int64_t> &H) const;

private:
  /// One component of a vector: a constant distance, at least one
  /// ('<' without a constant), or negative ('>' without a constant).
  struct Component {
    enum Kind { Exact, AtLeastOne, Negative } K = Exact;
    int64_t Value = 0; ///< Exact
  };
  struct Vector {
    unsigned Dependence = 0;
    DirectionVector Before;
    std::vector<Component> C;
  };
  std::vector<Vector> Vectors;
  std::optional<LegalityWitness> Partial; ///< a dependence the band does not hold whole
};

/// The witness in words, for an error: "D3 (RAW on A ...) would become (<, >),
/// whose leftmost non-'=' direction is '>'".
std::string describeViolation(const Nest &N, const DependenceInfo &DI, const LegalityWitness &W);

} // namespace loopgpu

#endif // LOOPGPU_ANALYSIS_LEGALITY_H
