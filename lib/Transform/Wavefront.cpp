//===- Wavefront.cpp - Skewing a sequential band into wavefronts ----------===//
#include "loopgpu/Transform/Wavefront.h"
#include "loopgpu/Analysis/Legality.h"
#include "LoopBounds.h"
#include "Support.h"

#include <algorithm>
#include <limits>
#include <set>

namespace loopgpu {

namespace {

std::string hyperplaneText(const Nest &N, const std::vector<unsigned> &Band, const std::vector<int64_t> &H) {
  std::string S;
  for (size_t P = 0; P < Band.size(); ++P) {
    if (H[P] == 0)
      continue;
    int64_t C = N.Loops[Band[P]].Step > 0 ? H[P] : -H[P];
    std::string Term = (std::llabs(C) == 1 ? "" : std::to_string(std::llabs(C)) + "*") + N.Loops[Band[P]].Iterator;
    if (S.empty())
      S = (C < 0 ? "-" : "") + Term;
    else
      S += (C < 0 ? " - " : " + ") + Term;
  }
  return S;
}

/// The widest iterator type of the band.
ScalarType iteratorType(const Nest &N, const std::vector<unsigned> &Band) {
  ScalarType T = ScalarType::intType();
  for (unsigned L : Band) {
    ScalarType X = N.Loops[L].IteratorType;
    if (X.K == ScalarType::Kind::Long || X.K == ScalarType::Kind::LongLong)
      T = X;
  }
  T.IsUnsigned = false;
  return T;
}

/// Adds lower <= x <= upper to Sys with x and the bounds rewritten by F.
bool addBounds(BandSystem &Sys, const Loop &L, const AffExpr &X,
               const std::function<AffExpr(const AffExpr &)> &F, std::string &Why) {
  std::vector<AffExpr> Terms;
  splitTerms(L.Lower, AffExpr::Kind::Max, Terms);
  for (const AffExpr &T : Terms)
    if (!Sys.addNonNegative(AffExpr::sub(X, F(T)), Why))
      return false;
  Terms.clear();
  splitTerms(L.Upper, AffExpr::Kind::Min, Terms);
  for (const AffExpr &T : Terms)
    if (!Sys.addNonNegative(AffExpr::sub(F(T), X), Why))
      return false;
  return true;
}

/// The original bounds of the band's loops other than the eliminated one
/// (position M) that involve band iterators: the wavefront's guard (their
/// ranges given w alone are wider). Nullopt when no loop needs one.
std::optional<AffCond> boundsGuard(const Nest &N, const std::vector<unsigned> &Band, unsigned M) {
  std::set<unsigned> BandSet(Band.begin(), Band.end());
  std::optional<AffCond> Guard;
  for (unsigned Q = 0; Q < Band.size(); ++Q) {
    const Loop &L = N.Loops[Band[Q]];
    if (Q == M || (!usesAnyIterator(L.Lower, BandSet) && !usesAnyIterator(L.Upper, BandSet)))
      continue;
    AffCond C = AffCond::conj(AffCond::compare(L.Lower, AffCond::CmpOp::LE, AffExpr::iterator(Band[Q])),
                              AffCond::compare(AffExpr::iterator(Band[Q]), AffCond::CmpOp::LE, L.Upper));
    Guard = Guard ? AffCond::conj(*Guard, C) : C;
  }
  return Guard;
}

/// The band's subtree becomes: wave loop W, the other loops Others in
/// order, the eliminated loop XM, Guard's if when there is one, and the
/// innermost band loop's old body.
void replaceBand(Nest &N, const std::vector<unsigned> &Band, const std::vector<unsigned> &Others, unsigned W,
                 unsigned XM, const std::optional<AffCond> &Guard, SourceLoc Loc) {
  LoopPlace Place = findLoop(N, Band[0]);
  Node *Innermost = Place.Nd;
  while (Innermost->Id != Band.back())
    Innermost = Innermost->Body[0].get();
  std::vector<NodePtr> Body = std::move(Innermost->Body);
  NodePtr Top = loopNode(N, W);
  Node *Cur = Top.get();
  for (unsigned L : Others) {
    Cur->Body.push_back(loopNode(N, L));
    Cur = Cur->Body.back().get();
  }
  Cur->Body.push_back(loopNode(N, XM));
  Cur = Cur->Body.back().get();
  if (Guard) {
    Cur->Body.push_back(ifNode(N, *Guard, Loc));
    Cur = Cur->Body.back().get();
  }
  Cur->Body = std::move(Body);
  (*Place.Siblings)[Place.Index] = std::move(Top);
}

} // namespace

std::optional<WavefrontPlan> findWavefront(const Nest &N, const DependenceInfo &DI,
                                           const std::vector<unsigned> &Band, std::string &Why) {
  const unsigned MaxLoops = 4, MaxCoefficient = 4;
  if (Band.size() < 2 || Band.size() > MaxLoops) {
    Why = "a wavefront needs a band of 2 to " + std::to_string(MaxLoops) + " loops";
    return std::nullopt;
  }
  for (unsigned L : Band) {
    const Loop &Lp = N.Loops[L];
    if (Lp.Step != 1 && Lp.Step != -1) {
      Why = "loop " + loopLabel(N, L) + " has step " + std::to_string(Lp.Step);
      return std::nullopt;
    }
    if (Lp.IteratorDeclaredOutside) {
      Why = "the iterator of loop " + loopLabel(N, L) + " may be read after the nest";
      return std::nullopt;
    }
  }
  BandDependences Deps(N, DI, Band); // legality by the analysis's oracle

  // Candidates by increasing sum of coefficients (fewer waves), then the
  // first found in lexicographic order.
  std::optional<WavefrontPlan> Best;
  int64_t BestSum = std::numeric_limits<int64_t>::max();
  std::vector<int64_t> H(Band.size(), 0);
  std::function<void(size_t)> Try = [&](size_t P) {
    if (P < Band.size()) {
      for (int64_t C = 0; C <= (int64_t)MaxCoefficient; ++C) {
        H[P] = C;
        Try(P + 1);
      }
      return;
    }
    int64_t Sum = 0, NonZero = 0;
    std::optional<unsigned> Unit;
    for (size_t Q = 0; Q < H.size(); ++Q) {
      Sum += H[Q];
      NonZero += H[Q] != 0;
      if (H[Q] == 1)
        Unit = Q; // the innermost unit coefficient
    }
    if (NonZero < 2 || !Unit || Sum >= BestSum)
      return;
    if (Deps.hyperplaneViolation(H))
      return;
    BestSum = Sum;
    Best = WavefrontPlan{Band, H, *Unit, hyperplaneText(N, Band, H)};
  };
  Try(0);
  if (!Best)
    Why = "no wavefront with coefficients up to " + std::to_string(MaxCoefficient) +
          " advances every dependence of the band";
  return Best;
}

std::optional<WavefrontPlan> findWavefrontPrefix(const Nest &N, const DependenceInfo &DI,
                                                 const std::vector<unsigned> &Chain, std::string &Why) {
  std::optional<WavefrontPlan> Plan;
  for (size_t Len = std::min<size_t>(Chain.size(), 4); Len >= 2 && !Plan; --Len)
    Plan = findWavefront(N, DI, std::vector<unsigned>(Chain.begin(), Chain.begin() + Len), Why);
  return Plan;
}

bool applyWavefront(Nest &N, const WavefrontPlan &P, std::string &Why) {
  const std::vector<unsigned> &Band = P.Band;
  const unsigned K = Band.size(), M = P.Eliminated;
  const unsigned XM = Band[M];
  const unsigned W = N.Loops.size(); // the id addLoop will give the wave loop
  std::string WName = freshName(N, "w");
  std::vector<int64_t> S(K);
  for (unsigned Q = 0; Q < K; ++Q)
    S[Q] = N.Loops[Band[Q]].Step > 0 ? 1 : -1;

  // Declarations inside the band are inside all of it (a perfect chain);
  // their loop lists get the new order.
  std::vector<unsigned> NewOrder = {W};
  for (unsigned Q = 0; Q < K; ++Q)
    if (Q != M)
      NewOrder.push_back(Band[Q]);
  NewOrder.push_back(XM);
  auto Reordered = [&](std::vector<unsigned> &Loops) {
    auto It = std::find(Loops.begin(), Loops.end(), Band[0]);
    if (It == Loops.end())
      return true;
    size_t At = It - Loops.begin();
    if (At + K > Loops.size() || !std::equal(Band.begin(), Band.end(), Loops.begin() + At))
      return false;
    Loops.erase(Loops.begin() + At, Loops.begin() + At + K);
    Loops.insert(Loops.begin() + At, NewOrder.begin(), NewOrder.end());
    return true;
  };
  for (const ScalarInfo &X : N.Scalars) {
    std::vector<unsigned> Copy = X.DeclLoops;
    if (!Reordered(Copy)) {
      Why = "scalar '" + X.Name + "' is declared between the band's loops";
      return false;
    }
  }
  for (const ArrayInfo &X : N.Arrays) {
    std::vector<unsigned> Copy = X.AllocLoops;
    if (!Reordered(Copy)) {
      Why = "temporary array '" + X.Name + "' is allocated between the band's loops";
      return false;
    }
  }

  // x_m = s_m * (w - sum_{q != m} h_q s_q x_q).
  AffExpr Others = AffExpr::constant(0);
  for (unsigned Q = 0; Q < K; ++Q)
    if (Q != M && P.H[Q] != 0)
      Others = AffExpr::add(Others, AffExpr::mul(AffExpr::iterator(Band[Q]), P.H[Q] * S[Q]));
  AffExpr XmValue = AffExpr::mul(AffExpr::sub(AffExpr::iterator(W), Others), S[M]);
  auto Subst = [&](const AffExpr &E) {
    return E.substitute([&](AffVar V) { return V == AffVar::iterator(XM) ? XmValue : AffExpr::var(V); });
  };
  auto NameOf = [&](AffVar V) { return V.isIterator() && V.Index == W ? WName : N.nameOf(V); };

  // The band's constraints over (w, x_q for q != m).
  std::vector<unsigned> Vars = {W};
  for (unsigned Q = 0; Q < K; ++Q)
    if (Q != M)
      Vars.push_back(Band[Q]);
  BandSystem Sys(Vars, NameOf, /*AllowDivision=*/true);
  for (unsigned Q = 0; Q < K; ++Q)
    if (!addBounds(Sys, N.Loops[Band[Q]], Q == M ? XmValue : AffExpr::iterator(Band[Q]), Subst, Why))
      return false;

  // w over the projection; every other loop over its range given w only.
  auto Bounds = [&](unsigned Keep, std::vector<unsigned> Outer, AffExpr &Lo, AffExpr &Hi,
                    const KnownRanges &Known) {
    BandSystem C = Sys;
    for (unsigned V = 0; V < Vars.size(); ++V)
      if (V != Keep && std::find(Outer.begin(), Outer.end(), V) == Outer.end())
        C.eliminate(V);
    BoundTerms T;
    if (!C.bounds(Keep, Outer, T, Why))
      return false;
    Lo = foldMax(T.Lower, Known);
    Hi = foldMin(T.Upper, Known);
    return true;
  };
  KnownRanges Known;
  AffExpr WLo, WHi;
  if (!Bounds(0, {}, WLo, WHi, Known))
    return false;
  Known[W] = {WLo, WHi};
  std::vector<std::pair<AffExpr, AffExpr>> Box(Vars.size());
  for (unsigned V = 1; V < Vars.size(); ++V)
    if (!Bounds(V, {0}, Box[V].first, Box[V].second, Known))
      return false;

  std::optional<AffCond> Guard = boundsGuard(N, Band, M);
  bool Guarded = Guard.has_value();

  // Mutate.
  const SourceLoc FirstLoc = N.Loops[Band[0]].Loc; // a copy: addLoop grows N.Loops
  LoopOrigin O;
  O.K = LoopOrigin::Kind::Generated;
  O.Note = "wavefront " + WName + " = " + P.Hyperplane;
  unsigned Added = addLoop(N, WName, iteratorType(N, Band), WLo, WHi, 1, FirstLoc, O);
  (void)Added;
  for (unsigned V = 1; V < Vars.size(); ++V) {
    N.Loops[Vars[V]].Lower = Box[V].first;
    N.Loops[Vars[V]].Upper = Box[V].second;
  }
  Loop &Xm = N.Loops[XM];
  std::string XmText = Xm.Iterator + " = " + XmValue.str(NameOf);
  for (unsigned V = 1; V < Vars.size(); ++V)
    Known[Vars[V]] = Box[V];
  std::vector<AffExpr> Lower, Upper;
  splitTerms(Xm.Lower, AffExpr::Kind::Max, Lower);
  splitTerms(Xm.Upper, AffExpr::Kind::Min, Upper);
  Lower.push_back(XmValue);
  Upper.push_back(XmValue);
  Xm.Lower = foldMax(Lower, Known);
  Xm.Upper = foldMin(Upper, Known);
  Xm.Step = 1;

  replaceBand(N, Band, std::vector<unsigned>(Vars.begin() + 1, Vars.end()), W, XM, Guard, FirstLoc);
  for (ScalarInfo &X : N.Scalars)
    Reordered(X.DeclLoops);
  for (ArrayInfo &A : N.Arrays)
    Reordered(A.AllocLoops);
  finalizeNest(N);

  std::string Desc = "loops ";
  for (unsigned Q = 0; Q < K; ++Q)
    Desc += (Q ? ", " : "") + loopLabel(N, Band[Q]);
  Desc += " run as wavefronts " + WName + " = " + P.Hyperplane + ": every dependence of the band goes from one value of " + WName +
          " to a later one, so the loops inside the sequential loop " + WName + " are parallel; " + XmText +
          " (a loop of at most one iteration)" + (Guarded ? ", the other loops' original bounds a guard" : "");
  recordTransform(N, "wavefront", Desc, FirstLoc, false, linesOf(N, Band));
  return true;
}

} // namespace loopgpu
