//===- ElementForScalar.cpp - A scalar that carries an element's value ----===//
//
// See ElementForScalar.h.
//
//===----------------------------------------------------------------------===//
#include "loopgpu/Transform/ElementForScalar.h"
#include "Support.h"

#include <algorithm>
#include <set>

namespace loopgpu {

namespace {

/// One range of a statement list: node K writes the scalar (`w = E`), node M
/// stores `X = f(w)`.
struct Range {
  std::vector<NodePtr> *List = nullptr;
  size_t K = 0, M = 0;
  unsigned StoreAccess = 0;          ///< the write of X in M
};

/// The statement of a node, if it is one.
const Statement *stmtOf(const Nest &N, const NodePtr &Nd) {
  return Nd->K == Node::Kind::Stmt ? &N.Statements[Nd->Id] : nullptr;
}

bool isScalarRef(const Expr &E, unsigned S) { return E.K == Expr::Kind::ScalarRef && E.Index == S; }

/// The accesses (ids) of the statements in Nodes[From, To).
std::set<unsigned> accessesIn(const Nest &N, const std::vector<NodePtr> &Nodes, size_t From, size_t To) {
  std::set<unsigned> R;
  for (size_t P = From; P < To; ++P) {
    std::vector<unsigned> Stmts;
    if (Nodes[P]->K == Node::Kind::Stmt)
      Stmts.push_back(Nodes[P]->Id);
    else
      for (const std::vector<NodePtr> *B : {&Nodes[P]->Body, &Nodes[P]->Else})
        for (const NodePtr &C : *B) {
          std::vector<unsigned> Sub = C->K == Node::Kind::Stmt ? std::vector<unsigned>{C->Id} : statementsUnder(*C);
          Stmts.insert(Stmts.end(), Sub.begin(), Sub.end());
        }
    for (unsigned S : Stmts)
      R.insert(N.Statements[S].Accesses.begin(), N.Statements[S].Accesses.end());
  }
  return R;
}

class Finder {
public:
  Finder(Nest &N, const DependenceInfo &DI, unsigned S) : N(N), DI(DI), S(S) {}

  /// The ranges of scalar S, if every access to it lies in one.
  std::optional<std::vector<Range>> find() {
    walk(N.Root);
    if (Failed)
      return std::nullopt;
    std::set<unsigned> Covered;
    for (const Range &R : Ranges) {
      std::set<unsigned> In = accessesIn(N, *R.List, R.K, R.M + 1);
      Covered.insert(In.begin(), In.end());
    }
    for (const Access &A : N.Accesses)
      if (A.isScalar() && A.Index == S && !Covered.count(A.Id))
        return std::nullopt;
    return Ranges;
  }

private:
  Nest &N;
  const DependenceInfo &DI;
  unsigned S;
  std::vector<Range> Ranges;
  bool Failed = false;

  bool writesS(const Statement &St) const {
    for (unsigned A : St.Accesses)
      if (N.Accesses[A].isScalar() && N.Accesses[A].Index == S && N.Accesses[A].IsWrite)
        return true;
    return false;
  }
  bool readsS(const Statement &St) const {
    for (unsigned A : St.Accesses)
      if (N.Accesses[A].isScalar() && N.Accesses[A].Index == S && !N.Accesses[A].IsWrite)
        return true;
    return false;
  }

  void walk(std::vector<NodePtr> &List) {
    for (size_t K = 0; K < List.size() && !Failed; ++K) {
      const Statement *St = stmtOf(N, List[K]);
      const Expr *B = St ? St->Body.get() : nullptr;
      if (B && !St->IsDeclaration && B->K == Expr::Kind::Assign && B->Op == "=" && isScalarRef(*B->Ops[0], S) &&
          !readsS(*St)) {
        // The store that ends the range: the next statement of the list that
        // reads the scalar into an array element.
        for (size_t M = K + 1; M < List.size(); ++M) {
          const Statement *Sm = stmtOf(N, List[M]);
          if (!Sm)
            continue;
          const Expr *Bm = Sm->Body.get();
          if (writesS(*Sm))
            break;
          if (!readsS(*Sm))
            continue;
          if (!Bm || Bm->K != Expr::Kind::Assign || Bm->Op != "=" || Bm->Ops[0]->K != Expr::Kind::ArrayRef ||
              Bm->Ops[0]->AccessId < 0)
            break;
          Range R{&List, K, M, static_cast<unsigned>(Bm->Ops[0]->AccessId)};
          if (legal(R))
            Ranges.push_back(R);
          K = M;
          break;
        }
        continue;
      }
      walk(List[K]->Body);
      walk(List[K]->Else);
    }
  }

  /// X has the scalar's type, is affine, and nothing between K and M (nor
  /// M's own reads) touches it within one iteration of the loops around.
  bool legal(const Range &R) const {
    const Access &X = N.Accesses[R.StoreAccess];
    if (!X.IsAffine || !X.IsMust || !(N.Arrays[X.Index].ElementType == N.Scalars[S].Type))
      return false;
    std::set<unsigned> Between = accessesIn(N, *R.List, R.K + 1, R.M + 1);
    Between.erase(R.StoreAccess);
    for (const Dependence &D : DI.dependences())
      if (D.SinkAccess == R.StoreAccess && Between.count(D.SourceAccess) && D.hasLoopIndependentVector())
        return false;
    return true;
  }
};

/// Scalar accesses of S in the statements of Nodes[From, To) become accesses
/// of the element X (an ArrayRef expression to copy).
void replaceInRange(Nest &N, unsigned S, const Range &R, const Expr &X, const Access &XAccess) {
  std::set<unsigned> Ids = accessesIn(N, *R.List, R.K, R.M + 1);
  for (unsigned A : Ids) {
    Access &Acc = N.Accesses[A];
    if (!Acc.isScalar() || Acc.Index != S)
      continue;
    Acc.On = Access::Target::Array;
    Acc.Index = XAccess.Index;
    Acc.Subscripts = XAccess.Subscripts;
    Acc.IsAffine = true;
    Acc.Text = XAccess.Text;
  }
  for (size_t P = R.K; P <= R.M; ++P)
    rewriteRefs(N, *(*R.List)[P], [&](const Expr &E) -> ExprPtr {
      if (!isScalarRef(E, S))
        return nullptr;
      ExprPtr C = X.clone();
      C->AccessId = E.AccessId;
      C->Loc = E.Loc;
      return C;
    });
}

bool sameElement(const Nest &N, const Expr &E, const Access &X) {
  if (E.K != Expr::Kind::ArrayRef || E.AccessId < 0)
    return false;
  const Access &A = N.Accesses[E.AccessId];
  return A.isArray() && A.Index == X.Index && A.IsAffine && A.Subscripts == X.Subscripts;
}

} // namespace

std::vector<std::string> elementsForScalars(Nest &N, const DependenceInfo &DI) {
  std::vector<std::string> Done;
  for (unsigned S = 0; S < N.Scalars.size(); ++S) {
    const ScalarInfo &Info = N.Scalars[S];
    if (Info.declaredInside() || Info.ReadAfterNest || !Info.IsWritten)
      continue;
    std::optional<std::vector<Range>> Ranges = Finder(N, DI, S).find();
    if (!Ranges || Ranges->empty())
      continue;
    // Later ranges first, so that removing nodes keeps earlier positions.
    std::vector<Range> Rs = *Ranges;
    std::sort(Rs.begin(), Rs.end(), [](const Range &A, const Range &B) {
      return A.List != B.List ? A.List > B.List : A.K > B.K;
    });
    for (const Range &R : Rs) {
      Statement &Store = N.Statements[(*R.List)[R.M]->Id];
      Access XAccess = N.Accesses[R.StoreAccess];
      ExprPtr X = Store.Body->Ops[0]->clone();
      bool StoreIsCopy = isScalarRef(*Store.Body->Ops[1], S);
      Statement &Load = N.Statements[(*R.List)[R.K]->Id];
      bool LoadIsSame = sameElement(N, *Load.Body->Ops[1], XAccess);
      replaceInRange(N, S, R, *X, XAccess);
      if (StoreIsCopy)
        R.List->erase(R.List->begin() + R.M);
      if (LoadIsSame)
        R.List->erase(R.List->begin() + R.K);
    }
    Done.push_back(N.Scalars[S].Name);
  }
  if (Done.empty())
    return Done;
  std::string Names;
  for (const std::string &D : Done)
    Names += (Names.empty() ? "'" : ", '") + D + "'";
  finalizeNest(N, /*DropDetached=*/true);
  recordTransform(N, "element for scalar",
                  "scalar " + Names + " replaced by the array element it is stored into", N.Loc, false, {});
  return Done;
}

} // namespace loopgpu
