//===- ExpandScalars.h - Array expansion of scalars along a loop -*- C++ -*-===//
//
// Lecture: "loop distribution may require array expansion". A scalar t used
// across the statements of loop L becomes an array t_exp indexed by the
// position of L's iteration (and, for a scalar declared inside an inner loop
// of L, by the positions of those loops' iterations too), allocated before
// L. If t may be read after L, the last iteration's value is copied back.
// Legal for the scalars DependenceInfo::scalarsNeedingExpansion(L) lists
// (every read covered by a write of the same iteration; last value valid),
// and for scalars declared in L's body (one instance per iteration).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_EXPANDSCALARS_H
#define LOOPGPU_TRANSFORM_EXPANDSCALARS_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct ExpandScalarsRequest {
  unsigned Loop = 0;
  std::vector<unsigned> Scalars; ///< scalar ids; empty: scalarsNeedingExpansion(Loop)
  SourceLoc Loc;
  bool Requested = true;
};

/// Returns true and changes N if every scalar could be expanded; otherwise
/// reports why and leaves N unchanged.
bool expandScalars(Nest &N, const DependenceInfo &DI, const ExpandScalarsRequest &R,
                   DiagnosticSink &Diags);

namespace detail {
/// Checks that the scalars can be expanded along Loop (reports if not).
bool canExpandScalars(const Nest &N, const DependenceInfo &DI, unsigned Loop,
                      const std::vector<unsigned> &Scalars, SourceLoc Where, DiagnosticSink &Diags);
/// Expands without checking and without renumbering (for Distribute, which
/// finalizes once). Returns the new array ids.
std::vector<unsigned> expandScalarsUnchecked(Nest &N, unsigned Loop,
                                             const std::vector<unsigned> &Scalars);
} // namespace detail

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_EXPANDSCALARS_H
