//===- LICM.h - Hoisting loop-invariant loads -------------------*- C++ -*-===//
//
// A loop that runs inside a GPU thread (sequential or reduction, under a
// parallel loop) re-reads array elements whose subscripts do not change in
// it, e.g. queries[i] in the nearest-neighbour search over j. Such a read,
// executed in every iteration, whose element no write inside the loop can
// touch (the analysis reports no dependence between it and a write in the
// loop), is loaded once before the loop into a scalar:
//
//   float queries_i;
//   if (0 < n) queries_i = queries[i];     // only if the loop runs
//   for (int j = 0; j < n; j++) ... queries_i ...
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_LICM_H
#define LOOPGPU_TRANSFORM_LICM_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct LICMRequest {
  unsigned Loop = 0;
  SourceLoc Loc;
  bool Requested = false;
};

/// Returns true if some load was hoisted (N changed); false if none
/// qualifies (nothing reported: finding nothing to hoist is not an error).
bool hoistInvariantLoads(Nest &N, const DependenceInfo &DI, const LICMRequest &R, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_LICM_H
