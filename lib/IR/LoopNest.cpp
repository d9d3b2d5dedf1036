//===- LoopNest.cpp - The affine loop-nest IR ------------------------------===//
#include "loopgpu/IR/LoopNest.h"

namespace loopgpu {

const char *spelling(Clause::Kind K) {
  switch (K) {
  case Clause::Kind::Tile: return "tile";
  case Clause::Kind::Coarsen: return "coarsen";
  case Clause::Kind::Parallel: return "parallel";
  case Clause::Kind::Sequential: return "sequential";
  case Clause::Kind::Interchange: return "interchange";
  case Clause::Kind::Distribute: return "distribute";
  case Clause::Kind::Private: return "private";
  case Clause::Kind::Shared: return "shared";
  case Clause::Kind::Copy: return "copy";
  case Clause::Kind::CopyIn: return "copyin";
  case Clause::Kind::CopyOut: return "copyout";
  case Clause::Kind::Independent: return "independent";
  }
  return "?";
}

static void terms(const AffExpr &E, AffExpr::Kind Fold, std::vector<AffExpr> &Out) {
  if (E.kind() == Fold) {
    for (const AffExpr &O : E.operands())
      terms(O, Fold, Out);
    return;
  }
  Out.push_back(E);
}

std::optional<AffExpr> singleIterationValue(const Loop &L) {
  std::vector<AffExpr> Lo, Hi;
  terms(L.Lower, AffExpr::Kind::Max, Lo);
  terms(L.Upper, AffExpr::Kind::Min, Hi);
  for (const AffExpr &A : Lo)
    for (const AffExpr &B : Hi)
      if (A == B)
        return A;
  return std::nullopt;
}

std::vector<unsigned> Nest::commonLoops(unsigned S1, unsigned S2) const {
  const auto &A = Statements[S1].Loops, &B = Statements[S2].Loops;
  std::vector<unsigned> Common;
  for (size_t I = 0; I < A.size() && I < B.size() && A[I] == B[I]; ++I)
    Common.push_back(A[I]);
  return Common;
}

static void walkNodes(const std::vector<NodePtr> &Nodes, const std::function<void(const Node &)> &F) {
  for (const NodePtr &Nd : Nodes) {
    F(*Nd);
    walkNodes(Nd->Body, F);
    walkNodes(Nd->Else, F);
  }
}

void Nest::forEachNode(const std::function<void(const Node &)> &F) const { walkNodes(Root, F); }

} // namespace loopgpu
