//===- CopyForWAR.cpp - Eliminating a loop-carried WAR by reading a copy ---===//
#include "loopgpu/Transform/CopyForWAR.h"
#include "Support.h"

#include <set>

namespace loopgpu {

bool copyForWAR(Nest &N, const DependenceInfo &DI, const CopyForWARRequest &R, DiagnosticSink &Diags) {
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  const ArrayInfo Arr = N.Arrays[R.Array]; // a copy: N.Arrays grows below
  std::string What = "read a copy of '" + Arr.Name + "' in loop " + loopLabel(N, R.Loop);
  LoopPlace Place = findLoop(N, R.Loop);
  if (!Place) {
    Diags.error(Where, "cannot " + What + ": the loop is not in the nest");
    return false;
  }
  std::vector<unsigned> InLoop = statementsUnder(*Place.Nd);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());

  // Arrays that may share memory with it must not be touched in the loop.
  for (const Access &A : N.Accesses)
    if (InL.count(A.Stmt) && A.isArray() && A.Index != R.Array &&
        N.Arrays[A.Index].AliasClass == Arr.AliasClass) {
      Diags.error(Where, "cannot " + What + ": '" + N.Arrays[A.Index].Name + "' may alias it (" +
                             A.Text + " on line " + std::to_string(A.Loc.Line) + ")");
      return false;
    }
  for (const std::optional<AffExpr> &E : Arr.Extents)
    if (!E) {
      Diags.error(Where, "cannot " + What + ": its size is not known (declare it with its "
                             "dimensions, e.g. 'float " + Arr.Name + "[n]')");
      return false;
    }

  // Reads that are targets of compound assignments (A[i] += ...) read and
  // write through one reference: they stay.
  std::set<int> Targets;
  for (unsigned S : InLoop)
    N.Statements[S].Body->walk([&](const Expr &E) {
      bool Update = (E.K == Expr::Kind::Assign && E.Op != "=") ||
                    (E.K == Expr::Kind::Unary && (E.Op == "++pre" || E.Op == "--pre" ||
                                                  E.Op == "post++" || E.Op == "post--"));
      if (Update && !E.Ops.empty())
        Targets.insert(E.Ops[0]->AccessId);
    });
  // A read reaches back before the loop unless a write inside the loop (in
  // the same iteration of the loops around it) reaches it: the analysis'
  // RAW dependences say which.
  std::set<unsigned> Reached;
  for (const Dependence &D : DI.dependences())
    if (D.Kind == DepKind::RAW && InL.count(D.SourceStmt) && InL.count(D.SinkStmt) &&
        D.isWithinOuterIterationsOf(R.Loop))
      Reached.insert(D.SinkAccess);
  // Only reads a statement's body links to can be rewritten: the reads of
  // an `if` condition are attached to every statement it guards, and the
  // condition links to none of them, so they keep reading the array.
  std::set<int> InBodies;
  for (unsigned S : InLoop)
    N.Statements[S].Body->walk([&](const Expr &E) {
      if (E.K == Expr::Kind::ArrayRef && E.AccessId >= 0)
        InBodies.insert(E.AccessId);
    });
  std::set<unsigned> Redirect;
  for (const Access &A : N.Accesses)
    if (InL.count(A.Stmt) && A.isArray() && A.Index == R.Array && !A.IsWrite && !Reached.count(A.Id) &&
        !Targets.count(static_cast<int>(A.Id)) && InBodies.count(static_cast<int>(A.Id)))
      Redirect.insert(A.Id);
  // It must remove a WAR the loop carries.
  bool Removes = false;
  for (unsigned D : DI.verdict(R.Loop).Blocking) {
    const Dependence &Dep = DI.dependence(D);
    Removes |= Dep.Kind == DepKind::WAR && Redirect.count(Dep.SourceAccess);
  }
  if (!Removes) {
    std::string Why = "the loop carries no anti dependence (WAR) from a read of it that may read a copy";
    for (unsigned D : DI.verdict(R.Loop).Blocking) {
      const Dependence &Dep = DI.dependence(D);
      if (Dep.Kind == DepKind::WAR && touches(N.Accesses[Dep.SourceAccess], {Access::Target::Array, R.Array})) {
        Why = "the read in " + describe(N, Dep, R.Loop) +
              " also reads values written inside the loop, so it cannot read a copy made before it";
        break;
      }
    }
    Diags.error(Where, "cannot " + What + ": " + Why);
    return false;
  }

  // Mutate: the copy, its filling loops before L, the redirected reads.
  const Loop Lp = N.Loops[R.Loop];
  ArrayInfo C;
  C.Name = freshName(N, Arr.Name + "_copy");
  C.ElementType = Arr.ElementType;
  C.Kind = ArrayInfo::Storage::FixedSize;
  C.Temporary = ArrayInfo::TempKind::ReadCopy;
  C.OriginalArray = static_cast<int>(R.Array);
  C.AllocLoops = enclosingLoops(N, R.Loop);
  for (const std::optional<AffExpr> &E : Arr.Extents) {
    C.Extents.push_back(E);
    C.AllocExtents.push_back(*E);
  }
  C.IsConst = false;
  C.Loc = Arr.Loc;
  C.Origin = "'" + Arr.Name + "' as it was before loop " + loopLabel(N, R.Loop) +
             ", read instead of it (WAR elimination)";
  C.AliasClass = N.Arrays.size();
  unsigned CId = N.Arrays.size();
  std::string ArrName = Arr.Name;
  N.Arrays.push_back(C);
  std::vector<AffExpr> Extents = N.Arrays[CId].AllocExtents;

  std::vector<unsigned> Iters;
  Node *Inner = nullptr;
  NodePtr Fill = generatedLoops(N, Extents, Lp.Loc, "copy of '" + ArrName + "' before loop " +
                                                         loopLabel(N, R.Loop), Iters, Inner);
  std::vector<AffExpr> Subs;
  for (unsigned I : Iters)
    Subs.push_back(AffExpr::iterator(I));
  {
    std::vector<Access> Accs{arrayAccess(N, R.Array, Subs, false, Lp.Loc),
                             arrayAccess(N, CId, Subs, true, Lp.Loc)};
    ExprPtr Value = arrayRefExpr(N, R.Array, Subs);
    Value->AccessId = 0;
    ExprPtr Target = arrayRefExpr(N, CId, Subs);
    Target->AccessId = 1;
    Inner->Body.push_back(addStatement(N, assignExpr("=", std::move(Target), std::move(Value)), Accs,
                                       Lp.Loc, "copy of '" + ArrName + "' read by the loop"));
  }
  std::set<unsigned> LineSet;
  for (unsigned A : Redirect) {
    Access &X = N.Accesses[A];
    X.Index = CId;
    X.Text = N.Arrays[CId].Name + X.Text.substr(std::min(X.Text.size(), ArrName.size()));
    LineSet.insert(X.Loc.Line);
  }
  std::string Lines;
  for (unsigned L : LineSet)
    Lines += (Lines.empty() ? "" : ", ") + std::to_string(L);
  rewriteRefs(N, *findLoop(N, R.Loop).Nd, [&](const Expr &E) -> ExprPtr {
    if (E.K != Expr::Kind::ArrayRef || E.Index != R.Array || E.AccessId < 0 ||
        !Redirect.count(static_cast<unsigned>(E.AccessId)))
      return nullptr;
    ExprPtr X = E.clone();
    X->Index = CId;
    return X;
  });
  Place = findLoop(N, R.Loop);
  Place.Siblings->insert(Place.Siblings->begin() + Place.Index, std::move(Fill));
  finalizeNest(N);
  recordTransform(N, "copy-for-war",
                  "read " + N.Arrays[CId].Name + ", a copy of " + ArrName + " made before loop " +
                      loopLabel(N, R.Loop) + ", at line" + (LineSet.size() > 1 ? "s " : " ") +
                      Lines + " (removes the loop-carried WAR)",
                  Where, R.Requested, linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
