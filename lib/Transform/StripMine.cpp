//===- StripMine.cpp - Strip mining of one loop ----------------------------===//
#include "loopgpu/Transform/StripMine.h"
#include "Support.h"

namespace loopgpu {

bool stripMine(Nest &N, const DependenceInfo &DI, const StripMineRequest &R, DiagnosticSink &Diags,
               unsigned *TileLoop) {
  (void)DI; // always legal: the same iterations, in the same order
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  LoopPlace P = findLoop(N, R.Loop);
  if (!P) {
    Diags.error(Where, "cannot strip-mine: loop " + loopLabel(N, R.Loop) + " is not in the nest");
    return false;
  }
  if (R.Size < 1) {
    Diags.error(Where, "cannot strip-mine loop " + loopLabel(N, R.Loop) + " by " +
                           std::to_string(R.Size) + ": the size must be at least 1");
    return false;
  }
  if (refuseIteratorsDeclaredOutside(N, {R.Loop}, "strip-mine loop " + loopLabel(N, R.Loop), Where,
                                     Diags))
    return false;

  Loop Old = N.Loops[R.Loop];
  int64_t S = Old.Step, T = R.Size;
  LoopOrigin O;
  O.K = LoopOrigin::Kind::TileLoop;
  O.From = static_cast<int>(R.Loop);
  O.TileSize = T;
  O.Note = "tile loop of " + loopLabel(N, R.Loop) + ", " + std::to_string(T) + " iterations per tile";
  unsigned TL = addLoop(N, tileIteratorName(N, Old.Iterator), Old.IteratorType, Old.Lower, Old.Upper,
                        S * T, Old.Loc, O);
  AffExpr II = AffExpr::iterator(TL);
  Loop &In = N.Loops[R.Loop];
  if (S > 0) {
    In.Lower = II;
    In.Upper = AffExpr::min(AffExpr::add(II, AffExpr::constant(S * (T - 1))), Old.Upper);
  } else {
    In.Upper = II;
    In.Lower = AffExpr::max(AffExpr::add(II, AffExpr::constant(S * (T - 1))), Old.Lower);
  }

  NodePtr Outer = loopNode(N, TL);
  Outer->Body.push_back(std::move((*P.Siblings)[P.Index]));
  (*P.Siblings)[P.Index] = std::move(Outer);
  insertBeforeInScopes(N, R.Loop, TL);
  finalizeNest(N);

  recordTransform(N, "strip-mine",
                  "strip-mine loop " + loopLabel(N, R.Loop) + " by " + std::to_string(T) +
                      " (tile loop " + N.Loops[TL].Iterator + ")",
                  Where, R.Requested, linesOf(N, {R.Loop}));
  if (TileLoop)
    *TileLoop = TL;
  return true;
}

} // namespace loopgpu
