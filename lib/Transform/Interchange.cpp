//===- Interchange.cpp - Interchange and permutation of a band -------------===//
#include "loopgpu/Transform/Interchange.h"
#include "loopgpu/Analysis/Legality.h"
#include "LoopBounds.h"
#include "Support.h"

#include <algorithm>
#include <set>

namespace loopgpu {

static std::string orderText(const Nest &N, const std::vector<unsigned> &Order) {
  std::string S;
  for (size_t K = 0; K < Order.size(); ++K)
    S += (K ? ", " : "") + N.Loops[Order[K]].Iterator;
  return S;
}

bool interchange(Nest &N, const DependenceInfo &DI, const InterchangeRequest &R,
                 DiagnosticSink &Diags) {
  if (R.Order.size() < 2) {
    Diags.error(R.Loc, "interchange needs at least two loops");
    return false;
  }
  std::string What = "interchange(" + orderText(N, R.Order) + ")";
  // The band: the requested loops as they are nested now.
  std::vector<unsigned> Band = R.Order;
  std::sort(Band.begin(), Band.end(),
            [&](unsigned A, unsigned B) { return N.Loops[A].Depth < N.Loops[B].Depth; });
  SourceLoc Where = whereOf(N, R.Loc, Band[0]);
  if (std::set<unsigned>(Band.begin(), Band.end()).size() != Band.size()) {
    Diags.error(Where, "cannot " + What + ": a loop is named twice");
    return false;
  }
  for (unsigned L : Band)
    if (!findLoopNode(N, L)) {
      Diags.error(Where, "cannot " + What + ": loop " + loopLabel(N, L) + " is not in the nest");
      return false;
    }
  std::vector<unsigned> Chain = perfectChain(N, Band[0]);
  for (size_t K = 0; K < Band.size(); ++K) {
    if (K < Chain.size() && Chain[K] == Band[K])
      continue;
    // Say what stands between the loops.
    unsigned Outer = Chain[std::min(K, Chain.size()) - 1];
    const Node *Nd = findLoopNode(N, Outer);
    std::string Between;
    for (const NodePtr &C : Nd->Body) {
      if (C->K == Node::Kind::Loop && C->Id == Band[K])
        continue;
      if (C->K == Node::Kind::Stmt)
        Between = "statement " + stmtLabel(N, C->Id);
      else if (C->K == Node::Kind::Loop)
        Between = "loop " + loopLabel(N, C->Id);
      else
        Between = "an if (line " + std::to_string(C->Loc.Line) + ")";
      break;
    }
    bool Inside = std::find(Chain.begin(), Chain.end(), Band[K]) == Chain.end() &&
                  N.Loops[Band[K]].Depth > N.Loops[Outer].Depth;
    Diags.error(Where, "cannot " + What + ": loops " + loopLabel(N, Outer) + " and " +
                           loopLabel(N, Band[K]) +
                           (Inside || !Between.empty()
                                ? " are not perfectly nested (" +
                                      (Between.empty() ? std::string("other code") : Between) +
                                      " is in loop " + N.Loops[Outer].Iterator +
                                      "'s body too); distribute the loop first"
                                : " are not nested in each other"));
    return false;
  }
  if (Band == R.Order)
    return true; // already in that order
  // Only loops that move need their iterator to be local.
  std::vector<unsigned> Moved;
  for (size_t K = 0; K < Band.size(); ++K)
    if (Band[K] != R.Order[K])
      Moved.push_back(Band[K]);
  if (refuseIteratorsDeclaredOutside(N, Moved, What, Where, Diags))
    return false;

  // Legality: the interchange theorem, checked by the analysis's oracle.
  if (std::optional<LegalityWitness> W = permutationViolation(DI, Band, R.Order)) {
    Diags.error(Where, "cannot " + What + ": " + describeViolation(N, DI, *W));
    return false;
  }

  // New bounds: projections (LoopBounds.h) from the innermost new position outward.
  std::set<unsigned> BandSet(Band.begin(), Band.end());
  bool Rectangular = true;
  for (unsigned L : Band)
    Rectangular &= !usesAnyIterator(N.Loops[L].Lower, BandSet) &&
                   !usesAnyIterator(N.Loops[L].Upper, BandSet);
  std::map<unsigned, std::pair<AffExpr, AffExpr>> NewBounds;
  if (!Rectangular) {
    for (unsigned L : Band) {
      const Loop &Lp = N.Loops[L];
      if (Lp.Step == 1 || Lp.Step == -1)
        continue;
      bool Coupled = usesAnyIterator(Lp.Lower, BandSet) || usesAnyIterator(Lp.Upper, BandSet);
      for (unsigned M : Band)
        Coupled |= N.Loops[M].Lower.uses(AffVar::iterator(L)) || N.Loops[M].Upper.uses(AffVar::iterator(L));
      if (Coupled) {
        Diags.error(Where, "cannot " + What + ": loop " + loopLabel(N, L) + " has step " +
                               std::to_string(Lp.Step) +
                               " and its bounds are coupled with the other loops' (not supported)");
        return false;
      }
    }
    BandSystem Sys(R.Order, N.namer());
    std::string Why;
    for (unsigned K = 0; K < R.Order.size(); ++K)
      if (!Sys.addBounds(K, N.Loops[R.Order[K]].Lower, N.Loops[R.Order[K]].Upper, Why)) {
        Diags.error(Where, "cannot " + What + ": " + Why);
        return false;
      }
    KnownRanges Known;
    std::vector<BoundTerms> Terms(R.Order.size());
    for (int K = R.Order.size() - 1; K >= 0; --K) {
      std::vector<unsigned> Outer;
      for (int M = 0; M < K; ++M)
        Outer.push_back(M);
      if (!Sys.bounds(K, Outer, Terms[K], Why)) {
        Diags.error(Where, "cannot " + What + ": the new bounds of loop " +
                               loopLabel(N, R.Order[K]) + " cannot be computed: " + Why);
        return false;
      }
      Sys.eliminate(K);
    }
    for (unsigned K = 0; K < R.Order.size(); ++K) {
      AffExpr Lo = foldMax(Terms[K].Lower, Known), Hi = foldMin(Terms[K].Upper, Known);
      Known[R.Order[K]] = {Lo, Hi};
      NewBounds[R.Order[K]] = {Lo, Hi};
    }
  }

  std::vector<ScopeFix> Fixes;
  std::string Why;
  if (!planScopes(N, DI, Band, R.Order, Fixes, Why)) {
    Diags.error(Where, "cannot " + What + ": " + Why);
    return false;
  }

  // Mutate: the tree positions keep their places, the loops change.
  Node *Nd = findLoop(N, Band[0]).Nd;
  for (unsigned K = 0; K < R.Order.size(); ++K) {
    Nd->Id = R.Order[K];
    Nd->Loc = N.Loops[R.Order[K]].Loc;
    if (K + 1 < R.Order.size())
      Nd = Nd->Body[0].get();
  }
  for (auto &[L, B] : NewBounds) {
    N.Loops[L].Lower = B.first;
    N.Loops[L].Upper = B.second;
  }
  applyScopes(N, Fixes);
  finalizeNest(N);

  std::string Desc = (Band.size() == 2 ? "interchange loops " : "permute loops ") +
                     orderText(N, Band) + " into " + orderText(N, R.Order);
  recordTransform(N, Band.size() == 2 ? "interchange" : "permutation", Desc, Where, R.Requested,
                  linesOf(N, Band));
  return true;
}

} // namespace loopgpu
