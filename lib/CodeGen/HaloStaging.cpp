//===- HaloStaging.cpp - Stencil reads staged with their halo ------------===//
//
// The halos pass (KernelPasses.h): -shared-staging=halo copies each
// tile of an array read at neighbouring offsets of the mapped iterators
// into shared memory, widened by the offsets' spread.
//
//===----------------------------------------------------------------------===//
#include "PlanSupport.h"

#include "loopgpu/IR/NestEdit.h"

#include <algorithm>
#include <map>
#include <set>

namespace loopgpu {
namespace {

bool staysInside(const Loop &L, int64_t Lo, int64_t Hi, const std::optional<AffExpr> &Extent) {
  if (!Extent)
    return false;
  std::optional<LinearForm> Lower = L.Lower.linear(), Upper = L.Upper.linear(), E = Extent->linear();
  if (!Lower || !Upper || !E || !Lower->isConstant() || Upper->Coefficients != E->Coefficients)
    return false;
  return Lower->Constant + Lo >= 0 && E->Constant - 1 - (Upper->Constant + Hi) >= 0;
}

} // namespace

/// -shared-staging=halo: an array of rank 2 or 3 that the kernel only
/// reads, every subscript a distinct mapped iterator (step 1) plus a
/// constant, with two different constants along some dimension (a
/// stencil: neighbouring threads read each other's elements), is copied
/// per tile into shared memory with its halo (StagedArray). The copy
/// zero-fills elements outside the array's extents (the border tile's
/// footprint exceeds the iteration space); the accesses themselves must
/// provably stay inside them, so that no value read is such a zero.
void planHaloStaging(const Nest &N, KernelPlan &K, const CodeGenOptions &Opts, std::vector<std::string> &Remarks) {
  std::vector<unsigned> MappedIds;
  for (const MappedLoop &M : K.Mapped) {
    if (N.Loops[M.Loop].Step != 1)
      return;
    MappedIds.push_back(M.Loop);
  }
  std::vector<unsigned> Under = statementsUnder(*K.Nodes[0]); // the kernel's statements
  std::set<unsigned> Stmts(Under.begin(), Under.end());
  // Alias classes written in the kernel: their arrays may change under
  // the copy.
  std::set<unsigned> WrittenClasses;
  for (const Access &A : N.Accesses)
    if (A.isArray() && A.IsWrite && Stmts.count(A.Stmt))
      WrittenClasses.insert(N.Arrays[A.Index].AliasClass);
  struct Footprint {
    bool OK = true;
    std::vector<unsigned> DimLoops;
    std::vector<int64_t> Lo, Hi; ///< the smallest and largest constant per dimension
    unsigned Line = 0;           ///< of the first read
  };
  std::map<unsigned, Footprint> Reads; // by array
  for (const Access &A : N.Accesses) {
    if (!A.isArray() || !Stmts.count(A.Stmt))
      continue;
    Footprint &F = Reads[A.Index];
    const ArrayInfo &Arr = N.Arrays[A.Index];
    F.OK &= !WrittenClasses.count(Arr.AliasClass) && A.IsAffine && (Arr.rank() == 2 || Arr.rank() == 3) &&
            A.Subscripts.size() == Arr.rank() && !Arr.IsDelinearized && !Arr.isTemporary() &&
            Arr.ElementType.K != ScalarType::Kind::Bool;
    std::vector<unsigned> Loops;
    std::vector<int64_t> Offsets;
    for (unsigned D = 0; F.OK && D < A.Subscripts.size(); ++D) {
      auto Sub = simpleSubscript(A.Subscripts[D], MappedIds);
      if (!Sub || Sub->first < 0 ||
          std::count(Loops.begin(), Loops.end(), static_cast<unsigned>(Sub->first))) {
        F.OK = false; // not an iterator + constant, or an iterator twice
        break;
      }
      Loops.push_back(static_cast<unsigned>(Sub->first));
      Offsets.push_back(Sub->second);
    }
    if (!F.OK)
      continue;
    if (F.DimLoops.empty()) {
      F.Line = A.Loc.Line;
      F.DimLoops = Loops;
      F.Lo = F.Hi = Offsets;
    } else if (F.DimLoops != Loops) {
      F.OK = false; // one footprint per array: the same iterator per dimension
    } else {
      for (unsigned D = 0; D < Offsets.size(); ++D) {
        F.Lo[D] = std::min(F.Lo[D], Offsets[D]);
        F.Hi[D] = std::max(F.Hi[D], Offsets[D]);
      }
    }
  }
  for (const auto &[AId, F] : Reads) {
    if (!F.OK || F.Lo == F.Hi)
      continue; // not a candidate, or no reuse between neighbouring threads
    const ArrayInfo &Arr = N.Arrays[AId];
    std::string Why;
    for (unsigned D = 0; D < F.DimLoops.size() && Why.empty(); ++D)
      if (!staysInside(N.Loops[F.DimLoops[D]], F.Lo[D], F.Hi[D], Arr.Extents[D]))
        Why = "its reads along dimension " + std::to_string(D) +
              " are not shown to stay inside the array's extent";
    StagedArray S;
    S.Array = AId;
    S.DimLoops = F.DimLoops;
    S.Offsets = F.Lo;
    std::string Shape;
    for (unsigned D = 0; D < F.DimLoops.size(); ++D) {
      const MappedLoop *M = nullptr;
      for (const MappedLoop &ML : K.Mapped)
        if (ML.Loop == F.DimLoops[D])
          M = &ML;
      S.Extents.push_back(M->tile() + F.Hi[D] - F.Lo[D]);
      Shape += "[" + std::to_string(S.Extents.back()) + "]";
    }
    int64_t Bytes = S.bytes(elementBytes(Arr.ElementType));
    if (Why.empty() && K.SharedBytes + Bytes > Opts.SharedLimit)
      Why = "its tile with the halo, " + Shape + ", needs " + std::to_string(Bytes) + " bytes, and the block has " +
            std::to_string(Opts.SharedLimit - K.SharedBytes) + " left of " + std::to_string(Opts.SharedLimit);
    if (!Why.empty()) {
      Remarks.push_back("no halo staging for array " + Arr.Name + " (line " + std::to_string(F.Line) +
                             "): " + Why);
      continue;
    }
    K.SharedBytes += Bytes;
    K.Halo.push_back(S);
    K.Notes.push_back("array " + Arr.Name + " is read at neighbouring offsets of the mapped iterators (line " +
                      std::to_string(F.Line) + "): staged in shared memory " + Shape +
                      " per tile, the tile with its halo (-shared-staging=halo, opt-in: slower than the "
                      "caches on the H100)");
  }
}

} // namespace loopgpu
