//===- AnalysisTestUtil.h - Building nests by hand for unit tests -*- C++ -*-===//
//
// A small builder for loopgpu::Nest so that analysis tests do not depend on
// the frontend. Affine expressions are written with the `Aff` wrapper:
//   Aff I = B.it(Li), N = B.par(Pn);   I + 1, 2 * I - N, Aff(0)
//
//===----------------------------------------------------------------------===//
#ifndef LOOPGPU_TEST_UNITTESTS_ANALYSISTESTUTIL_H
#define LOOPGPU_TEST_UNITTESTS_ANALYSISTESTUTIL_H

#include "loopgpu/IR/LoopNest.h"

#include <string>
#include <utility>
#include <vector>

namespace loopgpu {
namespace testutil {

/// An AffExpr with arithmetic operators (a wrapper, so that the operators
/// never clash with any the IR may define).
struct Aff {
  AffExpr X;
  Aff(int64_t C) : X(AffExpr::constant(C)) {}
  Aff(int C) : X(AffExpr::constant(C)) {}
  Aff(AffExpr E) : X(std::move(E)) {}
  operator AffExpr() const { return X; }
};
inline Aff operator+(Aff A, Aff B) { return AffExpr::add(A.X, B.X); }
inline Aff operator-(Aff A, Aff B) { return AffExpr::sub(A.X, B.X); }
inline Aff operator*(int64_t C, Aff A) { return AffExpr::mul(A.X, C); }
inline Aff operator/(Aff A, int64_t D) { return AffExpr::div(A.X, D); }
inline Aff operator%(Aff A, int64_t D) { return AffExpr::rem(A.X, D); }
inline Aff min(Aff A, Aff B) { return AffExpr::min(A.X, B.X); }
inline Aff max(Aff A, Aff B) { return AffExpr::max(A.X, B.X); }

inline ExprPtr mk(Expr::Kind K) { return std::make_unique<Expr>(K); }
inline ExprPtr scalarRef(unsigned Id) {
  ExprPtr E = mk(Expr::Kind::ScalarRef);
  E->Index = Id;
  E->Type = ScalarType::floatType();
  return E;
}
inline ExprPtr iterRef(unsigned Loop) {
  ExprPtr E = mk(Expr::Kind::IteratorRef);
  E->Index = Loop;
  return E;
}
inline ExprPtr intLit(int64_t V) {
  ExprPtr E = mk(Expr::Kind::IntLiteral);
  E->IntValue = V;
  E->Text = std::to_string(V);
  return E;
}
inline ExprPtr arrayRef(unsigned Id, ExprPtr S1 = nullptr, ExprPtr S2 = nullptr) {
  ExprPtr E = mk(Expr::Kind::ArrayRef);
  E->Index = Id;
  E->Type = ScalarType::floatType();
  if (S1)
    E->Ops.push_back(std::move(S1));
  if (S2)
    E->Ops.push_back(std::move(S2));
  return E;
}
inline ExprPtr binary(std::string Op, ExprPtr A, ExprPtr B) {
  ExprPtr E = mk(Expr::Kind::Binary);
  E->Op = std::move(Op);
  E->Ops.push_back(std::move(A));
  E->Ops.push_back(std::move(B));
  return E;
}
inline ExprPtr assign(std::string Op, ExprPtr L, ExprPtr R) {
  ExprPtr E = mk(Expr::Kind::Assign);
  E->Op = std::move(Op);
  E->Ops.push_back(std::move(L));
  E->Ops.push_back(std::move(R));
  return E;
}
inline ExprPtr call(std::string Name, ExprPtr A, ExprPtr B) {
  ExprPtr E = mk(Expr::Kind::Call);
  E->Name = std::move(Name);
  E->Ops.push_back(std::move(A));
  E->Ops.push_back(std::move(B));
  return E;
}
inline ExprPtr conditional(ExprPtr C, ExprPtr T, ExprPtr F) {
  ExprPtr E = mk(Expr::Kind::Conditional);
  E->Ops.push_back(std::move(C));
  E->Ops.push_back(std::move(T));
  E->Ops.push_back(std::move(F));
  return E;
}

/// Builds a Nest: loops, statements and accesses in textual order.
class NestBuilder {
public:
  Nest N;

  NestBuilder(std::string Function = "f") {
    N.Function = std::move(Function);
    N.Loc.Line = 1;
  }

  unsigned param(const std::string &Name) {
    N.Params.push_back({Name, ScalarType::intType(), {}});
    return N.Params.size() - 1;
  }
  Aff par(unsigned P) const { return AffExpr::param(P); }
  Aff it(unsigned L) const { return AffExpr::iterator(L); }

  /// An array in its own alias class (AliasClass = -1 keeps it alone).
  unsigned array(const std::string &Name, unsigned Rank, int AliasClass = -1,
                 std::vector<std::optional<AffExpr>> Extents = {}) {
    ArrayInfo A;
    A.Name = Name;
    A.ElementType = ScalarType::floatType();
    A.Extents = Extents.empty() ? std::vector<std::optional<AffExpr>>(Rank) : Extents;
    A.AliasClass = AliasClass < 0 ? 1000 + N.Arrays.size() : AliasClass;
    N.Arrays.push_back(A);
    return N.Arrays.size() - 1;
  }

  /// A scalar declared outside the nest, or inside DeclLoops.
  unsigned scalar(const std::string &Name, std::vector<unsigned> DeclLoops = {},
                  bool Inside = false) {
    ScalarInfo S;
    S.Name = Name;
    S.Type = ScalarType::floatType();
    S.DeclLoops = DeclLoops;
    S.DeclDepth = Inside || !DeclLoops.empty() ? static_cast<int>(DeclLoops.size()) : -1;
    N.Scalars.push_back(S);
    return N.Scalars.size() - 1;
  }

  /// for (Iter = Lo; Iter <= Hi; Iter += Step), inside Parent (-1: top).
  unsigned loop(const std::string &Iter, Aff Lo, Aff Hi, int64_t Step = 1, int Parent = -1,
                unsigned Line = 0) {
    Loop L;
    L.Id = N.Loops.size();
    L.Iterator = Iter;
    L.Lower = Lo;
    L.Upper = Hi;
    L.Step = Step;
    L.Parent = Parent;
    L.Depth = Parent < 0 ? 0 : N.Loops[Parent].Depth + 1;
    L.Loc.Line = Line ? Line : 10 + L.Id;
    L.Loc.Col = 3;
    N.Loops.push_back(L);
    return L.Id;
  }

  /// A statement in loop Innermost (and all loops around it).
  unsigned stmt(int Innermost, unsigned Line, const std::string &Text = "") {
    Statement S;
    S.Id = N.Statements.size();
    for (int L = Innermost; L >= 0; L = N.Loops[L].Parent)
      S.Loops.insert(S.Loops.begin(), static_cast<unsigned>(L));
    S.Loc.Line = Line;
    S.Loc.Col = 5;
    S.Text = Text;
    N.Statements.push_back(std::move(S));
    return N.Statements.size() - 1;
  }

  unsigned access(unsigned Stmt, bool Write, Access::Target On, unsigned Index,
                  std::vector<Aff> Subs, bool Affine, const std::string &Text) {
    Access A;
    A.Id = N.Accesses.size();
    A.Stmt = Stmt;
    A.On = On;
    A.Index = Index;
    A.IsWrite = Write;
    A.IsAffine = Affine;
    for (const Aff &S : Subs)
      A.Subscripts.push_back(S.X);
    A.IsMust = !N.Statements[Stmt].isGuardedByData();
    A.Loc = N.Statements[Stmt].Loc;
    A.Loc.Col += N.Statements[Stmt].Accesses.size() * 4;
    A.Text = Text;
    if (On == Access::Target::Scalar && Write)
      N.Scalars[Index].IsWritten = true;
    N.Accesses.push_back(A);
    N.Statements[Stmt].Accesses.push_back(A.Id);
    return A.Id;
  }
  unsigned read(unsigned Stmt, unsigned Arr, std::vector<Aff> Subs, const std::string &Text = "") {
    return access(Stmt, false, Access::Target::Array, Arr, std::move(Subs), true, Text);
  }
  unsigned write(unsigned Stmt, unsigned Arr, std::vector<Aff> Subs, const std::string &Text = "") {
    return access(Stmt, true, Access::Target::Array, Arr, std::move(Subs), true, Text);
  }
  unsigned readAny(unsigned Stmt, unsigned Arr, const std::string &Text = "") {
    return access(Stmt, false, Access::Target::Array, Arr, {}, false, Text);
  }
  unsigned writeAny(unsigned Stmt, unsigned Arr, const std::string &Text = "") {
    return access(Stmt, true, Access::Target::Array, Arr, {}, false, Text);
  }
  unsigned readScalar(unsigned Stmt, unsigned S) {
    return access(Stmt, false, Access::Target::Scalar, S, {}, true, N.Scalars[S].Name);
  }
  unsigned writeScalar(unsigned Stmt, unsigned S) {
    return access(Stmt, true, Access::Target::Scalar, S, {}, true, N.Scalars[S].Name);
  }

  void affineGuard(unsigned Stmt, AffCond C) {
    Guard G;
    G.IsAffine = true;
    G.Cond = std::move(C);
    N.Statements[Stmt].Guards.push_back(std::move(G));
  }
  /// A data-dependent guard; Condition is kept alive by the builder.
  void dataGuard(unsigned Stmt, ExprPtr Condition, bool Negated = false) {
    Guard G;
    G.IsAffine = false;
    G.Condition = Condition.get();
    G.Negated = Negated;
    Conditions.push_back(std::move(Condition));
    N.Statements[Stmt].Guards.push_back(std::move(G));
  }

  void clause(unsigned Loop, Clause::Kind K, std::vector<std::string> Names = {},
              unsigned Line = 0) {
    Clause C;
    C.K = K;
    C.Names = std::move(Names);
    C.Loc.Line = Line ? Line : N.Loops[Loop].Loc.Line - 1;
    C.Loc.Col = 20;
    N.Loops[Loop].Clauses.push_back(C);
  }

private:
  std::vector<ExprPtr> Conditions;
};

} // namespace testutil
} // namespace loopgpu

#endif // LOOPGPU_TEST_UNITTESTS_ANALYSISTESTUTIL_H
