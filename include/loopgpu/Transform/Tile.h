//===- Tile.h - Tiling of a perfectly nested band ---------------*- C++ -*-===//
//
// Tiling = strip mining every loop of the band + interchanging the tile
// loops outward (lecture: DOALL ii / DOALL jj / DOALL i / DOALL j). Legal
// when the band is fully permutable (DependenceInfo::isTileable: no
// dependence inside the band has '>' on a band loop). Tile loops of
// triangular bands get bounds from ISL projection (LoopBounds.h); the point
// loops keep their bounds intersected with the tile.
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TRANSFORM_TILE_H
#define LOOPGPU_TRANSFORM_TILE_H

#include "loopgpu/Analysis/Dependences.h"
#include "loopgpu/IR/Diagnostics.h"

namespace loopgpu {

struct TileRequest {
  unsigned Loop = 0;              ///< outermost loop of the band
  std::vector<int64_t> Sizes;     ///< one per band loop, outermost first
  SourceLoc Loc;
  bool Requested = true;
  std::string Spelling;           ///< how it was asked for ("pragma tile(32,32)", "-tile=32")
};

/// Tiles the Sizes.size() loops perfectly nested from R.Loop. One size is
/// strip mining. Returns true and changes N if applied; otherwise reports
/// why at the request and leaves N unchanged.
bool tile(Nest &N, const DependenceInfo &DI, const TileRequest &R, DiagnosticSink &Diags);

} // namespace loopgpu

#endif // LOOPGPU_TRANSFORM_TILE_H
