//===- Interchange.h - Interchange and permutation of a band ----*- C++ -*-===//
//
// Reorders perfectly nested loops. Legal iff permuting every direction
// vector the same way leaves '<' as its leftmost non-'=' direction
// (lecture's interchange theorem; DependenceInfo::isLegalPermutation). The
// refusal names a dependence whose permuted vector would start with '>'.
// Triangular bands get new bounds by projection with ISL (LoopBounds.h).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_INTERCHANGE_H
#define LOOPGPU_TRANSFORM_INTERCHANGE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct InterchangeRequest {
  /// The new order, outermost first: loop ids of perfectly nested loops
  /// (in any order; they must form a chain, each the only node of the
  /// previous one's body).
  std::vector<unsigned> Order;
  SourceLoc Loc;
  bool Requested = true;
};

/// Returns true and changes N if applied; otherwise reports the reason
/// (the forbidding dependence for an illegal order) and leaves N unchanged.
bool interchange(Nest &N, const DependenceInfo &DI, const InterchangeRequest &R,
                 DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_INTERCHANGE_H
