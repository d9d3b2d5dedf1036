//===- BoundingBox.cpp - A triangular loop over its bounding box ----------===//
#include "loopgpu/Transform/BoundingBox.h"
#include "Support.h"

namespace loopgpu {

namespace {

/// Linear in the iterators and the parameters.
bool isLinear(const AffExpr &E) { return E.linear().has_value(); }

/// E with Outer's iterator at the end of [Lo, Hi] that makes it smallest
/// (Smallest) or largest.
AffExpr extreme(const AffExpr &E, unsigned Outer, const AffExpr &Lo, const AffExpr &Hi, bool Smallest) {
  int64_t C = E.linear()->coefficient(AffVar::iterator(Outer));
  const AffExpr &At = (C >= 0) == Smallest ? Lo : Hi;
  return E.substitute([&](AffVar V) { return V == AffVar::iterator(Outer) ? At : AffExpr::var(V); });
}

} // namespace

bool canBoxLoop(const Nest &N, unsigned Outer, unsigned Inner) {
  const Loop &O = N.Loops[Outer], &I = N.Loops[Inner];
  if (O.Step != 1 || I.Step != 1 || I.IteratorDeclaredOutside)
    return false;
  if (!isLinear(I.Lower) || !isLinear(I.Upper))
    return false;
  return I.Lower.uses(AffVar::iterator(Outer)) || I.Upper.uses(AffVar::iterator(Outer));
}

void boxLoop(Nest &N, unsigned Outer, unsigned Inner) {
  Loop &I = N.Loops[Inner];
  const Loop &O = N.Loops[Outer];
  AffCond Guard = AffCond::conj(AffCond::compare(I.Lower, AffCond::CmpOp::LE, AffExpr::iterator(Inner)),
                                AffCond::compare(AffExpr::iterator(Inner), AffCond::CmpOp::LE, I.Upper));
  std::string Was = I.Lower.str(N.namer()) + " .. " + I.Upper.str(N.namer());
  I.Lower = extreme(I.Lower, Outer, O.Lower, O.Upper, /*Smallest=*/true);
  I.Upper = extreme(I.Upper, Outer, O.Lower, O.Upper, /*Smallest=*/false);
  LoopPlace P = findLoop(N, Inner);
  NodePtr If = ifNode(N, Guard, I.Loc);
  If->Body = std::move(P.Nd->Body);
  P.Nd->Body.clear();
  P.Nd->Body.push_back(std::move(If));
  recordTransform(N, "bounding box",
                  "loop " + loopLabel(N, Inner) + " runs over its bounding box " + I.Lower.str(N.namer()) + " .. " +
                      I.Upper.str(N.namer()) + " under loop " + loopLabel(N, Outer) + ", guarded by its bounds " +
                      Was + " (a rectangular band for the GPU grid)",
                  I.Loc, false, linesOf(N, {Inner}));
  finalizeNest(N);
}

} // namespace loopgpu
