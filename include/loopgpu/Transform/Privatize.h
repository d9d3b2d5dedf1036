//===- Privatize.h - Privatization of scalars and arrays --------*- C++ -*-===//
//
// Lecture: a variable whose every read in an iteration is covered by a
// write of the same iteration is semantically local to the iteration;
// privatizing it removes its cross-iteration WAW/WAR (and RAW on values
// never read) dependences. Legal for the memories DependenceInfo::
// privatizable(L) lists.
//   - A scalar declared in the nest and used only inside L: its declaration
//     moves into L's body.
//   - Another scalar: a private copy t_p declared in L's body replaces it
//     inside L; if it is live after L the last iteration copies it back.
//   - An array: per-iteration copies A_p[iteration][...] (array expansion
//     with a leading dimension), filled from A at the start of every
//     iteration and copied back from the last one after L.
// A reduction variable named in private(...) gets ReductionPrivatize.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_PRIVATIZE_H
#define LOOPGPU_TRANSFORM_PRIVATIZE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct PrivatizeRequest {
  unsigned Loop = 0;
  std::string Name;           ///< the scalar or array, as written in private(...)
  SourceLoc Loc;
  bool Requested = true;
};

/// Returns true and changes N if applied; false otherwise (N unchanged),
/// with an error naming the dependence that privatization cannot remove, or
/// a warning when there is nothing to do.
bool privatize(Nest &N, const DependenceInfo &DI, const PrivatizeRequest &R, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_PRIVATIZE_H
