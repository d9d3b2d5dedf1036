//===- ReductionPrivatize.cpp - Per-iteration partials of a reduction ------===//
#include "loopgpu/Transform/ReductionPrivatize.h"
#include "Support.h"

#include <algorithm>
#include <functional>
#include <set>

namespace loopgpu {

namespace {

ExprPtr literal(const std::string &Text, ScalarType T) {
  auto E = std::make_unique<Expr>(T.isFloating() ? Expr::Kind::FloatLiteral : Expr::Kind::IntLiteral);
  E->Text = Text;
  E->Type = T;
  return E;
}

/// x = x op p (the combine of one partial p), with its accesses. Reads come
/// in evaluation order, then the write.
NodePtr combineStatement(Nest &N, const std::string &Op, MemoryRef X, const std::vector<AffExpr> &XSubs,
                         unsigned Part, const std::vector<AffExpr> &PSubs, SourceLoc Loc,
                         const std::string &Origin) {
  std::vector<Access> Accs;
  auto Ref = [&](bool IsPart, bool IsWrite) {
    ExprPtr E = IsPart ? arrayRefExpr(N, Part, PSubs)
                       : (X.isScalar() ? scalarRefExpr(N, X.Index) : arrayRefExpr(N, X.Index, XSubs));
    E->AccessId = Accs.size();
    if (IsPart)
      Accs.push_back(arrayAccess(N, Part, PSubs, false, Loc));
    else if (X.isScalar())
      Accs.push_back(scalarAccess(N, X.Index, IsWrite, Loc));
    else
      Accs.push_back(arrayAccess(N, X.Index, XSubs, IsWrite, Loc));
    return E;
  };
  ExprPtr Body;
  if (Op == "min" || Op == "max") {
    // x = p < x ? p : x   (max: >)
    auto Cond = std::make_unique<Expr>(Expr::Kind::Binary);
    Cond->Op = Op == "min" ? "<" : ">";
    Cond->Type = ScalarType::intType();
    Cond->Ops.push_back(Ref(true, false));
    Cond->Ops.push_back(Ref(false, false));
    auto Sel = std::make_unique<Expr>(Expr::Kind::Conditional);
    Sel->Ops.push_back(std::move(Cond));
    Sel->Ops.push_back(Ref(true, false));
    Sel->Ops.push_back(Ref(false, false));
    Sel->Type = Sel->Ops[1]->Type;
    ExprPtr Target = Ref(false, true);
    Body = assignExpr("=", std::move(Target), std::move(Sel));
  } else {
    // x op= p: the value's read, then the target's read and write.
    ExprPtr Value = Ref(true, false);
    ExprPtr Target = Ref(false, false);
    if (X.isScalar())
      Accs.push_back(scalarAccess(N, X.Index, true, Loc));
    else
      Accs.push_back(arrayAccess(N, X.Index, XSubs, true, Loc));
    Body = assignExpr(Op + "=", std::move(Target), std::move(Value));
  }
  return addStatement(N, std::move(Body), Accs, Loc, Origin);
}

/// For a reduction on an array element: its subscripts XSubs, where every
/// update touches one element that stays the same while Loop (node Nd) runs
/// (no subscript uses a Varying loop) and no condition in the loop reads
/// the array; else why not.
std::string reducedElement(const Nest &N, const Reduction &Red, const Node &Nd, const std::set<unsigned> &Varying,
                           std::vector<AffExpr> &XSubs) {
  bool First = true;
  for (unsigned A : Red.Accesses) {
    const Access &X = N.Accesses[A];
    bool Invariant = X.IsAffine;
    for (const AffExpr &E : X.Subscripts)
      Invariant &= !usesAnyIterator(E, Varying);
    if (!Invariant || (!First && X.Subscripts != XSubs))
      return "its updates do not all touch one element that stays the same during the loop";
    XSubs = X.Subscripts;
    First = false;
  }
  bool InCondition = false;
  std::function<void(const Node &)> Scan = [&](const Node &C) {
    if (C.K == Node::Kind::If && C.Condition)
      C.Condition->walk([&](const Expr &E) {
        InCondition |= E.K == Expr::Kind::ArrayRef && E.Index == Red.Memory.Index;
      });
    for (const NodePtr &B : C.Body)
      Scan(*B);
    for (const NodePtr &B : C.Else)
      Scan(*B);
  };
  Scan(Nd);
  return InCondition ? "an 'if' condition reads the array element (not supported)" : "";
}

} // namespace

bool privatizeReduction(Nest &N, const DependenceInfo &DI, const ReductionPrivatizeRequest &R,
                        DiagnosticSink &Diags) {
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  std::string What = "privatize the reduction on '" + R.Name + "' in loop " + loopLabel(N, R.Loop);
  LoopPlace Place = findLoop(N, R.Loop);
  if (!Place) {
    Diags.error(Where, "cannot " + What + ": the loop is not in the nest");
    return false;
  }
  const Reduction *Red = nullptr;
  for (const Reduction &X : DI.reductions(R.Loop))
    if (nameOf(N, X.Memory) == R.Name)
      Red = &X;
  if (!Red) {
    std::string Reason = "the analysis found no reduction on it in this loop";
    for (unsigned D : DI.verdict(R.Loop).Unresolved) {
      const Dependence &Dep = DI.dependence(D);
      if (N.targetName(N.Accesses[Dep.SourceAccess]) == R.Name) {
        Reason += " (" + describe(N, Dep, R.Loop) + ")";
        break;
      }
    }
    Diags.error(Where, "cannot " + What + ": " + Reason);
    return false;
  }
  if (Red->isArg()) {
    Diags.error(Where, "cannot " + What + ": it is an " + Red->Op + " reduction together with '" +
                           Red->IndexText + "', which a private partial of '" + R.Name +
                           "' alone would not keep");
    return false;
  }
  MemoryRef M = Red->Memory;
  std::vector<unsigned> InLoop = statementsUnder(*Place.Nd);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());
  std::vector<unsigned> Inner = loopsUnder(*Place.Nd);
  std::set<unsigned> Varying(Inner.begin(), Inner.end());
  Varying.insert(R.Loop);
  std::vector<AffExpr> XSubs;
  std::set<unsigned> RedAccesses(Red->Accesses.begin(), Red->Accesses.end());
  if (M.isArray())
    if (std::string Why = reducedElement(N, *Red, *Place.Nd, Varying, XSubs); !Why.empty()) {
      Diags.error(Where, "cannot " + What + ": " + Why);
      return false;
    }

  // Mutate.
  const Loop Lp = N.Loops[R.Loop];
  ScalarType T = M.isScalar() ? N.Scalars[M.Index].Type : N.Arrays[M.Index].ElementType;
  ArrayInfo P;
  P.Name = freshName(N, R.Name + "_part");
  P.ElementType = T;
  P.Kind = ArrayInfo::Storage::FixedSize;
  P.Temporary = ArrayInfo::TempKind::ReductionPartials;
  if (M.isScalar())
    P.OriginalScalar = static_cast<int>(M.Index);
  else
    P.OriginalArray = static_cast<int>(M.Index);
  P.AllocLoops = enclosingLoops(N, R.Loop);
  P.Extents.push_back(std::nullopt);
  P.AllocExtents.push_back(tripCount(Lp));
  P.Origin = "partial results of the " + Red->Op + "-reduction on '" + Red->Text +
             "', one per iteration of loop " + loopLabel(N, R.Loop);
  P.AliasClass = N.Arrays.size();
  unsigned PId = N.Arrays.size();
  N.Arrays.push_back(P);
  std::vector<AffExpr> PSubs{iterationIndex(Lp, AffExpr::iterator(R.Loop))};

  // Every access of the variable inside the loop is one of the reduction's
  // (the analysis says so for a scalar; for an array element, the updates'
  // own accesses).
  auto IsOurs = [&](const Access &X) {
    if (!InL.count(X.Stmt))
      return false;
    return M.isScalar() ? X.isScalar() && X.Index == M.Index : RedAccesses.count(X.Id) > 0;
  };
  for (Access &X : N.Accesses)
    if (IsOurs(X)) {
      Access Y = arrayAccess(N, PId, PSubs, X.IsWrite, X.Loc);
      Y.Id = X.Id;
      Y.Stmt = X.Stmt;
      Y.IsMust = X.IsMust;
      X = Y;
    }
  rewriteRefs(N, *Place.Nd, [&](const Expr &E) -> ExprPtr {
    bool Ours = M.isScalar() ? E.K == Expr::Kind::ScalarRef && E.Index == M.Index
                             : E.K == Expr::Kind::ArrayRef && E.Index == M.Index && E.AccessId >= 0 &&
                                   RedAccesses.count(E.AccessId);
    if (!Ours)
      return nullptr;
    ExprPtr X = arrayRefExpr(N, PId, PSubs);
    X->AccessId = E.AccessId;
    X->Loc = E.Loc;
    return X;
  });

  // The partial starts at the neutral element.
  {
    std::vector<Access> Accs{arrayAccess(N, PId, PSubs, true, Lp.Loc)};
    ExprPtr Target = arrayRefExpr(N, PId, PSubs);
    Target->AccessId = 0;
    NodePtr Init = addStatement(N, assignExpr("=", std::move(Target), literal(neutralElement(Red->Op, T), T)),
                                Accs, Lp.Loc, "the partial starts at the neutral element of " + Red->Op);
    Place = findLoop(N, R.Loop);
    Place.Nd->Body.insert(Place.Nd->Body.begin(), std::move(Init));
  }
  // The combine, in the original order of the iterations.
  LoopOrigin O;
  O.K = LoopOrigin::Kind::Generated;
  O.From = static_cast<int>(R.Loop);
  O.Note = "combine of the partial results of '" + Red->Text + "' (" + Red->Op + ")";
  unsigned CL = addLoop(N, freshName(N, Lp.Iterator + "_r"), Lp.IteratorType, Lp.Lower, Lp.Upper,
                        Lp.Step, Lp.Loc, O);
  std::vector<AffExpr> CSubs{iterationIndex(N.Loops[CL], AffExpr::iterator(CL))};
  NodePtr Combine = loopNode(N, CL);
  Combine->Body.push_back(combineStatement(N, Red->Op, M, XSubs, PId, CSubs, Lp.Loc,
                                           "combine of the partial results"));
  Place = findLoop(N, R.Loop);
  Place.Siblings->insert(Place.Siblings->begin() + Place.Index + 1, std::move(Combine));
  finalizeNest(N);

  recordTransform(N, "privatize-reduction",
                  "privatize the " + Red->Op + "-reduction on " + Red->Text + " in loop " +
                      loopLabel(N, R.Loop) + ": partial results " + N.Arrays[PId].Name +
                      "[iteration], combined in order after the loop",
                  Where, R.Requested, linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
