//===- Legality.cpp - One oracle for reorderings of a band -----------------===//
#include "loopgpu/Analysis/Legality.h"

#include <algorithm>

namespace loopgpu {

namespace {

std::string loopName(const Nest &N, unsigned L) {
  const Loop &Lp = N.Loops[L];
  return Lp.Iterator + (Lp.Loc.isValid() ? " (line " + std::to_string(Lp.Loc.Line) + ")" : "");
}

/// The positions of BandLoops among D's common loops, or nullopt when D's
/// statements do not share the whole band (or share it out of order).
std::optional<std::vector<unsigned>> bandPositions(const Dependence &D, const std::vector<unsigned> &BandLoops) {
  std::vector<unsigned> Pos;
  for (unsigned L : BandLoops)
    if (auto P = D.position(L))
      Pos.push_back(*P);
  if (Pos.size() != BandLoops.size())
    return std::nullopt;
  for (size_t K = 1; K < Pos.size(); ++K)
    if (Pos[K] != Pos[0] + K)
      return std::nullopt;
  return Pos;
}

/// D involves the band (one of its statements is inside a band loop).
bool touchesBand(const Dependence &D, const std::vector<unsigned> &BandLoops) {
  return std::any_of(BandLoops.begin(), BandLoops.end(), [&](unsigned L) { return D.position(L).has_value(); });
}

LegalityWitness partial(const Dependence &D) {
  LegalityWitness W;
  W.K = LegalityWitness::Kind::PartialBand;
  W.Dependence = D.Id;
  W.Before = D.Directions.front();
  return W;
}

bool allEqualBefore(const DirectionVector &V, unsigned End) {
  for (unsigned K = 0; K < End; ++K)
    if (V[K] != Direction::EQ)
      return false;
  return true;
}


/// F(D, Pos) for each dependence that involves the band, Pos the band's
/// positions among D's common loops, until F returns a witness; a dependence
/// whose statements do not share the whole band is the witness itself.
template <typename Fn>
std::optional<LegalityWitness> firstViolation(const DependenceInfo &DI, const std::vector<unsigned> &BandLoops, Fn F) {
  for (const Dependence &D : DI.dependences()) {
    if (!touchesBand(D, BandLoops))
      continue;
    std::optional<std::vector<unsigned>> Pos = bandPositions(D, BandLoops);
    if (!Pos)
      return partial(D);
    if (std::optional<LegalityWitness> W = F(D, *Pos))
      return W;
  }
  return std::nullopt;
}

} // namespace

std::optional<LegalityWitness> permutationViolation(const DependenceInfo &DI, const std::vector<unsigned> &BandLoops,
                                                    const std::vector<unsigned> &NewOrder) {
  return firstViolation(DI, BandLoops, [&](const Dependence &D, const std::vector<unsigned> &Pos)
                                           -> std::optional<LegalityWitness> {
    for (const DirectionVector &V : D.Directions) {
      DirectionVector W = V;
      for (size_t K = 0; K < NewOrder.size(); ++K)
        W[Pos[0] + K] = V[*D.position(NewOrder[K])];
      for (Direction Dir : W) {
        if (Dir == Direction::EQ)
          continue;
        if (Dir != Direction::LT)
          return LegalityWitness{LegalityWitness::Kind::Reversed, D.Id, V, W, 0};
        break;
      }
    }
    return std::nullopt;
  });
}

std::optional<LegalityWitness> tilingViolation(const DependenceInfo &DI, const std::vector<unsigned> &BandLoops) {
  return firstViolation(DI, BandLoops, [&](const Dependence &D, const std::vector<unsigned> &Pos)
                                           -> std::optional<LegalityWitness> {
    for (const DirectionVector &V : D.Directions) {
      if (!allEqualBefore(V, Pos[0]))
        continue; // carried by a loop around the band
      for (size_t K = 0; K < Pos.size(); ++K)
        if (V[Pos[K]] == Direction::GT)
          return LegalityWitness{LegalityWitness::Kind::Backward, D.Id, V, V, BandLoops[K]};
    }
    return std::nullopt;
  });
}

BandDependences::BandDependences(const Nest &N, const DependenceInfo &DI, const std::vector<unsigned> &Band) {
  auto Inside = [&](unsigned St) {
    const std::vector<unsigned> &Ls = N.Statements[St].Loops;
    return std::find(Ls.begin(), Ls.end(), Band[0]) != Ls.end();
  };
  for (const Dependence &D : DI.dependences()) {
    if (!Inside(D.SourceStmt) || !Inside(D.SinkStmt))
      continue;
    std::optional<std::vector<unsigned>> Pos = bandPositions(D, Band);
    if (!Pos) {
      if (!Partial)
        Partial = partial(D);
      continue;
    }
    for (const DirectionVector &V : D.Directions) {
      if (!allEqualBefore(V, (*Pos)[0]))
        continue; // carried by a loop around the band: ordered by it
      Vector B{D.Id, V, std::vector<Component>(Band.size())};
      bool AllZero = true;
      for (size_t P = 0; P < Band.size(); ++P) {
        int64_t Sign = N.Loops[Band[P]].Step > 0 ? 1 : -1;
        Component &C = B.C[P];
        if (D.Distances[(*Pos)[P]])
          C.Value = *D.Distances[(*Pos)[P]] * Sign;
        else if (V[(*Pos)[P]] == Direction::LT)
          C.K = Component::AtLeastOne;
        else if (V[(*Pos)[P]] == Direction::GT)
          C.K = Component::Negative;
        AllZero &= C.K == Component::Exact && C.Value == 0;
      }
      if (!AllZero) // within one iteration of the band: statement order keeps it
        Vectors.push_back(std::move(B));
    }
  }
}

std::optional<LegalityWitness> BandDependences::hyperplaneViolation(const std::vector<int64_t> &H) const {
  if (Partial)
    return Partial;
  for (const Vector &V : Vectors) {
    int64_t Min = 0;
    bool Advanced = true;
    for (size_t P = 0; P < H.size() && Advanced; ++P) {
      switch (V.C[P].K) {
      case Component::Exact:
        Min += H[P] * V.C[P].Value;
        break;
      case Component::AtLeastOne:
        Min += H[P];
        break;
      case Component::Negative:
        Advanced = H[P] == 0;
        break;
      }
    }
    if (!Advanced || Min < 1)
      return LegalityWitness{LegalityWitness::Kind::NotAdvanced, V.Dependence, V.Before, V.Before, 0};
  }
  return std::nullopt;
}

std::string describeViolation(const Nest &N, const DependenceInfo &DI, const LegalityWitness &W) {
  const Dependence &D = DI.dependence(W.Dependence);
  std::string Dep = describe(N, D);
  switch (W.K) {
  case LegalityWitness::Kind::PartialBand:
    return Dep + " involves only some of the loops (between a statement inside them and one outside)";
  case LegalityWitness::Kind::Reversed:
    return Dep + " would become " + str(W.After) + ", whose leftmost non-'=' direction is '>'";
  case LegalityWitness::Kind::Backward:
    return "the loops are not fully permutable; " + Dep + " goes backward ('>') in loop " + loopName(N, W.Loop);
  case LegalityWitness::Kind::NotAdvanced:
    return Dep + " (" + str(W.Before) + ") is not advanced by the hyperplane";
  }
  return Dep;
}

} // namespace loopgpu
