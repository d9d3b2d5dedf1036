//===- ReductionPrivatize.h - Per-iteration partials of a reduction -*- C++ -*-===//
//
// Lecture: "privatizing x initialized with the neutral element, computing
// the partial values, reducing them with the initial value". For a
// reduction `x op= e` of loop L (DependenceInfo::reductions(L)):
//
//   T x_part[trips];                      // before L
//   for (i ...) { x_part[k(i)] = neutral; ... x_part[k(i)] op= e; ... }
//   for (i_r ...) x = x op x_part[k(i_r)];  // the combine, in order
//
// L becomes parallel; the combine reassociates floating-point sums, so
// results may differ in the last bits from the original (exact for
// integers, min and max).
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_REDUCTIONPRIVATIZE_H
#define LOOPGPU_TRANSFORM_REDUCTIONPRIVATIZE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct ReductionPrivatizeRequest {
  unsigned Loop = 0;
  std::string Name;           ///< the reduction variable (scalar, or array as written)
  SourceLoc Loc;
  bool Requested = true;
};

bool privatizeReduction(Nest &N, const DependenceInfo &DI, const ReductionPrivatizeRequest &R,
                        DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_REDUCTIONPRIVATIZE_H
