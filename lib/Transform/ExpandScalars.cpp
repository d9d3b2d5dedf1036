//===- ExpandScalars.cpp - Array expansion of scalars along a loop ---------===//
#include "loopgpu/Transform/ExpandScalars.h"
#include "Support.h"

#include <algorithm>
#include <set>

namespace loopgpu {

namespace {

/// The loops t is expanded along: L, and for a scalar declared inside L the
/// declaring loops below L (each instance of t gets its own element).
std::vector<unsigned> expansionLoops(const Nest &N, unsigned L, unsigned Scalar) {
  std::vector<unsigned> R{L};
  const ScalarInfo &S = N.Scalars[Scalar];
  auto It = std::find(S.DeclLoops.begin(), S.DeclLoops.end(), L);
  if (It != S.DeclLoops.end())
    R.insert(R.end(), It + 1, S.DeclLoops.end());
  return R;
}

/// Is t possibly read after L (the analysis' notion of live-after: declared
/// outside the nest, or read by a statement outside L)?
bool readAfter(const Nest &N, unsigned L, unsigned Scalar, const std::set<unsigned> &InL) {
  if (!N.Scalars[Scalar].declaredInside())
    return true;
  for (const Access &A : N.Accesses)
    if (A.isScalar() && A.Index == Scalar && !A.IsWrite && !InL.count(A.Stmt))
      return true;
  return false;
}

} // namespace

namespace detail {

bool canExpandScalars(const Nest &N, const DependenceInfo &DI, unsigned Loop,
                      const std::vector<unsigned> &Scalars, SourceLoc Where, DiagnosticSink &Diags) {
  const std::vector<unsigned> &Expandable = DI.scalarsNeedingExpansion(Loop);
  std::vector<unsigned> Outer = enclosingLoops(N, Loop);
  std::set<unsigned> OuterSet(Outer.begin(), Outer.end());
  for (unsigned S : Scalars) {
    const std::string &Name = N.Scalars[S].Name;
    // Declared in the loop's body (or deeper): one instance per iteration,
    // so an element per iteration holds exactly what the scalar held.
    bool DeclaredInLoop = std::find(N.Scalars[S].DeclLoops.begin(), N.Scalars[S].DeclLoops.end(), Loop) !=
                          N.Scalars[S].DeclLoops.end();
    if (!DeclaredInLoop && std::find(Expandable.begin(), Expandable.end(), S) == Expandable.end()) {
      Diags.error(Where, "cannot expand '" + Name + "' along loop " + loopLabel(N, Loop) +
                             ": the analysis does not list it as expandable there (a read "
                             "may see a value from another iteration, or its last value "
                             "after the loop is not well defined)");
      return false;
    }
    std::vector<unsigned> Along = expansionLoops(N, Loop, S);
    for (unsigned J : Along) {
      const loopgpu::Loop &Lp = N.Loops[J];
      // The sizes are computed before L: they may only use loops around it.
      std::set<unsigned> Inner;
      for (const loopgpu::Loop &X : N.Loops)
        if (!OuterSet.count(X.Id))
          Inner.insert(X.Id);
      if (usesAnyIterator(Lp.Lower, Inner) || usesAnyIterator(Lp.Upper, Inner)) {
        Diags.error(Where, "cannot expand '" + Name + "' along loop " + loopLabel(N, J) +
                               ": its bounds depend on loops inside " + loopLabel(N, Loop) +
                               " (the array size would not be known before the loop)");
        return false;
      }
    }
  }
  return true;
}

std::vector<unsigned> expandScalarsUnchecked(Nest &N, unsigned Loop,
                                             const std::vector<unsigned> &Scalars) {
  std::vector<unsigned> NewArrays;
  LoopPlace P = findLoop(N, Loop);
  std::vector<unsigned> InLoop = statementsUnder(*P.Nd);
  std::set<unsigned> InL(InLoop.begin(), InLoop.end());
  std::vector<unsigned> Outer = enclosingLoops(N, Loop);
  const loopgpu::Loop &L = N.Loops[Loop];
  std::vector<NodePtr> After;
  for (unsigned S : Scalars) {
    std::vector<unsigned> Along = expansionLoops(N, Loop, S);
    ArrayInfo A;
    A.Name = freshName(N, N.Scalars[S].Name + "_exp");
    A.ElementType = N.Scalars[S].Type;
    A.Kind = ArrayInfo::Storage::FixedSize;
    A.Temporary = ArrayInfo::TempKind::ExpandedScalar;
    A.OriginalScalar = static_cast<int>(S);
    A.AllocLoops = Outer;
    for (unsigned J : Along) {
      A.Extents.push_back(std::nullopt);
      A.AllocExtents.push_back(tripCount(N.Loops[J]));
    }
    A.Loc = N.Scalars[S].Loc;
    A.Origin = "'" + N.Scalars[S].Name + "' expanded along loop" + (Along.size() > 1 ? "s " : " ");
    for (size_t K = 0; K < Along.size(); ++K)
      A.Origin += (K ? ", " : "") + loopLabel(N, Along[K]);
    A.AliasClass = N.Arrays.size();
    unsigned AId = N.Arrays.size();
    N.Arrays.push_back(A);
    NewArrays.push_back(AId);

    std::vector<AffExpr> Subs;
    for (unsigned J : Along)
      Subs.push_back(iterationIndex(N.Loops[J], AffExpr::iterator(J)));
    // Accesses and references inside L.
    for (Access &X : N.Accesses) {
      if (!X.isScalar() || X.Index != S || !InL.count(X.Stmt))
        continue;
      X = [&] {
        Access Y = arrayAccess(N, AId, Subs, X.IsWrite, X.Loc);
        Y.Id = X.Id;
        Y.Stmt = X.Stmt;
        Y.IsMust = X.IsMust;
        return Y;
      }();
    }
    rewriteRefs(N, *P.Nd, [&](const Expr &E) -> ExprPtr {
      if (E.K != Expr::Kind::ScalarRef || E.Index != S)
        return nullptr;
      ExprPtr R = arrayRefExpr(N, AId, Subs);
      R->AccessId = E.AccessId;
      R->Loc = E.Loc;
      return R;
    });
    for (unsigned St : InLoop)
      if (N.Statements[St].IsDeclaration && N.Statements[St].Body->Ops[0]->K != Expr::Kind::ScalarRef)
        N.Statements[St].IsDeclaration = false;

    // The last iteration's value, for reads after L.
    bool DeclaredInL = std::find(N.Scalars[S].DeclLoops.begin(), N.Scalars[S].DeclLoops.end(),
                                 Loop) != N.Scalars[S].DeclLoops.end();
    if (!DeclaredInL && readAfter(N, Loop, S, InL)) {
      std::vector<AffExpr> Last{lastIterationIndex(L)};
      std::vector<Access> Accs{arrayAccess(N, AId, Last, false, L.Loc),
                               scalarAccess(N, S, true, L.Loc)};
      ExprPtr Value = arrayRefExpr(N, AId, Last);
      Value->AccessId = 0;
      ExprPtr Target = scalarRefExpr(N, S);
      Target->AccessId = 1;
      NodePtr St = addStatement(N, assignExpr("=", std::move(Target), std::move(Value)), Accs,
                                L.Loc, "the value of '" + N.Scalars[S].Name +
                                           "' after the loop (array expansion)");
      NodePtr If = ifNode(N, runsAtLeastOnce(L), L.Loc);
      If->Body.push_back(std::move(St));
      After.push_back(std::move(If));
    }
  }
  // After L, in order (P may be stale if the tree changed: find L again).
  LoopPlace Q = findLoop(N, Loop);
  for (size_t K = 0; K < After.size(); ++K)
    Q.Siblings->insert(Q.Siblings->begin() + Q.Index + 1 + K, std::move(After[K]));
  return NewArrays;
}

} // namespace detail

bool expandScalars(Nest &N, const DependenceInfo &DI, const ExpandScalarsRequest &R,
                   DiagnosticSink &Diags) {
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  if (!findLoopNode(N, R.Loop)) {
    Diags.error(Where, "cannot expand scalars: loop " + loopLabel(N, R.Loop) + " is not in the nest");
    return false;
  }
  std::vector<unsigned> Scalars = R.Scalars.empty() ? DI.scalarsNeedingExpansion(R.Loop) : R.Scalars;
  if (Scalars.empty())
    return false;
  if (!detail::canExpandScalars(N, DI, R.Loop, Scalars, Where, Diags))
    return false;
  std::vector<unsigned> Arrays = detail::expandScalarsUnchecked(N, R.Loop, Scalars);
  finalizeNest(N);
  std::string Desc = "expand ";
  for (size_t K = 0; K < Scalars.size(); ++K)
    Desc += (K ? ", " : "") + N.Scalars[Scalars[K]].Name + " into " + N.Arrays[Arrays[K]].Name;
  Desc += " along loop " + loopLabel(N, R.Loop);
  recordTransform(N, "expand", Desc, Where, R.Requested, linesOf(N, {R.Loop}));
  return true;
}

} // namespace loopgpu
