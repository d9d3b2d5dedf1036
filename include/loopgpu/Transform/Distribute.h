//===- Distribute.h - Loop distribution by dependence SCCs ------*- C++ -*-===//
//
// Splits a loop into one loop per strongly connected component of its
// statements' dependence graph, in topological order
// (DependenceInfo::distribution); statements in a cycle stay together.
// Scalars whose accesses end up in different loops are expanded into arrays
// first (ExpandScalars.h, DependenceInfo::scalarsNeedingExpansion). Inner
// loops and ifs are copied into every part that has statements in them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_DISTRIBUTE_H
#define LOOPGPU_TRANSFORM_DISTRIBUTE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct DistributeRequest {
  unsigned Loop = 0;
  SourceLoc Loc;
  bool Requested = true;
};

/// Returns true and changes N if applied. A loop whose statements form one
/// dependence cycle cannot be distributed: the error names the dependences
/// of the cycle. N is unchanged on failure.
bool distribute(Nest &N, const DependenceInfo &DI, const DistributeRequest &R, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_DISTRIBUTE_H
