//===- Tile.cpp - Tiling of a perfectly nested band ------------------------===//
#include "loopgpu/Transform/Tile.h"
#include "loopgpu/Analysis/Legality.h"
#include "loopgpu/Transform/StripMine.h"
#include "LoopBounds.h"
#include "Support.h"

#include <algorithm>
#include <set>

namespace loopgpu {

namespace {

std::string sizesText(const std::vector<int64_t> &Sizes) {
  std::string S;
  for (size_t K = 0; K < Sizes.size(); ++K)
    S += (K ? ", " : "") + std::to_string(Sizes[K]);
  return S;
}


/// The band of R: D perfectly nested loops from R.Loop that may be tiled
/// (iterators declared inside, fully permutable). Nullopt after an error.
std::optional<std::vector<unsigned>> tileBand(Nest &N, const DependenceInfo &DI, const TileRequest &R,
                                              const std::string &What, SourceLoc Where, DiagnosticSink &Diags) {
  unsigned D = R.Sizes.size();
  std::vector<unsigned> Chain = perfectChain(N, R.Loop);
  if (Chain.size() < D) {
    const Node *Last = findLoopNode(N, Chain.back());
    std::string Why = Last->Body.empty() ? "it has no inner loop"
                                         : "its body is not a single loop (it has " +
                                               std::to_string(Last->Body.size()) + " parts)";
    Diags.error(Where, "cannot " + What + ": it needs " + std::to_string(D) +
                           " perfectly nested loops from loop " + loopLabel(N, R.Loop) +
                           ", but loop " + loopLabel(N, Chain.back()) + " ends the band: " + Why);
    return std::nullopt;
  }
  std::vector<unsigned> Band(Chain.begin(), Chain.begin() + D);
  if (refuseIteratorsDeclaredOutside(N, Band, What, Where, Diags))
    return std::nullopt;

  // Legality: the band must be fully permutable (the analysis's oracle).
  if (std::optional<LegalityWitness> W = tilingViolation(DI, Band)) {
    Diags.error(Where, "cannot " + What + ": " + describeViolation(N, DI, *W));
    return std::nullopt;
  }

  return Band;
}

struct Bounds {
  AffExpr Lower, Upper;
};

/// The bounds of the tile loops Tiles (each band loop's range projected over
/// the tiles of the loops outside it, by projection (LoopBounds.h) where the band is
/// not rectangular) and of the point loops. False after an error.
bool tileBounds(const Nest &N, const TileRequest &R, const std::vector<unsigned> &Band,
                const std::vector<unsigned> &Tiles, std::vector<Bounds> &TileB, std::vector<Bounds> &PointB,
                const std::string &What, SourceLoc Where, DiagnosticSink &Diags) {
  unsigned D = Band.size();
  std::set<unsigned> BandSet(Band.begin(), Band.end());
  KnownRanges Known;
  std::vector<unsigned> Vars = Band;
  Vars.insert(Vars.end(), Tiles.begin(), Tiles.end());
  auto NameOf = [&](AffVar V) {
    if (V.isIterator() && V.Index >= N.Loops.size())
      return std::string("tile") + std::to_string(V.Index - N.Loops.size());
    return N.nameOf(V);
  };
  for (unsigned K = 0; K < D; ++K) {
    const Loop &P = N.Loops[Band[K]];
    int64_t S = P.Step, T = R.Sizes[K];
    bool RectLo = !usesAnyIterator(P.Lower, BandSet), RectHi = !usesAnyIterator(P.Upper, BandSet);
    if ((S > 1 && !RectLo) || (S < -1 && !RectHi)) {
      Diags.error(Where, "cannot " + What + ": loop " + loopLabel(N, Band[K]) + " has step " +
                             std::to_string(S) + " and its " + (S > 0 ? "lower" : "upper") +
                             " bound depends on another loop of the band");
      return false;
    }
    Bounds TB{P.Lower, P.Upper};
    if (!RectLo || !RectHi) {
      BandSystem Sys(Vars, NameOf);
      std::string Why;
      bool Ok = true;
      for (unsigned M = 0; M < D && Ok; ++M)
        Ok = Sys.addBounds(M, N.Loops[Band[M]].Lower, N.Loops[Band[M]].Upper, Why);
      for (unsigned M = 0; M < K && Ok; ++M) {
        AffExpr II = AffExpr::iterator(Tiles[M]);
        int64_t SM = N.Loops[Band[M]].Step, Span = SM * (R.Sizes[M] - 1);
        AffExpr Far = AffExpr::add(II, AffExpr::constant(Span));
        Ok = SM > 0 ? Sys.addRange(M, II, Far, Why) : Sys.addRange(M, Far, II, Why);
      }
      for (int M = D - 1; M >= 0 && Ok; --M)
        if (static_cast<unsigned>(M) != K)
          Sys.eliminate(M);
      std::vector<unsigned> Outer;
      for (unsigned M = 0; M < K; ++M)
        Outer.push_back(D + M);
      BoundTerms Terms;
      if (Ok)
        Ok = Sys.bounds(K, Outer, Terms, Why);
      if (!Ok) {
        Diags.error(Where, "cannot " + What + ": the bounds of the tile loop of " +
                               loopLabel(N, Band[K]) + " cannot be computed: " + Why);
        return false;
      }
      if (!RectLo)
        TB.Lower = foldMax(Terms.Lower, Known);
      if (!RectHi)
        TB.Upper = foldMin(Terms.Upper, Known);
    }
    TileB[K] = TB;
    AffExpr II = AffExpr::iterator(Tiles[K]);
    Known[Tiles[K]] = {TB.Lower, TB.Upper};
    AffExpr Far = AffExpr::add(II, AffExpr::constant(S * (T - 1)));
    std::vector<AffExpr> Lo, Hi;
    if (S > 0) {
      Lo.push_back(II);
      Hi.push_back(Far);
    } else {
      Lo.push_back(Far);
      Hi.push_back(II);
    }
    splitTerms(P.Lower, AffExpr::Kind::Max, Lo);
    splitTerms(P.Upper, AffExpr::Kind::Min, Hi);
    PointB[K] = {foldMax(Lo, Known), foldMin(Hi, Known)};
  }

  return true;
}

/// Wraps the band in its tile loops (ids Tiles, appended to N.Loops) and gives
/// the point loops their bounds; declarations move by Fixes.
void wrapInTiles(Nest &N, const TileRequest &R, const std::vector<unsigned> &Band, const std::vector<unsigned> &Tiles,
                 const std::vector<Bounds> &TileB, const std::vector<Bounds> &PointB,
                 const std::vector<ScopeFix> &Fixes) {
  unsigned D = Band.size();
  for (unsigned K = 0; K < D; ++K) {
    const Loop &P = N.Loops[Band[K]];
    LoopOrigin O;
    O.K = LoopOrigin::Kind::TileLoop;
    O.From = static_cast<int>(Band[K]);
    O.TileSize = R.Sizes[K];
    O.Note = "tile loop of " + loopLabel(N, Band[K]) + ", " + std::to_string(R.Sizes[K]) +
             " iterations per tile";
    unsigned Id = addLoop(N, tileIteratorName(N, P.Iterator), P.IteratorType, TileB[K].Lower,
                          TileB[K].Upper, P.Step * R.Sizes[K], P.Loc, O);
    (void)Id;
  }
  for (unsigned K = 0; K < D; ++K) {
    N.Loops[Band[K]].Lower = PointB[K].Lower;
    N.Loops[Band[K]].Upper = PointB[K].Upper;
  }
  LoopPlace P = findLoop(N, Band[0]);
  NodePtr BandNode = std::move((*P.Siblings)[P.Index]);
  NodePtr Top;
  Node *Cur = nullptr;
  for (unsigned K = 0; K < D; ++K) {
    NodePtr T = loopNode(N, Tiles[K]);
    Node *Raw = T.get();
    if (!Top)
      Top = std::move(T);
    else
      Cur->Body.push_back(std::move(T));
    Cur = Raw;
  }
  Cur->Body.push_back(std::move(BandNode));
  (*P.Siblings)[P.Index] = std::move(Top);
  for (unsigned K = 0; K < N.Scalars.size(); ++K) {
    auto &DL = N.Scalars[K].DeclLoops;
    auto It = std::find(DL.begin(), DL.end(), Band[0]);
    if (It != DL.end())
      DL.insert(It, Tiles.begin(), Tiles.end());
  }
  for (ArrayInfo &A : N.Arrays) {
    auto It = std::find(A.AllocLoops.begin(), A.AllocLoops.end(), Band[0]);
    if (It != A.AllocLoops.end())
      A.AllocLoops.insert(It, Tiles.begin(), Tiles.end());
  }
  applyScopes(N, Fixes);
  finalizeNest(N);

}

} // namespace

bool tile(Nest &N, const DependenceInfo &DI, const TileRequest &R, DiagnosticSink &Diags) {
  SourceLoc Where = whereOf(N, R.Loc, R.Loop);
  std::string What = R.Spelling.empty() ? "tile(" + sizesText(R.Sizes) + ")" : R.Spelling;
  if (R.Sizes.empty()) {
    Diags.error(Where, What + ": no tile sizes");
    return false;
  }
  for (int64_t S : R.Sizes)
    if (S < 1) {
      Diags.error(Where, What + ": tile sizes must be at least 1");
      return false;
    }
  if (!findLoopNode(N, R.Loop)) {
    Diags.error(Where, What + ": loop " + loopLabel(N, R.Loop) + " is not in the nest");
    return false;
  }
  unsigned D = R.Sizes.size();
  if (D == 1) {
    StripMineRequest SR;
    SR.Loop = R.Loop;
    SR.Size = R.Sizes[0];
    SR.Loc = R.Loc;
    SR.Requested = R.Requested;
    return stripMine(N, DI, SR, Diags);
  }
  std::optional<std::vector<unsigned>> MaybeBand = tileBand(N, DI, R, What, Where, Diags);
  if (!MaybeBand)
    return false;
  const std::vector<unsigned> &Band = *MaybeBand;
  // New loop ids: the tile loops come next in N.Loops.
  std::vector<unsigned> Tiles;
  for (unsigned K = 0; K < D; ++K)
    Tiles.push_back(N.Loops.size() + K);
  std::vector<Bounds> TileB(D), PointB(D);
  if (!tileBounds(N, R, Band, Tiles, TileB, PointB, What, Where, Diags))
    return false;
  // Declarations between the band's loops.
  std::vector<unsigned> NewOrder = Tiles;
  NewOrder.insert(NewOrder.end(), Band.begin(), Band.end());
  std::vector<ScopeFix> Fixes;
  std::string Why;
  if (!planScopes(N, DI, Band, NewOrder, Fixes, Why)) {
    Diags.error(Where, "cannot " + What + ": " + Why);
    return false;
  }
  wrapInTiles(N, R, Band, Tiles, TileB, PointB, Fixes);

  std::string Desc = What + " of loops ";
  for (unsigned K = 0; K < D; ++K)
    Desc += (K ? ", " : "") + loopLabel(N, Band[K]);
  Desc += ": tile loops ";
  for (unsigned K = 0; K < D; ++K)
    Desc += (K ? ", " : "") + N.Loops[Tiles[K]].Iterator;
  Desc += " outside, point loops inside";
  recordTransform(N, "tile", Desc, Where, R.Requested, linesOf(N, Band));
  return true;
}

} // namespace loopgpu
