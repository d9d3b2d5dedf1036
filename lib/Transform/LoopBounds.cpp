//===- LoopBounds.cpp - Loop bounds of a reordered band (ISL projection) ---===//
#include "LoopBounds.h"

#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/local_space.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

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

namespace {

/// An affine expression free of the band's iterators as a linear form over
/// atoms: its variables and its non-linear terms (n / 2, min(n, m)), each
/// an unknown integer to ISL.
struct AtomForm {
  std::map<unsigned, int64_t> Coef; ///< atom index -> coefficient
  int64_t Constant = 0;
};

class AtomTable {
public:
  AtomForm linearize(const AffExpr &E) {
    AtomForm F;
    add(E, 1, F);
    return F;
  }
  AffExpr expr(const AtomForm &F) const {
    AffExpr E = AffExpr::constant(0);
    for (const auto &[I, C] : F.Coef)
      E = AffExpr::add(E, AffExpr::mul(Atoms[I], C));
    return AffExpr::add(E, AffExpr::constant(F.Constant)); // min(n, p) - 1, as written
  }
  unsigned size() const { return Atoms.size(); }

private:
  std::vector<AffExpr> Atoms;

  void add(const AffExpr &E, int64_t Scale, AtomForm &F) {
    switch (E.kind()) {
    case AffExpr::Kind::Constant:
      F.Constant += Scale * E.constantValue();
      return;
    case AffExpr::Kind::Add:
      add(E.operands()[0], Scale, F);
      add(E.operands()[1], Scale, F);
      return;
    case AffExpr::Kind::Mul:
      add(E.operands()[0], Scale * E.factor(), F);
      return;
    default: {
      auto At = std::find(Atoms.begin(), Atoms.end(), E);
      unsigned I = At - Atoms.begin();
      if (At == Atoms.end())
        Atoms.push_back(E);
      F.Coef[I] += Scale;
      return;
    }
    }
  }
};

/// One ISL context per thread for the eliminations (they are small and
/// share nothing).
isl_ctx *eliminationContext() {
  struct Owner {
    isl_ctx *Ctx = isl_ctx_alloc();
    ~Owner() { isl_ctx_free(Ctx); }
  };
  static thread_local Owner O;
  return O.Ctx;
}

int64_t coefficient(isl_constraint *C, isl_dim_type T, unsigned Pos) {
  isl_val *V = T == isl_dim_cst ? isl_constraint_get_constant_val(C) : isl_constraint_get_coefficient_val(C, T, Pos);
  int64_t X = isl_val_get_num_si(V);
  isl_val_free(V);
  return X;
}

} // namespace

void BandSystem::eliminate(unsigned K) {
  // The constraints free of x_K stay as they are where they are original
  // (each is enforced at its innermost variable); ISL's projection of the
  // system onto the other variables gives the derived ones: with x_K
  // existentially quantified, then removed by Fourier-Motzkin
  // (isl_basic_set_remove_divs), redundant and duplicate constraints
  // dropped and integer coefficients normalized. Like the rational
  // elimination it is, the result may admit points of the outer variables
  // without an integer x_K: the loops inside then run no iteration there.
  std::vector<BandConstraint> Old = std::move(Cons);
  Cons.clear();
  for (const BandConstraint &C : Old)
    if (C.Coef[K] == 0 && C.Original)
      add(C);
  AtomTable Atoms;
  std::vector<AtomForm> Rests;
  for (const BandConstraint &C : Old)
    Rests.push_back(Atoms.linearize(C.Rest));
  isl_ctx *Ctx = eliminationContext();
  isl_space *Space = isl_space_set_alloc(Ctx, Atoms.size(), Vars.size());
  isl_local_space *LS = isl_local_space_from_space(isl_space_copy(Space));
  isl_basic_set *B = isl_basic_set_universe(Space);
  for (size_t I = 0; I < Old.size(); ++I) {
    isl_constraint *X = isl_constraint_alloc_inequality(isl_local_space_copy(LS));
    for (unsigned V = 0; V < Vars.size(); ++V)
      X = isl_constraint_set_coefficient_si(X, isl_dim_set, V, Old[I].Coef[V]);
    for (const auto &[A, C] : Rests[I].Coef)
      X = isl_constraint_set_coefficient_si(X, isl_dim_param, A, C);
    X = isl_constraint_set_constant_si(X, Rests[I].Constant);
    B = isl_basic_set_add_constraint(B, X);
  }
  isl_local_space_free(LS);
  B = isl_basic_set_project_out(B, isl_dim_set, K, 1);
  B = isl_basic_set_remove_divs(B);
  B = isl_basic_set_insert_dims(B, isl_dim_set, K, 1);
  struct Reader {
    BandSystem *Sys;
    const AtomTable *Atoms;
    unsigned NVars;
  } R{this, &Atoms, static_cast<unsigned>(Vars.size())};
  isl_basic_set_foreach_constraint(
      B,
      [](isl_constraint *X, void *User) -> isl_stat {
        Reader &R = *static_cast<Reader *>(User);
        BandConstraint C;
        C.Coef.assign(R.NVars, 0);
        for (unsigned V = 0; V < R.NVars; ++V)
          C.Coef[V] = coefficient(X, isl_dim_set, V);
        AtomForm Rest;
        Rest.Constant = coefficient(X, isl_dim_cst, 0);
        for (unsigned A = 0; A < R.Atoms->size(); ++A)
          if (int64_t Co = coefficient(X, isl_dim_param, A))
            Rest.Coef[A] = Co;
        C.Rest = R.Atoms->expr(Rest);
        C.Original = false;
        bool Equality = isl_constraint_is_equality(X);
        isl_constraint_free(X);
        if (Equality) { // E = 0: E >= 0 and -E >= 0
          BandConstraint Neg = C;
          for (int64_t &Co : Neg.Coef)
            Co = -Co;
          Neg.Rest = AffExpr::mul(Neg.Rest, -1);
          R.Sys->add(std::move(Neg));
        }
        R.Sys->add(std::move(C));
        return isl_stat_ok;
      },
      &R);
  isl_basic_set_free(B);
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
