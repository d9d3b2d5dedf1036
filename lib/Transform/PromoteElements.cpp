//===- PromoteElements.cpp - An element updated in a loop kept in a register -===//
#include "loopgpu/Transform/PromoteElements.h"
#include "Support.h"

#include <functional>
#include <map>
#include <set>

namespace loopgpu {

namespace {

std::string subscriptKey(const Nest &N, const Access &A) {
  std::string Key;
  for (const AffExpr &E : A.Subscripts)
    Key += "[" + E.str(N.namer()) + "]";
  return Key;
}

} // namespace

bool promoteUpdatedElements(Nest &N, const DependenceInfo &DI, const PromoteRequest &R, DiagnosticSink &Diags) {
  (void)Diags;
  LoopPlace Place = findLoop(N, R.Loop);
  if (!Place)
    return false;
  std::vector<unsigned> InLoop = statementsUnder(*Place.Nd);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());
  std::vector<unsigned> Inner = loopsUnder(*Place.Nd);
  std::set<unsigned> Varying(Inner.begin(), Inner.end());
  Varying.insert(R.Loop);
  std::set<unsigned> EveryIteration; // statements directly in the body
  for (const NodePtr &C : Place.Nd->Body)
    if (C->K == Node::Kind::Stmt)
      EveryIteration.insert(C->Id);

  // Per array: the one element all its accesses in the loop touch, or none.
  std::map<unsigned, std::optional<std::string>> Element;
  std::map<unsigned, std::vector<unsigned>> Group;
  std::map<unsigned, bool> WrittenEveryIteration;
  for (unsigned S : InLoop)
    for (unsigned AId : N.Statements[S].Accesses) {
      const Access &A = N.Accesses[AId];
      if (!A.isArray())
        continue;
      bool Invariant = A.IsAffine && !N.Arrays[A.Index].isTemporary();
      for (const AffExpr &E : A.Subscripts)
        Invariant &= !usesAnyIterator(E, Varying);
      std::string Key = Invariant ? subscriptKey(N, A) : "";
      auto [It, New] = Element.try_emplace(A.Index, Key);
      if (!Invariant || (It->second && *It->second != Key))
        It->second = std::nullopt;
      Group[A.Index].push_back(AId);
      if (A.IsWrite && A.IsMust && EveryIteration.count(S))
        WrittenEveryIteration[A.Index] = true;
    }
  // No dependence between the group and another access in the loop (an
  // array that may overlap it, through a pointer that is not restrict).
  for (const Dependence &D : DI.dependences()) {
    if (!InL.count(D.SourceStmt) || !InL.count(D.SinkStmt))
      continue;
    const Access &Src = N.Accesses[D.SourceAccess], &Snk = N.Accesses[D.SinkAccess];
    bool SrcIn = Src.isArray() && Element.count(Src.Index), SnkIn = Snk.isArray() && Element.count(Snk.Index);
    if (SrcIn && !(Snk.isArray() && Snk.Index == Src.Index))
      Element[Src.Index] = std::nullopt;
    if (SnkIn && !(Src.isArray() && Src.Index == Snk.Index))
      Element[Snk.Index] = std::nullopt;
  }

  // Nor an array a data-dependent `if` in the loop reads: the condition's
  // references link to no access (its reads are the guarded statements'),
  // so they would go on reading the element in memory, which the scalar
  // leaves stale (`if (A[j] > 0) ...; A[j] = 0.5f;`: fuzz case 491046).
  std::function<void(const Node &)> Conditions = [&](const Node &Nd) {
    if (Nd.Condition)
      Nd.Condition->walk([&](const Expr &E) {
        if (E.K == Expr::Kind::ArrayRef && Element.count(E.Index))
          Element[E.Index] = std::nullopt;
      });
    for (const std::vector<NodePtr> *Body : {&Nd.Body, &Nd.Else})
      for (const NodePtr &C : *Body)
        Conditions(*C);
  };
  Conditions(*Place.Nd);

  const Loop Lp = N.Loops[R.Loop];
  std::vector<unsigned> Outer = enclosingLoops(N, R.Loop);
  std::vector<NodePtr> Loads, Stores;
  std::map<unsigned, unsigned> Replace; // access -> scalar
  std::string Desc;
  for (auto &[Array, Key] : Element) {
    if (!Key || !WrittenEveryIteration[Array])
      continue;
    const Access A = N.Accesses[Group[Array].front()];
    ScalarInfo S;
    S.Name = elementScalarName(N, A);
    S.Type = N.Arrays[Array].ElementType;
    S.DeclLoops = Outer;
    S.DeclDepth = Outer.size();
    S.IsWritten = true;
    S.Loc = A.Loc;
    S.Origin = "'" + A.Text + "', updated in every iteration of loop " + loopLabel(N, R.Loop) +
               ", kept in a scalar during it";
    unsigned SId = N.Scalars.size();
    N.Scalars.push_back(S);
    auto Copy = [&](bool Load) {
      std::vector<Access> Accs{arrayAccess(N, Array, A.Subscripts, !Load, A.Loc), scalarAccess(N, SId, Load, A.Loc)};
      Accs[0].Text = A.Text;
      ExprPtr Elem = arrayRefExpr(N, Array, A.Subscripts);
      Elem->AccessId = 0;
      ExprPtr Scalar = scalarRefExpr(N, SId);
      Scalar->AccessId = 1;
      ExprPtr E = Load ? assignExpr("=", std::move(Scalar), std::move(Elem))
                       : assignExpr("=", std::move(Elem), std::move(Scalar));
      return addStatement(N, std::move(E), Accs, A.Loc,
                          std::string(Load ? "load of '" : "store of '") + A.Text + "' around loop " +
                              loopLabel(N, R.Loop) + " (kept in " + S.Name + " during it)");
    };
    Loads.push_back(Copy(true));
    Stores.push_back(Copy(false));
    for (unsigned AId : Group[Array])
      Replace[AId] = SId;
    Desc += (Desc.empty() ? "" : ", ") + A.Text + " in " + S.Name;
  }
  if (Replace.empty())
    return false;
  accessScalarsInstead(N, R.Loop, Replace);
  // Only when the loop runs: the original touches the element only then.
  bool AlwaysRuns = Lp.Lower.isConstant() && Lp.Upper.isConstant() &&
                    Lp.Lower.constantValue() <= Lp.Upper.constantValue();
  auto Guarded = [&](std::vector<NodePtr> Nodes) {
    if (AlwaysRuns)
      return Nodes;
    NodePtr If = ifNode(N, runsAtLeastOnce(Lp), Lp.Loc);
    If->Body = std::move(Nodes);
    std::vector<NodePtr> One;
    One.push_back(std::move(If));
    return One;
  };
  std::vector<NodePtr> Before = Guarded(std::move(Loads)), After = Guarded(std::move(Stores));
  Place = findLoop(N, R.Loop);
  Place.Siblings->insert(Place.Siblings->begin() + Place.Index + 1, std::make_move_iterator(After.begin()),
                         std::make_move_iterator(After.end()));
  Place.Siblings->insert(Place.Siblings->begin() + Place.Index, std::make_move_iterator(Before.begin()),
                         std::make_move_iterator(Before.end()));
  finalizeNest(N);
  recordTransform(N, "promote", "keep elements updated in loop " + loopLabel(N, R.Loop) + " in scalars: " + Desc,
                  whereOf(N, R.Loc, R.Loop), R.Requested, linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
