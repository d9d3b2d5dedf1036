//===- CopyForWAR.h - Eliminating a loop-carried WAR by reading a copy -*- C++ -*-===//
//
// Lecture: a cross-iteration anti dependence is a read of the array as it
// was before the loop; copy the array before the loop and read the copy:
//
//   for (i = 0; i < n-1; i++) A[i] = A[i+1];
// becomes
//   for (c0 ...) A_copy[c0] = A[c0];
//   for (i = 0; i < n-1; i++) A[i] = A_copy[i+1];     // parallel
//
// A read may read the copy iff no write inside the loop (in the same
// iteration of the loops around it) reaches it: it is not the sink of a RAW
// dependence from inside the loop. The analysis answers that per read.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_COPYFORWAR_H
#define LOOPGPU_TRANSFORM_COPYFORWAR_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct CopyForWARRequest {
  unsigned Loop = 0;
  unsigned Array = 0;
  SourceLoc Loc;
  bool Requested = true;
};

/// Returns true and changes N if some read now reads the copy and a WAR
/// carried by the loop is gone; otherwise reports why, N unchanged.
bool copyForWAR(Nest &N, const DependenceInfo &DI, const CopyForWARRequest &R, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_COPYFORWAR_H
