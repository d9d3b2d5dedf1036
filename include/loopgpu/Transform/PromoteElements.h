//===- PromoteElements.h - An element updated in a loop kept in a register -*- C++ -*-===//
//
// A loop that runs inside a GPU thread and updates one array element in
// every iteration (gemm's `C[i][j] += alpha * A[i][k] * B[k][j]` over k)
// reads and writes that element in memory each time. When every access of
// the array inside the loop is to that element (its subscripts do not
// change in the loop) and no other access there may touch it (no
// dependence between it and an access outside the group), the element lives
// in a scalar for the loop's duration (scalar replacement, as PPCG and
// Polly's register promotion do):
//
//   double C_i_j;
//   if (0 < nk) C_i_j = C[i][j];          // only if the loop runs
//   for (int k = 0; k < nk; k++) C_i_j += alpha * A[i][k] * B[k][j];
//   if (0 < nk) C[i][j] = C_i_j;
//
// The GPU printer then keeps it in a register (one per output of a
// coarsened thread), like a hand-written accumulator.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_PROMOTEELEMENTS_H
#define LOOPGPU_TRANSFORM_PROMOTEELEMENTS_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct PromoteRequest {
  unsigned Loop = 0;
  SourceLoc Loc;
  bool Requested = false;
};

/// Returns true if some element now lives in a scalar during loop R.Loop
/// (N changed); false if none qualifies (nothing reported).
bool promoteUpdatedElements(Nest &N, const DependenceInfo &DI, const PromoteRequest &R, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_PROMOTEELEMENTS_H
