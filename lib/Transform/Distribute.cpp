//===- Distribute.cpp - Loop distribution by dependence SCCs ---------------===//
#include "loopgpu/Transform/Distribute.h"
#include "loopgpu/Transform/ExpandScalars.h"
#include "Support.h"

#include <algorithm>
#include <map>
#include <set>

namespace loopgpu {

namespace {

/// A dependence that closes a cycle among L's statements: an ordering
/// constraint (within one iteration of the loops around L) from a statement
/// back to a textually earlier one.
const Dependence *backwardEdge(const Nest &N, const DependenceInfo &DI, unsigned L,
                               const std::set<unsigned> &Stmts) {
  for (const Dependence &D : DI.dependences())
    if (Stmts.count(D.SourceStmt) && Stmts.count(D.SinkStmt) && D.SinkStmt < D.SourceStmt &&
        D.isWithinOuterIterationsOf(L))
      return &D;
  return nullptr;
}

const Dependence *forwardEdge(const Nest &N, const DependenceInfo &DI, unsigned L, unsigned From,
                              unsigned To) {
  for (const Dependence &D : DI.dependences())
    if (D.SourceStmt == From && D.SinkStmt == To && D.isWithinOuterIterationsOf(L))
      return &D;
  return nullptr;
}

struct Pruner {
  Nest &N;
  std::set<unsigned> Keep;
  std::set<unsigned> &UsedLoops;           ///< loops already placed in an earlier part
  std::map<unsigned, unsigned> &LoopIds;   ///< this part: original loop -> id used
  unsigned Part = 0, Parts = 0;
  /// The loops as they were before distribution: a copy takes its bounds
  /// from here, in the original iterators (an earlier part renamed the
  /// bounds of the loops it kept to its own copies).
  const std::vector<Loop> &Originals;

  NodePtr prune(NodePtr &Nd) {
    if (!Nd)
      return nullptr;
    switch (Nd->K) {
    case Node::Kind::Stmt:
      return Keep.count(Nd->Id) ? std::move(Nd) : nullptr;
    case Node::Kind::Loop: {
      std::vector<NodePtr> Body;
      for (NodePtr &C : Nd->Body)
        if (NodePtr P = prune(C))
          Body.push_back(std::move(P));
      if (Body.empty())
        return nullptr;
      unsigned Id = Nd->Id;
      if (UsedLoops.count(Id)) {
        const Loop Old = Originals[Id]; // a copy: N.Loops grows below
        LoopOrigin O;
        O.K = LoopOrigin::Kind::Copy;
        O.From = static_cast<int>(Id);
        O.Note = "copy of loop " + loopLabel(N, Id) + " (distribution, part " +
                 std::to_string(Part + 1) + " of " + std::to_string(Parts) + ")";
        unsigned C = addLoop(N, Old.Iterator, Old.IteratorType, Old.Lower, Old.Upper, Old.Step,
                             Old.Loc, O);
        N.Loops[C].IteratorDeclaredOutside = Old.IteratorDeclaredOutside;
        // The copy is the user's loop too: its clauses (sequential, tile,
        // coarsen, shared, ...) hold for every part.
        N.Loops[C].Clauses = Old.Clauses;
        Id = C;
      }
      UsedLoops.insert(Nd->Id);
      LoopIds[Nd->Id] = Id;
      NodePtr R = loopNode(N, Id);
      R->Body = std::move(Body);
      return R;
    }
    case Node::Kind::If: {
      std::vector<NodePtr> Then, Else;
      for (NodePtr &C : Nd->Body)
        if (NodePtr P = prune(C))
          Then.push_back(std::move(P));
      for (NodePtr &C : Nd->Else)
        if (NodePtr P = prune(C))
          Else.push_back(std::move(P));
      if (Then.empty() && Else.empty())
        return nullptr;
      auto R = std::make_unique<Node>(Node::Kind::If);
      R->IsAffine = Nd->IsAffine;
      R->Cond = Nd->Cond;
      R->Condition = Nd->Condition ? Nd->Condition->clone() : nullptr;
      R->Loc = Nd->Loc;
      R->Body = std::move(Then);
      R->Else = std::move(Else);
      return R;
    }
    }
    return nullptr;
  }
};

/// "{lines 4, 6}": statement names change when statements are renumbered,
/// lines do not.
std::string partText(const Nest &N, const std::vector<unsigned> &Part) {
  std::string S = Part.size() == 1 ? "{line " : "{lines ";
  for (size_t K = 0; K < Part.size(); ++K)
    S += (K ? ", " : "") + std::to_string(N.Statements[Part[K]].Loc.Line);
  return S + "}";
}

} // namespace

bool distribute(Nest &N, const DependenceInfo &DI, const DistributeRequest &R, DiagnosticSink &Diags) {
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  std::string What = "distribute loop " + loopLabel(N, R.Loop);
  if (!findLoopNode(N, R.Loop)) {
    Diags.error(Where, "cannot " + What + ": it is not in the nest");
    return false;
  }
  const std::vector<std::vector<unsigned>> &Parts = DI.distribution(R.Loop);
  std::vector<unsigned> Stmts = statementsInLoop(N, R.Loop);
  if (Stmts.size() < 2) {
    Diags.error(Where, "cannot " + What + ": it has " +
                           (Stmts.empty() ? std::string("no statement") : "a single statement") +
                           ", nothing to distribute");
    return false;
  }
  if (Parts.size() < 2) {
    std::set<unsigned> All(Stmts.begin(), Stmts.end());
    std::string Msg = "cannot " + What + ": all its statements are in one dependence cycle";
    if (const Dependence *Back = backwardEdge(N, DI, R.Loop, All)) {
      Msg += ": " + describe(N, *Back) + " leads from " + stmtLabel(N, Back->SourceStmt) +
             " back to " + stmtLabel(N, Back->SinkStmt);
      if (const Dependence *Fwd = forwardEdge(N, DI, R.Loop, Back->SinkStmt, Back->SourceStmt))
        Msg += ", and " + describe(N, *Fwd) + " leads forward";
    } else {
      // A cycle of one statement with the others attached both ways through
      // scalars that cannot be expanded.
      Msg += " (through scalars that cannot be expanded into arrays)";
    }
    Diags.error(Where, Msg);
    return false;
  }

  std::map<unsigned, unsigned> PartOf;
  for (unsigned P = 0; P < Parts.size(); ++P)
    for (unsigned S : Parts[P])
      PartOf[S] = P;
  // Scalars whose accesses end up in several parts must be expanded.
  const std::vector<unsigned> &Expand = DI.scalarsNeedingExpansion(R.Loop);
  std::map<unsigned, std::set<unsigned>> ScalarParts, TempParts;
  for (const Access &A : N.Accesses) {
    if (!PartOf.count(A.Stmt))
      continue;
    if (A.isScalar())
      ScalarParts[A.Index].insert(PartOf[A.Stmt]);
    else if (N.Arrays[A.Index].isTemporary())
      TempParts[A.Index].insert(PartOf[A.Stmt]);
  }
  std::vector<unsigned> Inner = loopsUnder(*findLoopNode(N, R.Loop));
  std::set<unsigned> InsideL(Inner.begin(), Inner.end());
  InsideL.insert(R.Loop);
  for (auto &[S, Ps] : ScalarParts) {
    if (Ps.size() < 2 || std::find(Expand.begin(), Expand.end(), S) != Expand.end())
      continue;
    bool Written = false;
    for (const Access &A : N.Accesses)
      Written |= A.isScalar() && A.Index == S && A.IsWrite && PartOf.count(A.Stmt);
    if (!Written)
      continue; // only read in L: every part reads the same value
    Diags.error(Where, "cannot " + What + ": scalar '" + N.Scalars[S].Name +
                           "' would be shared by several of the new loops and cannot be "
                           "expanded into an array");
    return false;
  }
  for (auto &[A, Ps] : TempParts) {
    const ArrayInfo &AI = N.Arrays[A];
    bool AllocatedInside = std::any_of(AI.AllocLoops.begin(), AI.AllocLoops.end(),
                                       [&](unsigned X) { return InsideL.count(X); });
    if (Ps.size() > 1 && AllocatedInside) {
      Diags.error(Where, "cannot " + What + ": the temporary array '" + AI.Name +
                             "' is private to iterations of the loop and used by several parts");
      return false;
    }
  }
  std::vector<unsigned> ToExpand;
  for (unsigned S : Expand)
    if (ScalarParts.count(S) && ScalarParts[S].size() > 1)
      ToExpand.push_back(S);
  if (!ToExpand.empty() && !detail::canExpandScalars(N, DI, R.Loop, ToExpand, Where, Diags))
    return false;

  // Mutate. Expansion first (statement ids stay as the analysis numbered
  // them until finalizeNest), then one pruned copy of the loop per part.
  std::string Desc = What + " into " + std::to_string(Parts.size()) + " loops: ";
  for (unsigned P = 0; P < Parts.size(); ++P)
    Desc += (P ? ", " : "") + partText(N, Parts[P]);
  std::vector<unsigned> NewArrays = detail::expandScalarsUnchecked(N, R.Loop, ToExpand);
  for (size_t K = 0; K < ToExpand.size(); ++K)
    Desc += "; '" + N.Scalars[ToExpand[K]].Name + "' expanded into " + N.Arrays[NewArrays[K]].Name;

  LoopPlace Place = findLoop(N, R.Loop);
  NodePtr Original = std::move((*Place.Siblings)[Place.Index]);
  std::set<unsigned> UsedLoops;
  std::vector<std::map<unsigned, unsigned>> LoopIds(Parts.size());
  std::vector<NodePtr> NewNodes;
  const std::vector<Loop> Originals = N.Loops;
  for (unsigned P = 0; P < Parts.size(); ++P) {
    Pruner Pr{N, std::set<unsigned>(Parts[P].begin(), Parts[P].end()), UsedLoops, LoopIds[P],
              P, static_cast<unsigned>(Parts.size()), Originals};
    if (NodePtr Nd = Pr.prune(Original)) {
      // The copies' statements, bounds and conditions refer to the copies.
      std::map<unsigned, unsigned> Renamed;
      for (auto &[From, To] : LoopIds[P])
        if (From != To)
          Renamed[From] = To;
      if (!Renamed.empty())
        renameLoops(N, *Nd, Renamed);
      NewNodes.push_back(std::move(Nd));
    }
  }
  Place.Siblings->erase(Place.Siblings->begin() + Place.Index);
  Place.Siblings->insert(Place.Siblings->begin() + Place.Index,
                         std::make_move_iterator(NewNodes.begin()),
                         std::make_move_iterator(NewNodes.end()));

  // Declarations inside L follow the part that uses them.
  auto Remap = [&](std::vector<unsigned> &Loops, const std::set<unsigned> &Ps) {
    if (Ps.size() != 1)
      return;
    const auto &Ids = LoopIds[*Ps.begin()];
    for (unsigned &X : Loops)
      if (auto It = Ids.find(X); It != Ids.end())
        X = It->second;
  };
  for (auto &[S, Ps] : ScalarParts)
    Remap(N.Scalars[S].DeclLoops, Ps);
  for (auto &[A, Ps] : TempParts)
    Remap(N.Arrays[A].AllocLoops, Ps);
  finalizeNest(N);
  recordTransform(N, "distribute", Desc, Where, R.Requested, linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
