//===- LICM.cpp - Hoisting loop-invariant loads ----------------------------===//
#include "loopgpu/Transform/LICM.h"
#include "Support.h"

#include <map>
#include <set>

namespace loopgpu {


bool hoistInvariantLoads(Nest &N, const DependenceInfo &DI, const LICMRequest &R, DiagnosticSink &Diags) {
  (void)Diags;
  LoopPlace Place = findLoop(N, R.Loop);
  if (!Place)
    return false;
  std::vector<unsigned> InLoop = statementsUnder(*Place.Nd);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());
  std::vector<unsigned> Inner = loopsUnder(*Place.Nd);
  std::set<unsigned> Varying(Inner.begin(), Inner.end());
  Varying.insert(R.Loop);

  // Statements that run in every iteration: direct children of the body.
  std::set<unsigned> EveryIteration;
  for (const NodePtr &C : Place.Nd->Body)
    if (C->K == Node::Kind::Stmt)
      EveryIteration.insert(C->Id);
  // A read whose element no write in the loop touches: the analysis reports
  // no dependence between it and a write inside the loop.
  std::set<unsigned> Touched;
  for (const Dependence &D : DI.dependences()) {
    if (InL.count(D.SourceStmt) && InL.count(D.SinkStmt)) {
      if (!N.Accesses[D.SourceAccess].IsWrite)
        Touched.insert(D.SourceAccess);
      if (!N.Accesses[D.SinkAccess].IsWrite)
        Touched.insert(D.SinkAccess);
    }
  }
  std::set<int> UpdateTargets;
  for (unsigned S : InLoop)
    N.Statements[S].Body->walk([&](const Expr &E) {
      if ((E.K == Expr::Kind::Assign && E.Op != "=") || E.K == Expr::Kind::Unary)
        if (!E.Ops.empty())
          UpdateTargets.insert(E.Ops[0]->AccessId);
    });
  std::vector<unsigned> Candidates;
  for (unsigned S : EveryIteration) {
    const Statement &St = N.Statements[S];
    for (unsigned AId : St.Accesses) {
      const Access &A = N.Accesses[AId];
      if (!A.isArray() || A.IsWrite || !A.IsAffine || !A.IsMust || Touched.count(AId) ||
          UpdateTargets.count(static_cast<int>(AId)) || N.Arrays[A.Index].isTemporary())
        continue;
      bool Invariant = true;
      for (const AffExpr &E : A.Subscripts)
        Invariant &= !usesAnyIterator(E, Varying);
      if (Invariant)
        Candidates.push_back(AId);
    }
  }
  if (Candidates.empty())
    return false;

  // Group equal loads; one scalar each, loaded before the loop if it runs.
  const Loop Lp = N.Loops[R.Loop];
  std::vector<unsigned> Outer = enclosingLoops(N, R.Loop);
  std::map<std::pair<unsigned, std::string>, unsigned> ScalarOf;
  std::vector<NodePtr> Loads;
  std::string Desc;
  std::map<unsigned, unsigned> Replace; // access -> scalar
  for (unsigned AId : Candidates) {
    const Access A = N.Accesses[AId];
    std::string Key;
    for (const AffExpr &E : A.Subscripts)
      Key += "[" + E.str(N.namer()) + "]";
    auto It = ScalarOf.find({A.Index, Key});
    if (It == ScalarOf.end()) {
      ScalarInfo S;
      S.Name = elementScalarName(N, A);
      S.Type = N.Arrays[A.Index].ElementType;
      S.DeclLoops = Outer;
      S.DeclDepth = Outer.size();
      S.IsWritten = true;
      S.Loc = A.Loc;
      S.Origin = "'" + A.Text + "', invariant in loop " + loopLabel(N, R.Loop) + ", loaded once before it";
      unsigned SId = N.Scalars.size();
      N.Scalars.push_back(S);
      It = ScalarOf.insert({{A.Index, Key}, SId}).first;
      std::vector<Access> Accs{arrayAccess(N, A.Index, A.Subscripts, false, A.Loc),
                               scalarAccess(N, SId, true, A.Loc)};
      Accs[0].Text = A.Text;
      ExprPtr Value = arrayRefExpr(N, A.Index, A.Subscripts);
      Value->AccessId = 0;
      ExprPtr Target = scalarRefExpr(N, SId);
      Target->AccessId = 1;
      Loads.push_back(addStatement(N, assignExpr("=", std::move(Target), std::move(Value)), Accs, A.Loc,
                                   "load of '" + A.Text + "' hoisted out of loop " +
                                       loopLabel(N, R.Loop)));
      Desc += (Desc.empty() ? "" : ", ") + A.Text + " into " + S.Name;
    }
    Replace[AId] = It->second;
  }
  accessScalarsInstead(N, R.Loop, Replace);
  // Only load when the loop runs: the original reads nothing otherwise.
  bool AlwaysRuns = Lp.Lower.isConstant() && Lp.Upper.isConstant() &&
                    Lp.Lower.constantValue() <= Lp.Upper.constantValue();
  std::vector<NodePtr> Before;
  if (AlwaysRuns) {
    Before = std::move(Loads);
  } else {
    NodePtr If = ifNode(N, runsAtLeastOnce(Lp), Lp.Loc);
    If->Body = std::move(Loads);
    Before.push_back(std::move(If));
  }
  Place = findLoop(N, R.Loop);
  Place.Siblings->insert(Place.Siblings->begin() + Place.Index, std::make_move_iterator(Before.begin()),
                         std::make_move_iterator(Before.end()));
  finalizeNest(N);
  recordTransform(N, "hoist", "hoist invariant loads out of loop " + loopLabel(N, R.Loop) + ": " + Desc,
                  whereOf(N, R.Loc, R.Loop), R.Requested, linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
