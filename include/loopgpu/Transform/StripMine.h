//===- StripMine.h - Strip mining of one loop -------------------*- C++ -*-===//
//
//   for (i = lo; i <= up; i += s) body
// becomes
//   for (ii = lo; ii <= up; ii += s*T)
//     for (i = ii; i <= min(ii + s*(T-1), up); i += s) body
// (downward loops mirror it with max). The inner loop keeps the id of the
// strip-mined loop, so statements are untouched; the tile loop is new
// (Loop::Origin TileLoop). Always legal: the same iterations run in the same
// order (lecture: "strip mining is always safe").
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_STRIPMINE_H
#define LOOPGPU_TRANSFORM_STRIPMINE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct StripMineRequest {
  unsigned Loop = 0;
  int64_t Size = 32;          ///< iterations per strip, >= 1
  SourceLoc Loc;              ///< the clause or option (else the loop's location is used)
  bool Requested = true;      ///< asked for (else a default choice), for the log
};

/// Returns true and changes N if applied; otherwise reports an error at the
/// request and leaves N unchanged. Returns the new tile loop's id in TileLoop.
bool stripMine(Nest &N, const DependenceInfo &DI, const StripMineRequest &R, DiagnosticSink &Diags,
               unsigned *TileLoop = nullptr);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_STRIPMINE_H
