//===- Support.cpp - Helpers shared by the transformations -----------------===//
#include "Support.h"

#include <algorithm>
#include <set>

namespace loopgpu {

static bool planOne(const Nest &N, const DependenceInfo &DI, MemoryRef M,
                    const std::vector<unsigned> &Declared, const std::vector<unsigned> &Band,
                    const std::vector<unsigned> &NewOrder, std::vector<unsigned> &Out,
                    std::string &Why) {
  // Declared = the loops around the declaration, outermost first.
  auto First = std::find(Declared.begin(), Declared.end(), Band[0]);
  if (First == Declared.end()) {
    Out = Declared; // above the band: unaffected
    return true;
  }
  size_t Start = First - Declared.begin();
  size_t Q = 0;
  while (Start + Q < Declared.size() && Q < Band.size() && Declared[Start + Q] == Band[Q])
    ++Q;
  std::vector<unsigned> Outer(Declared.begin(), First);
  std::vector<unsigned> Inner(Declared.begin() + Start + Q, Declared.end());
  auto Compose = [&](const std::vector<unsigned> &Mid) {
    Out = Outer;
    Out.insert(Out.end(), Mid.begin(), Mid.end());
    Out.insert(Out.end(), Inner.begin(), Inner.end());
  };
  if (Q == Band.size()) {
    Compose(NewOrder); // inside the whole band
    return true;
  }
  // Between band loops: same loops outside it afterwards?
  std::set<unsigned> Before(Band.begin(), Band.begin() + Q);
  std::set<unsigned> After(NewOrder.begin(), NewOrder.begin() + std::min(Q, NewOrder.size()));
  if (Before == After) {
    Compose(std::vector<unsigned>(NewOrder.begin(), NewOrder.begin() + Q));
    return true;
  }
  // Move it inside the band: its values must never cross band iterations.
  // Either the analysis can privatize it in the innermost band loop (all the
  // band's statements are there; every read is covered by a write of the
  // same iteration and nothing reads it after the loop), or no dependence
  // on it crosses band iterations.
  for (const Privatization &P : DI.privatizable(Band.back()))
    if (P.Memory == M && !P.LastPrivate) {
      Compose(NewOrder);
      return true;
    }
  for (const Dependence &D : DI.dependences()) {
    if (MemoryRef::of(N.Accesses[D.SourceAccess]) != M)
      continue;
    for (const DirectionVector &V : D.Directions)
      for (unsigned L : Band)
        if (auto P = D.position(L))
          if (V[*P] != Direction::EQ) {
            Why = "'" + nameOf(N, M) + "' is declared between the loops of the band and carries " +
                  "values from one iteration of loop " + loopLabel(N, L) + " to another (" +
                  describe(N, D) + ")";
            return false;
          }
  }
  Compose(NewOrder);
  return true;
}

bool planScopes(const Nest &N, const DependenceInfo &DI, const std::vector<unsigned> &Band,
                const std::vector<unsigned> &NewOrder, std::vector<ScopeFix> &Fixes,
                std::string &Why) {
  Fixes.clear();
  for (unsigned S = 0; S < N.Scalars.size(); ++S) {
    const ScalarInfo &SI = N.Scalars[S];
    if (!SI.declaredInside())
      continue;
    ScopeFix F;
    F.Id = S;
    if (!planOne(N, DI, {Access::Target::Scalar, S}, SI.DeclLoops, Band, NewOrder, F.NewLoops, Why))
      return false;
    if (F.NewLoops != SI.DeclLoops)
      Fixes.push_back(F);
  }
  for (unsigned A = 0; A < N.Arrays.size(); ++A) {
    const ArrayInfo &AI = N.Arrays[A];
    if (!AI.isTemporary())
      continue;
    ScopeFix F;
    F.IsArray = true;
    F.Id = A;
    if (!planOne(N, DI, {Access::Target::Array, A}, AI.AllocLoops, Band, NewOrder, F.NewLoops, Why))
      return false;
    if (F.NewLoops != AI.AllocLoops) {
      // An allocation's sizes may use the iterators of its loops: they must
      // still be outside it.
      std::set<unsigned> Outside(F.NewLoops.begin(), F.NewLoops.end());
      for (const AffExpr &E : AI.AllocExtents) {
        bool Bad = false;
        E.forEachVar([&](AffVar V) { Bad |= V.isIterator() && !Outside.count(V.Index); });
        if (Bad) {
          Why = "the size of '" + AI.Name + "' depends on a loop of the band";
          return false;
        }
      }
      Fixes.push_back(F);
    }
  }
  return true;
}

void applyScopes(Nest &N, const std::vector<ScopeFix> &Fixes) {
  for (const ScopeFix &F : Fixes) {
    if (F.IsArray)
      N.Arrays[F.Id].AllocLoops = F.NewLoops;
    else
      N.Scalars[F.Id].DeclLoops = F.NewLoops;
  }
}

NodePtr generatedLoops(Nest &N, const std::vector<AffExpr> &Extents, SourceLoc Loc,
                       const std::string &Note, std::vector<unsigned> &Iters, Node *&Innermost) {
  NodePtr Top;
  Innermost = nullptr;
  Iters.clear();
  for (size_t K = 0; K < Extents.size(); ++K) {
    LoopOrigin O;
    O.K = LoopOrigin::Kind::Generated;
    O.Note = Note;
    unsigned L = addLoop(N, freshName(N, "c" + std::to_string(K)), ScalarType::intType(),
                         AffExpr::constant(0), AffExpr::sub(Extents[K], AffExpr::constant(1)), 1,
                         Loc, O);
    Iters.push_back(L);
    NodePtr Nd = loopNode(N, L);
    Node *Raw = Nd.get();
    if (!Top)
      Top = std::move(Nd);
    else
      Innermost->Body.push_back(std::move(Nd));
    Innermost = Raw;
  }
  return Top;
}

std::optional<MemoryRef> memoryNamed(const Nest &N, const std::string &Name) {
  for (unsigned S = 0; S < N.Scalars.size(); ++S)
    if (N.Scalars[S].Name == Name)
      return MemoryRef{Access::Target::Scalar, S};
  for (unsigned A = 0; A < N.Arrays.size(); ++A)
    if (N.Arrays[A].Name == Name)
      return MemoryRef{Access::Target::Array, A};
  return std::nullopt;
}

std::string neutralElement(const std::string &Op, ScalarType T) {
  using K = ScalarType::Kind;
  bool F = T.isFloating();
  const char *Suffix = T.K == K::Float ? "f" : T.K == K::LongDouble ? "L" : "";
  if (Op == "+" || Op == "|" || Op == "^")
    return F ? std::string("0.0") + Suffix : "0";
  if (Op == "*")
    return F ? std::string("1.0") + Suffix : "1";
  if (Op == "&")
    return T.IsUnsigned ? "~0u" : "-1";
  bool Min = Op == "min";
  if (F)
    return Min ? "INFINITY" : "-INFINITY";
  if (T.IsUnsigned) {
    switch (T.K) {
    case K::Bool: return Min ? "1" : "0";
    case K::Char: return Min ? "UCHAR_MAX" : "0";
    case K::Short: return Min ? "USHRT_MAX" : "0";
    case K::Long: return Min ? "ULONG_MAX" : "0";
    case K::LongLong: return Min ? "ULLONG_MAX" : "0";
    default: return Min ? "UINT_MAX" : "0";
    }
  }
  switch (T.K) {
  case K::Char: return Min ? "SCHAR_MAX" : "SCHAR_MIN";
  case K::Short: return Min ? "SHRT_MAX" : "SHRT_MIN";
  case K::Long: return Min ? "LONG_MAX" : "LONG_MIN";
  case K::LongLong: return Min ? "LLONG_MAX" : "LLONG_MIN";
  default: return Min ? "INT_MAX" : "INT_MIN";
  }
}

} // namespace loopgpu
