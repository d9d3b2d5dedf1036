//===- Privatize.cpp - Privatization of scalars and arrays -----------------===//
#include "loopgpu/Transform/Privatize.h"
#include "loopgpu/Transform/ReductionPrivatize.h"
#include "Support.h"

#include <algorithm>
#include <set>

namespace loopgpu {

namespace {

/// The carried dependences of L between two accesses of M, RAW first.
std::vector<unsigned> blockingOn(const Nest &N, const DependenceInfo &DI, unsigned L, MemoryRef M) {
  std::vector<unsigned> R;
  for (unsigned D : DI.verdict(L).Blocking) {
    const Dependence &Dep = DI.dependence(D);
    if (touches(N.Accesses[Dep.SourceAccess], M) && touches(N.Accesses[Dep.SinkAccess], M))
      R.push_back(D);
  }
  std::stable_sort(R.begin(), R.end(), [&](unsigned A, unsigned B) {
    return (DI.dependence(A).Kind == DepKind::RAW) > (DI.dependence(B).Kind == DepKind::RAW);
  });
  return R;
}

void privatizeScalar(Nest &N, unsigned L, unsigned S, const Privatization &P, std::string &Desc) {
  Node &LN = *findLoop(N, L).Nd;
  std::vector<unsigned> InLoop = statementsUnder(LN);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());
  std::vector<unsigned> Scope = enclosingLoops(N, L);
  Scope.push_back(L);
  bool AllInside = true;
  for (const Access &A : N.Accesses)
    if (A.isScalar() && A.Index == S && !InL.count(A.Stmt))
      AllInside = false;
  const std::string Name = N.Scalars[S].Name;
  if (N.Scalars[S].declaredInside() && AllInside && !P.LastPrivate) {
    N.Scalars[S].DeclLoops = Scope;
    Desc = "privatize " + Name + " in loop " + loopLabel(N, L) + ": declared inside the loop";
    return;
  }
  ScalarInfo T = N.Scalars[S];
  T.Name = freshName(N, Name + "_p");
  T.DeclLoops = Scope;
  T.DeclDepth = Scope.size();
  T.Origin = "private copy of '" + Name + "' in loop " + loopLabel(N, L);
  T.OriginalScalar = static_cast<int>(S);
  unsigned TId = N.Scalars.size();
  N.Scalars.push_back(T);
  for (Access &A : N.Accesses)
    if (A.isScalar() && A.Index == S && InL.count(A.Stmt)) {
      A.Index = TId;
      A.Text = T.Name;
    }
  rewriteRefs(N, LN, [&](const Expr &E) -> ExprPtr {
    if (E.K != Expr::Kind::ScalarRef || E.Index != S)
      return nullptr;
    ExprPtr R = scalarRefExpr(N, TId);
    R->AccessId = E.AccessId;
    R->Loc = E.Loc;
    return R;
  });
  Desc = "privatize " + Name + " in loop " + loopLabel(N, L) + ": private copy " + T.Name;
  if (P.LastPrivate) {
    const Loop &Lp = N.Loops[L];
    std::vector<Access> Accs{scalarAccess(N, TId, false, Lp.Loc), scalarAccess(N, S, true, Lp.Loc)};
    ExprPtr Value = scalarRefExpr(N, TId);
    Value->AccessId = 0;
    ExprPtr Target = scalarRefExpr(N, S);
    Target->AccessId = 1;
    NodePtr St = addStatement(N, assignExpr("=", std::move(Target), std::move(Value)), Accs, Lp.Loc,
                              "the last iteration's '" + Name + "' (last-private)");
    NodePtr If = ifNode(N, isLastIteration(Lp, AffExpr::iterator(L)), Lp.Loc);
    If->Body.push_back(std::move(St));
    findLoop(N, L).Nd->Body.push_back(std::move(If));
    Desc += ", copied back in the last iteration";
  }
}

/// Arr[Subs...] = Src[SrcSubs...] as a statement.
NodePtr copyStatement(Nest &N, unsigned Dst, std::vector<AffExpr> DstSubs, unsigned Src,
                      std::vector<AffExpr> SrcSubs, SourceLoc Loc, const std::string &Origin) {
  std::vector<Access> Accs{arrayAccess(N, Src, SrcSubs, false, Loc),
                           arrayAccess(N, Dst, DstSubs, true, Loc)};
  ExprPtr Value = arrayRefExpr(N, Src, SrcSubs);
  Value->AccessId = 0;
  ExprPtr Target = arrayRefExpr(N, Dst, DstSubs);
  Target->AccessId = 1;
  return addStatement(N, assignExpr("=", std::move(Target), std::move(Value)), Accs, Loc, Origin);
}

void privatizeArray(Nest &N, unsigned L, unsigned A, std::string &Desc) {
  std::vector<unsigned> InLoop = statementsUnder(*findLoop(N, L).Nd);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());
  const Loop Lp = N.Loops[L];
  ArrayInfo P;
  const ArrayInfo Orig = N.Arrays[A]; // a copy: N.Arrays grows below
  P.Name = freshName(N, Orig.Name + "_p");
  P.ElementType = Orig.ElementType;
  P.Kind = ArrayInfo::Storage::FixedSize;
  P.Temporary = ArrayInfo::TempKind::PrivateCopy;
  P.OriginalArray = static_cast<int>(A);
  P.AllocLoops = enclosingLoops(N, L);
  P.Extents.push_back(std::nullopt);
  P.AllocExtents.push_back(tripCount(Lp));
  for (const std::optional<AffExpr> &E : Orig.Extents) {
    P.Extents.push_back(E);
    P.AllocExtents.push_back(*E);
  }
  P.Loc = Orig.Loc;
  P.Origin = "private copies of '" + Orig.Name + "', one per iteration of loop " + loopLabel(N, L);
  P.AliasClass = N.Arrays.size();
  unsigned PId = N.Arrays.size();
  N.Arrays.push_back(P);
  std::vector<AffExpr> Extents(N.Arrays[PId].AllocExtents.begin() + 1, N.Arrays[PId].AllocExtents.end());
  AffExpr Idx = iterationIndex(Lp, AffExpr::iterator(L));

  for (Access &X : N.Accesses)
    if (X.isArray() && X.Index == A && InL.count(X.Stmt)) {
      X.Index = PId;
      if (X.IsAffine)
        X.Subscripts.insert(X.Subscripts.begin(), Idx);
      if (X.Bounded)
        X.Bounded->Subscripts.insert(X.Bounded->Subscripts.begin(), Idx);
      X.Text = N.Arrays[PId].Name + "[" + Idx.str(N.namer()) + "]" +
               X.Text.substr(std::min(X.Text.size(), N.Arrays[A].Name.size()));
    }
  rewriteRefs(N, *findLoop(N, L).Nd, [&](const Expr &E) -> ExprPtr {
    if (E.K != Expr::Kind::ArrayRef || E.Index != A)
      return nullptr;
    ExprPtr R = E.clone();
    R->Index = PId;
    R->Ops.insert(R->Ops.begin(), exprFromAff(N, Idx));
    return R;
  });

  // Copy in at the start of every iteration, copy out of the last one.
  std::vector<unsigned> Iters;
  Node *Inner = nullptr;
  NodePtr In = generatedLoops(N, Extents, Lp.Loc, "copy of '" + Orig.Name + "' into its private copy",
                              Iters, Inner);
  std::vector<AffExpr> C;
  for (unsigned I : Iters)
    C.push_back(AffExpr::iterator(I));
  std::vector<AffExpr> PC = C;
  PC.insert(PC.begin(), Idx);
  Inner->Body.push_back(copyStatement(N, PId, PC, A, C, Lp.Loc,
                                      "private copy starts as '" + N.Arrays[A].Name + "'"));
  Node &LN = *findLoop(N, L).Nd;
  LN.Body.insert(LN.Body.begin(), std::move(In));

  NodePtr Out = generatedLoops(N, Extents, Lp.Loc,
                               "copy of the last iteration's '" + N.Arrays[A].Name + "' back", Iters,
                               Inner);
  C.clear();
  for (unsigned I : Iters)
    C.push_back(AffExpr::iterator(I));
  PC = C;
  PC.insert(PC.begin(), lastIterationIndex(Lp));
  Inner->Body.push_back(copyStatement(N, A, C, PId, PC, Lp.Loc,
                                      "the last iteration's '" + N.Arrays[A].Name + "'"));
  NodePtr If = ifNode(N, runsAtLeastOnce(Lp), Lp.Loc);
  If->Body.push_back(std::move(Out));
  LoopPlace Pl = findLoop(N, L);
  Pl.Siblings->insert(Pl.Siblings->begin() + Pl.Index + 1, std::move(If));
  Desc = "privatize array " + N.Arrays[A].Name + " in loop " + loopLabel(N, L) + ": " +
         N.Arrays[PId].Name + "[iteration][...], copied in every iteration and back from the last";
}

} // namespace

bool privatize(Nest &N, const DependenceInfo &DI, const PrivatizeRequest &R, DiagnosticSink &Diags) {
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  std::string What = "privatize '" + R.Name + "' in loop " + loopLabel(N, R.Loop);
  if (!findLoopNode(N, R.Loop)) {
    Diags.error(Where, "cannot " + What + ": the loop is not in the nest");
    return false;
  }
  std::optional<MemoryRef> M = memoryNamed(N, R.Name);
  if (!M) {
    Diags.error(Where, "cannot " + What + ": '" + R.Name + "' is not a variable the nest uses");
    return false;
  }
  for (const Reduction &Red : DI.reductions(R.Loop))
    if (Red.Memory == *M) {
      ReductionPrivatizeRequest RR;
      RR.Loop = R.Loop;
      RR.Name = R.Name;
      RR.Loc = R.Loc;
      RR.Requested = R.Requested;
      return privatizeReduction(N, DI, RR, Diags);
    }
  const Privatization *P = nullptr;
  for (const Privatization &X : DI.privatizable(R.Loop))
    if (X.Memory == *M)
      P = &X;
  if (!P) {
    std::vector<unsigned> Blocking = blockingOn(N, DI, R.Loop, *M);
    if (Blocking.empty()) {
      bool Declared = M->isScalar() &&
                      std::find(N.Scalars[M->Index].DeclLoops.begin(), N.Scalars[M->Index].DeclLoops.end(),
                                R.Loop) != N.Scalars[M->Index].DeclLoops.end();
      Diags.warning(Where, "nothing to " + What + ": " +
                               (Declared ? "it is declared inside the loop, so already private"
                                         : "the loop carries no dependence on it"));
      return false;
    }
    const Dependence &D = DI.dependence(Blocking[0]);
    std::string Why = D.Kind == DepKind::RAW
                          ? "an iteration reads the value another iteration wrote"
                          : "a read in an iteration is not always preceded by a write of the same "
                            "iteration, or the value after the loop depends on which iteration "
                            "writes it last";
    Diags.error(Where, "cannot " + What + ": " + describe(N, D, R.Loop) + "; " + Why);
    return false;
  }
  if (M->isArray()) {
    const ArrayInfo &A = N.Arrays[M->Index];
    for (const std::optional<AffExpr> &E : A.Extents)
      if (!E) {
        Diags.error(Where, "cannot " + What + ": the size of array '" + A.Name +
                               "' is not known (declare it with its dimensions, e.g. 'float " +
                               A.Name + "[n]')");
        return false;
      }
  }

  std::string Desc;
  if (M->isScalar())
    privatizeScalar(N, R.Loop, M->Index, *P, Desc);
  else
    privatizeArray(N, R.Loop, M->Index, Desc);
  finalizeNest(N);
  recordTransform(N, M->isScalar() ? "privatize" : "privatize-array", Desc, Where, R.Requested,
                  linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
