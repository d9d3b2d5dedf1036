//===- AffineExpr.cpp - Quasi-affine expressions and conditions -----------===//
#include "loopgpu/IR/AffineExpr.h"

#include <algorithm>
#include <cassert>

namespace loopgpu {

AffExpr AffExpr::constant(int64_t C) {
  AffExpr E;
  E.K = Kind::Constant;
  E.Value = C;
  return E;
}

AffExpr AffExpr::var(AffVar V) {
  AffExpr E;
  E.K = Kind::Var;
  E.V = V;
  return E;
}


/// Builds the canonical tree of a linear form: positive terms first, then
/// negative ones (iterators before parameters within each), then the
/// constant; so `n - 1 - i` prints as `n - i - 1`.
static AffExpr fromLinear(const LinearForm &F) {
  std::vector<std::pair<AffVar, int64_t>> Terms(F.Coefficients.begin(), F.Coefficients.end());
  std::stable_sort(Terms.begin(), Terms.end(),
                   [](const auto &X, const auto &Y) { return (X.second > 0) > (Y.second > 0); });
  std::optional<AffExpr> Sum;
  auto Append = [&](AffExpr T) {
    if (!Sum) {
      Sum = std::move(T);
      return;
    }
    AffExpr E = std::move(*Sum);
    Sum = AffExpr::addRaw(std::move(E), std::move(T));
  };
  for (const auto &[V, C] : Terms)
    Append(AffExpr::mul(AffExpr::var(V), C));
  if (F.Constant != 0 || !Sum)
    Append(AffExpr::constant(F.Constant));
  return *Sum;
}

AffExpr AffExpr::addRaw(AffExpr A, AffExpr B) {
  AffExpr E;
  E.K = Kind::Add;
  E.Ops = {std::move(A), std::move(B)};
  return E;
}

AffExpr AffExpr::add(AffExpr A, AffExpr B) {
  if (A.isConstant() && B.isConstant())
    return constant(A.Value + B.Value);
  std::optional<LinearForm> LA = A.linear(), LB = B.linear();
  if (LA && LB) {
    LinearForm F = *LA;
    F.Constant += LB->Constant;
    for (const auto &[V, C] : LB->Coefficients) {
      int64_t &Slot = F.Coefficients[V];
      Slot += C;
      if (Slot == 0)
        F.Coefficients.erase(V);
    }
    return fromLinear(F);
  }
  if (A.isConstant() && A.Value == 0)
    return B;
  if (B.isConstant() && B.Value == 0)
    return A;
  AffExpr E;
  E.K = Kind::Add;
  E.Ops = {std::move(A), std::move(B)};
  return E;
}

AffExpr AffExpr::sub(AffExpr A, AffExpr B) { return add(std::move(A), mul(std::move(B), -1)); }

AffExpr AffExpr::mul(AffExpr A, int64_t Factor) {
  if (Factor == 1)
    return A;
  if (Factor == 0)
    return constant(0);
  if (A.isConstant())
    return constant(A.Value * Factor);
  if (A.K == Kind::Mul)
    return mul(A.Ops[0], A.Value * Factor);
  AffExpr E;
  E.K = Kind::Mul;
  E.Value = Factor;
  E.Ops = {std::move(A)};
  return E;
}

AffExpr AffExpr::div(AffExpr A, int64_t Divisor) {
  assert(Divisor > 0 && "divisor must be positive");
  if (Divisor == 1)
    return A;
  if (A.isConstant())
    return constant(A.Value / Divisor); // C truncation, like the source
  AffExpr E;
  E.K = Kind::Div;
  E.Value = Divisor;
  E.Ops = {std::move(A)};
  return E;
}

AffExpr AffExpr::rem(AffExpr A, int64_t Divisor) {
  assert(Divisor > 0 && "divisor must be positive");
  if (A.isConstant())
    return constant(A.Value % Divisor);
  AffExpr E;
  E.K = Kind::Rem;
  E.Value = Divisor;
  E.Ops = {std::move(A)};
  return E;
}

AffExpr AffExpr::floorDiv(AffExpr A, int64_t Divisor) {
  assert(Divisor > 0 && "divisor must be positive");
  if (Divisor == 1)
    return A;
  if (A.isConstant()) {
    int64_t Q = A.Value / Divisor;
    return constant(A.Value % Divisor < 0 ? Q - 1 : Q);
  }
  // floor((c*x) / c) = x and floor((c*k*x) / c) = k*x.
  if (auto L = A.linear()) {
    bool Exact = L->Constant % Divisor == 0;
    for (const auto &[V, C] : L->Coefficients)
      Exact &= C % Divisor == 0;
    if (Exact) {
      AffExpr R = constant(L->Constant / Divisor);
      for (const auto &[V, C] : L->Coefficients)
        R = add(R, mul(var(V), C / Divisor));
      return R;
    }
  }
  AffExpr E;
  E.K = Kind::FloorDiv;
  E.Value = Divisor;
  E.Ops = {std::move(A)};
  return E;
}

AffExpr AffExpr::ceilDiv(AffExpr A, int64_t Divisor) {
  return floorDiv(add(std::move(A), constant(Divisor - 1)), Divisor);
}

bool AffExpr::hasFloorDiv() const {
  if (K == Kind::FloorDiv)
    return true;
  for (const AffExpr &O : Ops)
    if (O.hasFloorDiv())
      return true;
  return false;
}

AffExpr AffExpr::min(AffExpr A, AffExpr B) {
  if (A.isConstant() && B.isConstant())
    return constant(std::min(A.Value, B.Value));
  if (A == B)
    return A;
  AffExpr E;
  E.K = Kind::Min;
  E.Ops = {std::move(A), std::move(B)};
  return E;
}

AffExpr AffExpr::max(AffExpr A, AffExpr B) {
  if (A.isConstant() && B.isConstant())
    return constant(std::max(A.Value, B.Value));
  if (A == B)
    return A;
  AffExpr E;
  E.K = Kind::Max;
  E.Ops = {std::move(A), std::move(B)};
  return E;
}

std::optional<LinearForm> AffExpr::linear() const {
  LinearForm F;
  switch (K) {
  case Kind::Constant:
    F.Constant = Value;
    return F;
  case Kind::Var:
    F.Coefficients[V] = 1;
    return F;
  case Kind::Add: {
    auto L = Ops[0].linear(), R = Ops[1].linear();
    if (!L || !R)
      return std::nullopt;
    F = *L;
    F.Constant += R->Constant;
    for (auto &[Var, C] : R->Coefficients) {
      int64_t &Slot = F.Coefficients[Var];
      Slot += C;
      if (Slot == 0)
        F.Coefficients.erase(Var);
    }
    return F;
  }
  case Kind::Mul: {
    auto L = Ops[0].linear();
    if (!L)
      return std::nullopt;
    F.Constant = L->Constant * Value;
    for (auto &[Var, C] : L->Coefficients)
      F.Coefficients[Var] = C * Value;
    return F;
  }
  default:
    return std::nullopt;
  }
}

void AffExpr::forEachVar(const std::function<void(AffVar)> &F) const {
  if (K == Kind::Var)
    F(V);
  for (const AffExpr &O : Ops)
    O.forEachVar(F);
}

bool AffExpr::uses(AffVar Needle) const {
  bool Found = false;
  forEachVar([&](AffVar X) { Found |= X == Needle; });
  return Found;
}

AffExpr AffExpr::substitute(const std::function<AffExpr(AffVar)> &F) const {
  switch (K) {
  case Kind::Constant:
    return *this;
  case Kind::Var:
    return F(V);
  case Kind::Add:
    return add(Ops[0].substitute(F), Ops[1].substitute(F));
  case Kind::Mul:
    return mul(Ops[0].substitute(F), Value);
  case Kind::Div:
    return div(Ops[0].substitute(F), Value);
  case Kind::Rem:
    return rem(Ops[0].substitute(F), Value);
  case Kind::FloorDiv:
    return floorDiv(Ops[0].substitute(F), Value);
  case Kind::Min:
    return min(Ops[0].substitute(F), Ops[1].substitute(F));
  case Kind::Max:
    return max(Ops[0].substitute(F), Ops[1].substitute(F));
  }
  return *this;
}

// Precedence levels for printing: 0 = additive, 1 = multiplicative, 2 = atom.
namespace {
struct Spelling {
  const std::function<std::string(AffVar)> &NameOf;
  const char *Min, *Max;
};
} // namespace

static std::string strPrec(const AffExpr &E, const Spelling &NameOf, int &Prec);

static std::string wrap(const AffExpr &E, const Spelling &NameOf, int MinPrec) {
  int P;
  std::string S = strPrec(E, NameOf, P);
  return P < MinPrec ? "(" + S + ")" : S;
}

static std::string strPrec(const AffExpr &E, const Spelling &NameOf, int &Prec) {
  using K = AffExpr::Kind;
  const auto &Ops = E.operands();
  switch (E.kind()) {
  case K::Constant:
    Prec = E.constantValue() < 0 ? 1 : 2;
    return std::to_string(E.constantValue());
  case K::Var:
    Prec = 2;
    return NameOf.NameOf(E.variable());
  case K::Add: {
    Prec = 0;
    std::string L = wrap(Ops[0], NameOf, 0);
    // Print a + (-c) as a - c and a + (-1)*x as a - x.
    const AffExpr &R = Ops[1];
    if (R.isConstant() && R.constantValue() < 0)
      return L + " - " + std::to_string(-R.constantValue());
    if (R.kind() == K::Mul && R.factor() < 0) {
      AffExpr Pos = AffExpr::mul(R.operands()[0], -R.factor());
      return L + " - " + wrap(Pos, NameOf, 1);
    }
    return L + " + " + wrap(R, NameOf, 0);
  }
  case K::Mul:
    Prec = 1;
    if (E.factor() == -1)
      return "-" + wrap(Ops[0], NameOf, 2);
    return std::to_string(E.factor()) + "*" + wrap(Ops[0], NameOf, 2);
  case K::Div:
    Prec = 1;
    return wrap(Ops[0], NameOf, 1) + " / " + std::to_string(E.factor());
  case K::Rem:
    Prec = 1;
    return wrap(Ops[0], NameOf, 1) + " % " + std::to_string(E.factor());
  case K::FloorDiv:
    Prec = 2;
    return "loopgpu_floord(" + wrap(Ops[0], NameOf, 0) + ", " + std::to_string(E.factor()) + ")";
  case K::Min:
  case K::Max:
    Prec = 2;
    return std::string(E.kind() == K::Min ? NameOf.Min : NameOf.Max) + "(" + wrap(Ops[0], NameOf, 0) +
           ", " + wrap(Ops[1], NameOf, 0) + ")";
  }
  Prec = 2;
  return "?";
}

std::string AffExpr::str(const std::function<std::string(AffVar)> &NameOf, const char *MinName,
                         const char *MaxName) const {
  int P;
  return strPrec(*this, Spelling{NameOf, MinName, MaxName}, P);
}

bool AffExpr::operator==(const AffExpr &O) const {
  if (K != O.K || Value != O.Value || Ops.size() != O.Ops.size())
    return false;
  if (K == Kind::Var && !(V == O.V))
    return false;
  for (size_t I = 0; I < Ops.size(); ++I)
    if (Ops[I] != O.Ops[I])
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// AffCond
//===----------------------------------------------------------------------===//

AffCond AffCond::compare(AffExpr L, CmpOp Op, AffExpr R) {
  AffCond C;
  C.K = Kind::Compare;
  C.Op = Op;
  C.L = std::move(L);
  C.R = std::move(R);
  return C;
}

AffCond AffCond::conj(AffCond A, AffCond B) {
  if (A.K == Kind::True)
    return B;
  if (B.K == Kind::True)
    return A;
  AffCond C;
  C.K = Kind::And;
  C.Ops = {std::move(A), std::move(B)};
  return C;
}

AffCond AffCond::disj(AffCond A, AffCond B) {
  AffCond C;
  C.K = Kind::Or;
  C.Ops = {std::move(A), std::move(B)};
  return C;
}

AffCond AffCond::negate(AffCond A) {
  if (A.K == Kind::Not)
    return A.Ops[0];
  AffCond C;
  C.K = Kind::Not;
  C.Ops = {std::move(A)};
  return C;
}

void AffCond::forEachVar(const std::function<void(AffVar)> &F) const {
  if (K == Kind::Compare) {
    L.forEachVar(F);
    R.forEachVar(F);
  }
  for (const AffCond &O : Ops)
    O.forEachVar(F);
}

AffCond AffCond::substitute(const std::function<AffExpr(AffVar)> &F) const {
  AffCond C = *this;
  if (K == Kind::Compare) {
    C.L = L.substitute(F);
    C.R = R.substitute(F);
  }
  for (AffCond &O : C.Ops)
    O = O.substitute(F);
  return C;
}

const char *spelling(AffCond::CmpOp Op) {
  switch (Op) {
  case AffCond::CmpOp::LT: return "<";
  case AffCond::CmpOp::LE: return "<=";
  case AffCond::CmpOp::GT: return ">";
  case AffCond::CmpOp::GE: return ">=";
  case AffCond::CmpOp::EQ: return "==";
  case AffCond::CmpOp::NE: return "!=";
  }
  return "?";
}

std::string AffCond::str(const std::function<std::string(AffVar)> &NameOf, const char *Min,
                         const char *Max) const {
  switch (K) {
  case Kind::True:
    return "1";
  case Kind::Compare:
    return L.str(NameOf, Min, Max) + " " + spelling(Op) + " " + R.str(NameOf, Min, Max);
  case Kind::And:
    return "(" + Ops[0].str(NameOf, Min, Max) + ") && (" + Ops[1].str(NameOf, Min, Max) + ")";
  case Kind::Or:
    return "(" + Ops[0].str(NameOf, Min, Max) + ") || (" + Ops[1].str(NameOf, Min, Max) + ")";
  case Kind::Not:
    return "!(" + Ops[0].str(NameOf, Min, Max) + ")";
  }
  return "?";
}

} // namespace loopgpu
