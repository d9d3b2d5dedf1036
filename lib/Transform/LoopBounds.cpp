//===- LoopBounds.cpp - Loop bounds of a reordered band (Fourier-Motzkin) --===//
#include "LoopBounds.h"

#include <algorithm>

namespace loopgpu {

BandSystem::BandSystem(std::vector<unsigned> V, std::function<std::string(AffVar)> Names, bool Division)
    : Vars(std::move(V)), NameOf(std::move(Names)), AllowDivision(Division) {
  for (unsigned K = 0; K < Vars.size(); ++K)
    IndexOfLoop[Vars[K]] = K;
}

bool BandSystem::decompose(const AffExpr &E, std::vector<int64_t> &Coef, AffExpr &Rest) const {
  Coef.assign(Vars.size(), 0);
  Rest = AffExpr::constant(0);
  bool UsesBand = false;
  E.forEachVar([&](AffVar V) { UsesBand |= V.isIterator() && IndexOfLoop.count(V.Index); });
  if (!UsesBand) {
    Rest = E;
    return true;
  }
  using K = AffExpr::Kind;
  switch (E.kind()) {
  case K::Var:
    Coef[IndexOfLoop.at(E.variable().Index)] = 1;
    return true;
  case K::Add: {
    std::vector<int64_t> C1, C2;
    AffExpr R1, R2;
    if (!decompose(E.operands()[0], C1, R1) || !decompose(E.operands()[1], C2, R2))
      return false;
    for (unsigned I = 0; I < Vars.size(); ++I)
      Coef[I] = C1[I] + C2[I];
    Rest = AffExpr::add(R1, R2);
    return true;
  }
  case K::Mul: {
    std::vector<int64_t> C1;
    AffExpr R1;
    if (!decompose(E.operands()[0], C1, R1))
      return false;
    for (unsigned I = 0; I < Vars.size(); ++I)
      Coef[I] = C1[I] * E.factor();
    Rest = AffExpr::mul(R1, E.factor());
    return true;
  }
  default:
    return false; // div, rem, min, max of a band iterator
  }
}

void BandSystem::add(BandConstraint C) {
  bool AnyVar = std::any_of(C.Coef.begin(), C.Coef.end(), [](int64_t X) { return X != 0; });
  if (!AnyVar)
    return; // a condition on the parameters only: implied when the band runs
  for (BandConstraint &X : Cons)
    if (X == C) {
      X.Original |= C.Original;
      return;
    }
  Cons.push_back(std::move(C));
}

bool BandSystem::addTerm(unsigned K, const AffExpr &Term, bool IsLower, std::string &Why) {
  std::vector<int64_t> Coef;
  AffExpr Rest;
  if (!decompose(Term, Coef, Rest)) {
    Why = "bound '" + Term.str(NameOf) + "' is not linear in the loops being reordered";
    return false;
  }
  BandConstraint C;
  C.Coef.assign(Vars.size(), 0);
  // Lower: x_K - term >= 0.  Upper: term - x_K >= 0.
  int64_t Sign = IsLower ? -1 : 1;
  for (unsigned I = 0; I < Vars.size(); ++I)
    C.Coef[I] = Sign * Coef[I];
  C.Coef[K] += IsLower ? 1 : -1;
  C.Rest = AffExpr::mul(Rest, Sign);
  C.Original = true;
  add(std::move(C));
  return true;
}

bool BandSystem::addNonNegative(const AffExpr &E, std::string &Why) {
  BandConstraint C;
  if (!decompose(E, C.Coef, C.Rest)) {
    Why = "constraint '" + E.str(NameOf) + " >= 0' is not linear in the loops being reordered";
    return false;
  }
  C.Original = true;
  add(std::move(C));
  return true;
}

void splitTerms(const AffExpr &E, AffExpr::Kind Fold, std::vector<AffExpr> &Out) {
  if (E.kind() == Fold) {
    splitTerms(E.operands()[0], Fold, Out);
    splitTerms(E.operands()[1], Fold, Out);
    return;
  }
  Out.push_back(E);
}

bool BandSystem::addBounds(unsigned K, const AffExpr &Lower, const AffExpr &Upper, std::string &Why) {
  return addRange(K, Lower, Upper, Why);
}

bool BandSystem::addRange(unsigned K, const std::optional<AffExpr> &Lo,
                          const std::optional<AffExpr> &Hi, std::string &Why) {
  std::vector<AffExpr> Terms;
  if (Lo) {
    splitTerms(*Lo, AffExpr::Kind::Max, Terms);
    for (const AffExpr &T : Terms)
      if (!addTerm(K, T, true, Why))
        return false;
  }
  Terms.clear();
  if (Hi) {
    splitTerms(*Hi, AffExpr::Kind::Min, Terms);
    for (const AffExpr &T : Terms)
      if (!addTerm(K, T, false, Why))
        return false;
  }
  return true;
}

AffExpr BandSystem::toExpr(const std::vector<int64_t> &Coef, const AffExpr &Rest, unsigned Skip) const {
  AffExpr E = AffExpr::constant(0);
  for (unsigned I = 0; I < Vars.size(); ++I)
    if (I != Skip && Coef[I] != 0)
      E = AffExpr::add(E, AffExpr::mul(AffExpr::iterator(Vars[I]), Coef[I]));
  return AffExpr::add(E, Rest);
}

bool BandSystem::bounds(unsigned K, const std::vector<unsigned> &Outer, BoundTerms &Out,
                        std::string &Why) const {
  Out = BoundTerms();
  for (const BandConstraint &C : Cons) {
    int64_t A = C.Coef[K];
    if (A == 0)
      continue;
    bool Ok = true;
    for (unsigned I = 0; I < Vars.size(); ++I)
      if (I != K && C.Coef[I] != 0 && std::find(Outer.begin(), Outer.end(), I) == Outer.end())
        Ok = false;
    if (!Ok) {
      Why = "a bound relates loops that stay inside each other in the wrong order";
      return false;
    }
    if (A != 1 && A != -1 && AllowDivision) {
      // A*x + r >= 0: x >= ceil(-r / A) (A > 0) or x <= floor(r / -A).
      std::vector<int64_t> Coef = C.Coef;
      Coef[K] = 0;
      AffExpr R = toExpr(Coef, C.Rest, K);
      if (A > 0)
        Out.Lower.push_back(AffExpr::ceilDiv(AffExpr::mul(R, -1), A));
      else
        Out.Upper.push_back(AffExpr::floorDiv(R, -A));
      continue;
    }
    if (A != 1 && A != -1) {
      if (C.Original) {
        Why = "a bound has coefficient " + std::to_string(A) +
              " on an iterator (the new bound would need a division)";
        return false;
      }
      continue; // derived and optional
    }
    // A*x + others + rest >= 0.
    if (A == 1) {
      std::vector<int64_t> Neg(C.Coef.size());
      for (unsigned I = 0; I < C.Coef.size(); ++I)
        Neg[I] = -C.Coef[I];
      Out.Lower.push_back(toExpr(Neg, AffExpr::mul(C.Rest, -1), K));
    } else {
      Out.Upper.push_back(toExpr(C.Coef, C.Rest, K));
    }
  }
  if (Out.Lower.empty() || Out.Upper.empty()) {
    Why = "the loop would have no " + std::string(Out.Lower.empty() ? "lower" : "upper") + " bound";
    return false;
  }
  return true;
}

void BandSystem::eliminate(unsigned K) {
  std::vector<BandConstraint> Lo, Hi, Keep;
  for (BandConstraint &C : Cons) {
    if (C.Coef[K] > 0)
      Lo.push_back(C);
    else if (C.Coef[K] < 0)
      Hi.push_back(C);
    else
      Keep.push_back(C);
  }
  Cons = std::move(Keep);
  for (const BandConstraint &L : Lo)
    for (const BandConstraint &H : Hi) {
      int64_t A = L.Coef[K], B = -H.Coef[K];
      BandConstraint C;
      C.Coef.assign(Vars.size(), 0);
      for (unsigned I = 0; I < Vars.size(); ++I)
        C.Coef[I] = B * L.Coef[I] + A * H.Coef[I];
      C.Coef[K] = 0;
      C.Rest = AffExpr::add(AffExpr::mul(L.Rest, B), AffExpr::mul(H.Rest, A));
      C.Original = false;
      add(std::move(C));
    }
}

//===----------------------------------------------------------------------===//
// Simplification
//===----------------------------------------------------------------------===//

bool provablyGreaterEqual(const AffExpr &A, const AffExpr &B, const KnownRanges &Known) {
  std::optional<LinearForm> D = AffExpr::sub(A, B).linear();
  if (!D)
    return A == B;
  for (unsigned Round = 0; Round < 4; ++Round) {
    if (D->isConstant())
      return D->Constant >= 0;
    // Replace one iterator by the bound that minimizes the difference.
    LinearForm Next;
    Next.Constant = D->Constant;
    bool Progress = false;
    for (const auto &[V, C] : D->Coefficients) {
      auto It = V.isIterator() ? Known.find(V.Index) : Known.end();
      std::optional<LinearForm> Bound;
      if (It != Known.end()) {
        // Any term of a max lower bound (min upper bound) is a bound too.
        std::vector<AffExpr> Terms;
        splitTerms(C > 0 ? It->second.first : It->second.second,
                   C > 0 ? AffExpr::Kind::Max : AffExpr::Kind::Min, Terms);
        for (const AffExpr &T : Terms)
          if ((Bound = T.linear()))
            break;
      }
      if (!Bound) {
        int64_t &Slot = Next.Coefficients[V];
        Slot += C;
        if (Slot == 0)
          Next.Coefficients.erase(V);
        continue;
      }
      Progress = true;
      Next.Constant += C * Bound->Constant;
      for (const auto &[W, E] : Bound->Coefficients) {
        int64_t &Slot = Next.Coefficients[W];
        Slot += C * E;
        if (Slot == 0)
          Next.Coefficients.erase(W);
      }
    }
    D = Next;
    if (!Progress)
      break;
  }
  return D->isConstant() && D->Constant >= 0;
}

static AffExpr fold(std::vector<AffExpr> Terms, const KnownRanges &Known, bool IsMax) {
  std::vector<AffExpr> Kept;
  for (size_t I = 0; I < Terms.size(); ++I) {
    bool Dominated = false;
    for (size_t J = 0; J < Terms.size() && !Dominated; ++J) {
      if (I == J)
        continue;
      // Term J makes term I redundant; on ties keep the earlier one.
      bool Covers = IsMax ? provablyGreaterEqual(Terms[J], Terms[I], Known)
                          : provablyGreaterEqual(Terms[I], Terms[J], Known);
      bool Mutual = IsMax ? provablyGreaterEqual(Terms[I], Terms[J], Known)
                          : provablyGreaterEqual(Terms[J], Terms[I], Known);
      if (Covers && (!Mutual || J < I))
        Dominated = true;
    }
    if (!Dominated)
      Kept.push_back(Terms[I]);
  }
  AffExpr R = Kept.front();
  for (size_t I = 1; I < Kept.size(); ++I)
    R = IsMax ? AffExpr::max(R, Kept[I]) : AffExpr::min(R, Kept[I]);
  return R;
}

AffExpr foldMax(std::vector<AffExpr> Terms, const KnownRanges &Known) {
  return fold(std::move(Terms), Known, true);
}

AffExpr foldMin(std::vector<AffExpr> Terms, const KnownRanges &Known) {
  return fold(std::move(Terms), Known, false);
}

} // namespace loopgpu
